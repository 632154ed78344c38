// The phones' page: follows the table through Server-Sent Events (docs/phones.md).
// Everything shown is built with textContent: names come from the table, never as HTML.
"use strict";
(function () {
  const token = document.body.dataset.token;
  const q = (path) => path + (path.includes("?") ? "&" : "?") + "t=" + encodeURIComponent(token);
  const $ = (id) => document.getElementById(id);
  let words = null;
  let data = null;
  let source = null;
  let chosen = null; // the player whose tableau is shown
  let rotated = false; // the table's code changed: this address is no longer the way in
  try { chosen = localStorage.getItem("player"); } catch (e) { /* private mode */ }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v; else node.setAttribute(k, v);
    }
    for (const c of children) {
      if (c === null || c === undefined) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }
  const t = (key, params) => {
    let s = (words && words.page[key]) || key;
    for (const [k, v] of Object.entries(params || {})) s = s.replace("{" + k + "}", v);
    return s;
  };
  const label = (key) => t("label", { label: t(key) }) + " ";
  const playerName = (p) => p.name || (words ? words.colours[p.id] : null) || p.id;
  const cardName = (id) => (words && words.cards[id]) || id;
  const good = (g, missing) => el("span", { class: "good " + g + (missing ? " missing" : ""), "data-good": g },
    words ? words.goods[g] : g);

  // --- language -------------------------------------------------------------------
  // The table's languages, the default first: companion/languages.py, which the server
  // writes into the page (no second list here).
  const languages = (document.body.dataset.languages || "").split(" ").filter(Boolean);
  const fallback = languages[0] || "en";
  function pickLanguage() {
    let stored = null;
    try { stored = localStorage.getItem("language"); } catch (e) { /* private mode */ }
    if (stored && languages.includes(stored)) return stored;
    for (const l of navigator.languages || [navigator.language || fallback]) {
      const code = String(l).slice(0, 2).toLowerCase();
      if (languages.includes(code)) return code;
    }
    return fallback;
  }
  async function loadWords(lang) {
    const answer = await fetch(q("/words/" + lang + ".json"), { cache: "no-store" });
    if (!answer.ok) throw new Error("words " + answer.status);
    words = await answer.json();
    document.documentElement.lang = words.language;
    const select = $("language");
    select.replaceChildren(...Object.entries(words.languages).map(([code, name]) =>
      el("option", { value: code, selected: code === words.language ? "" : null }, name)));
    $("language-word").textContent = t("language");
    $("title").textContent = t("title");
    document.title = t("title");
    // The club's league, when the table belongs to a club (companion.yaml `club.url`).
    const club = document.body.dataset.club;
    if (club && /^https?:\/\//.test(club)) {
      $("club").href = club + (club.includes("?") ? "&" : "?") + "lang=" + words.language;
      $("club").textContent = t("club");
      $("club-line").hidden = false;
    }
    render();
  }
  $("language").addEventListener("change", (e) => {
    try { localStorage.setItem("language", e.target.value); } catch (err) { /* private mode */ }
    loadWords(e.target.value).catch(() => {});
  });

  // --- drawing ----------------------------------------------------------------------
  function printed(card) {
    const p = card.printed;
    if (!p) return null;
    if (p.field === "goods") return null; // shown as the contract's goods
    const shown = p.verified ? String(p.value) : p.value + "?";
    return el("span", { class: "value" + (p.verified ? "" : " unconfirmed"),
      title: p.verified ? null : t("unconfirmed"), "data-verified": String(p.verified) }, shown);
  }
  function unconfirmedNote(card) {
    return card.printed && !card.printed.verified
      ? el("div", { class: "unconfirmed" }, "(" + t("unconfirmed") + ")") : null;
  }
  // The span a set of scores is drawn on: from the lowest (at most 0) to the highest (at
  // least 1), so a bar or a line starts at the zero line and a score below 0 stays inside.
  function span(values) {
    const lo = Math.min(0, ...values), hi = Math.max(1, ...values);
    return { lo, hi, at: (v) => (v - lo) / (hi - lo) };
  }
  function drawPlayers(game) {
    const range = span(game.players.map((p) => p.track));
    const rows = [...game.players].sort((a, b) => b.track - a.track);
    $("players").replaceChildren(...rows.map((p) => el("li",
      { class: "player", "data-player": p.id, "data-track": p.track, "data-coins": p.coins,
        "data-firemen": p.firemen },
      el("span", { class: "dot " + p.id }),
      el("span", { class: "name" + (p.first ? " first" : ""), title: p.first ? t("first_player") : null },
        playerName(p)),
      el("span", { class: "track", "aria-label": t("score") }, p.track),
      el("span", { class: "bar" + (range.lo < 0 ? " signed" : "") },
        el("span", { class: "zero" }), el("span", { class: p.track < 0 ? "fill negative" : "fill" })),
      el("span", { class: "facts" },
        label("coins"), el("span", { class: "coin" }, p.coins), " · " + label("fire_standing"),
        el("span", { class: "coin" }, p.firemen)))));
    // places through the CSSOM (the page's CSP allows no inline style attributes): each bar
    // from the zero line, to the right for points, to the left for a score below 0
    const zero = 100 * range.at(0);
    for (const li of $("players").children) {
      const track = Number(li.dataset.track);
      const end = 100 * range.at(track);
      const fill = li.querySelector(".bar .fill");
      fill.style.left = Math.min(zero, end) + "%";
      fill.style.width = Math.abs(end - zero) + "%";
      li.querySelector(".bar .zero").style.left = zero + "%";
    }
    $("pile").textContent = game.phase === "over" ? "" : t("cards_left", { n: game.pile });
  }
  function drawFires(game) {
    $("fires-section").hidden = game.fires.length === 0;
    const byId = Object.fromEntries(game.players.map((p) => [p.id, p]));
    $("fires").replaceChildren(...game.fires.map((f) => el("li", { class: "fire", "data-fire": f.card },
      el("strong", {}, cardName(f.card)), " — ",
      el("span", { class: f.verified ? "" : "unconfirmed", title: f.verified ? null : t("unconfirmed") },
        t("fire_points", { points: f.verified ? f.points : f.points + "?" })),
      f.gained.length ? " · " + label("gained") + f.gained.map((p) => playerName(byId[p])).join(", ") : "",
      f.lost.length ? " · " + label("lost") + f.lost.map((p) => playerName(byId[p])).join(", ") : "")));
  }
  function drawTableau(game) {
    if (!game.players.some((p) => p.id === chosen)) chosen = game.players[0].id;
    $("tabs").replaceChildren(...game.players.map((p) => {
      const b = el("button", { role: "tab", "aria-selected": String(p.id === chosen), "data-tab": p.id },
        el("span", { class: "dot " + p.id }), " ", playerName(p));
      b.addEventListener("click", () => {
        chosen = p.id;
        try { localStorage.setItem("player", p.id); } catch (e) { /* private mode */ }
        render();
      });
      return b;
    }));
    const p = game.players.find((x) => x.id === chosen);
    const contracts = new Set(p.contracts.map((c) => c.id));
    const cards = p.cards.filter((c) => !contracts.has(c.id));
    const box = el("div", { "data-tableau": p.id });
    box.append(el("h3", {}, t("contracts")));
    box.append(p.contracts.length ? el("div", { class: "cardlist" }, ...p.contracts.map((c) => {
      const need = (c.printed && c.printed.value) || [];
      const left = [...c.on];
      const chips = need.map((g) => {
        const i = left.indexOf(g);
        if (i >= 0) left.splice(i, 1);
        return good(g, i < 0);
      });
      return el("div", { class: "card", "data-card": c.id, "data-on": c.on.join(",") },
        el("strong", {}, cardName(c.id)), el("div", {}, ...chips), unconfirmedNote(c));
    })) : el("p", {}, t("none")));
    box.append(el("h3", {}, t("cards")));
    box.append(cards.length ? el("div", { class: "cardlist" }, ...cards.map((c) =>
      el("div", { class: "card", "data-card": c.id }, printed(c), cardName(c.id), unconfirmedNote(c))))
      : el("p", {}, t("none")));
    const store = (name, goods, key) => el("p", { "data-store": key, "data-goods": goods.join(",") },
      el("strong", {}, t("label", { label: name }) + " "), ...(goods.length ? goods.map((g) => good(g)) : [t("empty")]));
    box.append(el("div", { class: "stores" },
      store(t("warehouse"), p.warehouse, "warehouse"),
      store(t("market_hall"), p.market ? [p.market] : [], "market"),
      p.dock.length ? store(t("on_ship"), p.dock, "dock") : null));
    $("tableau").replaceChildren(box);
  }
  function drawResult(game) {
    const final = game.final;
    $("result").hidden = !final;
    if (!final) return;
    const byId = Object.fromEntries(game.players.map((p) => [p.id, p]));
    $("result-title").textContent = t("result");
    $("winner").textContent = label("winner") + final.winners.map((p) => playerName(byId[p])).join(", ");
    const cats = Object.keys(final.scores[final.ranking[0]]);
    $("sheet").replaceChildren(
      el("tr", {}, el("th", {}, ""), ...final.ranking.map((p) => el("th", { "data-player": p },
        el("span", { class: playerName(byId[p]).length > 8 ? "pname long" : "pname",
          title: playerName(byId[p]) }, playerName(byId[p]))))),
      ...cats.map((c) => el("tr", { class: c === "total" ? "total" : null, "data-category": c },
        el("th", {}, words ? words.categories[c] || c : c),
        ...final.ranking.map((p) => el("td", { "data-player": p }, final.scores[p][c])))));
    $("chart-title").textContent = t("chart");
    $("chart").replaceChildren(chart(game.chart || {}, game.players));
    // the picture after the page shows the result: its drawing never delays an update
    setTimeout(() => preparePicture(game), 0);
    const links = game.bgstats;
    $("bgstats-app").hidden = !links;
    $("bgstats-web").hidden = !links;
    if (links) {
      $("bgstats-app").href = links.app;
      $("bgstats-app").textContent = t("add_bgstats");
      $("bgstats-web").href = links.https;
      $("bgstats-web").textContent = t("bgstats_web");
    }
  }
  // --- the result as a picture (drawn here, in a canvas: no library, no network) -------
  const COLOURS = { red: "#c62828", blue: "#1565c0", green: "#2e7d32", yellow: "#f9a825",
    purple: "#6a1b9a" };
  const ZERO_LINE = "#6b6355", GRID_LINE = "#d8cdb6"; // the picture's zero line, its others
  let picture = { key: null, file: null, url: null, noShare: false };
  // `text` in at most `width` pixels: a smaller font first (down to 20 px), then cut short.
  function fit(ctx, text, width, size, bold) {
    if (size) {
      for (let px = size; px >= 20; px -= 2) {
        ctx.font = (bold ? "bold " : "") + px + "px system-ui, sans-serif";
        if (ctx.measureText(text).width <= width) return text;
      }
    }
    if (ctx.measureText(text).width <= width) return text;
    let s = text;
    while (s.length > 1 && ctx.measureText(s + "…").width > width) s = s.slice(0, -1);
    return s + "…";
  }
  function drawPicture(game) {
    const final = game.final;
    const byId = Object.fromEntries(game.players.map((p) => [p.id, p]));
    const cats = Object.keys(final.scores[final.ranking[0]]);
    const W = 1080, pad = 48, row = 50, chartH = 420;
    const H = pad + 70 + 64 + row * (cats.length + 1) + 40 + 56 + chartH + pad;
    const canvas = document.createElement("canvas");
    canvas.width = W;
    canvas.height = H;
    const ctx = canvas.getContext("2d");
    const font = (size, bold) => (bold ? "bold " : "") + size + "px system-ui, sans-serif";
    ctx.fillStyle = "#f6f1e7";
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = "#8a4b12";
    ctx.fillRect(0, 0, W, 12);
    ctx.textBaseline = "alphabetic";
    let y = pad + 44;
    ctx.fillStyle = "#1e1a14";
    ctx.font = font(48, true);
    ctx.textAlign = "left";
    ctx.fillText("Speicherstadt", pad, y);
    if (game.started) {
      const when = new Date(game.started);
      if (!isNaN(when)) {
        ctx.font = font(30);
        ctx.textAlign = "right";
        ctx.fillStyle = "#6b6355";
        ctx.fillText(when.toLocaleDateString(words.language), W - pad, y);
      }
    }
    y += 70;
    ctx.textAlign = "left";
    ctx.fillStyle = "#8a4b12";
    ctx.font = font(38, true);
    ctx.fillText(fit(ctx, label("winner") + final.winners.map((p) => playerName(byId[p])).join(", "),
      W - 2 * pad, 38, true), pad, y);
    // the score sheet: categories down, players (in their ranking) across
    y += 24;
    const first = 330, col = (W - 2 * pad - first) / final.ranking.length;
    const colX = (i) => pad + first + col * (i + 1) - 12; // right edge of a player's column
    y += row;
    final.ranking.forEach((pid, i) => {
      ctx.fillStyle = COLOURS[pid] || "#888"; // the player's colour under their name
      ctx.fillRect(colX(i) - col + 24, y + 6, col - 24, 6);
      ctx.fillStyle = "#1e1a14";
      ctx.textAlign = "right";
      ctx.fillText(fit(ctx, playerName(byId[pid]), col - 24, 28, true), colX(i), y);
    });
    for (const c of cats) {
      y += row;
      const total = c === "total";
      ctx.strokeStyle = total ? "#1e1a14" : "#d8cdb6";
      ctx.lineWidth = total ? 3 : 1;
      ctx.beginPath();
      ctx.moveTo(pad, y - row + 14);
      ctx.lineTo(W - pad, y - row + 14);
      ctx.stroke();
      ctx.textAlign = "left";
      ctx.fillStyle = "#1e1a14";
      ctx.fillText(fit(ctx, words.categories[c] || c, first - 12, total ? 32 : 28, total), pad, y);
      ctx.font = font(total ? 32 : 28, total);
      ctx.textAlign = "right";
      final.ranking.forEach((pid, i) => ctx.fillText(String(final.scores[pid][c]), colX(i), y));
    }
    // the score by round
    y += 40 + 40;
    ctx.textAlign = "left";
    ctx.font = font(32, true);
    ctx.fillText(t("chart"), pad, y);
    y += 16;
    const box = { x: pad, y: y, w: W - 2 * pad, h: chartH };
    ctx.fillStyle = "#fffaf0";
    ctx.fillRect(box.x, box.y, box.w, box.h);
    const series = game.chart || {};
    const all = Object.values(series);
    const rounds = Math.max(1, ...all.map((s) => s.length - 1));
    const range = span(all.flat());
    const inner = 24, axis = 64; // room on the left for the axis' numbers
    const px = (i) => box.x + axis + i * (box.w - axis - inner) / rounds;
    const py = (v) => box.y + box.h - inner - range.at(v) * (box.h - 2 * inner);
    // the axis: the highest and the lowest score, and the zero line between them
    ctx.font = font(24);
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    for (const v of new Set([range.hi, 0, range.lo])) {
      ctx.strokeStyle = v === 0 ? ZERO_LINE : GRID_LINE;
      ctx.lineWidth = v === 0 ? 3 : 1;
      const at = Math.round(py(v)) + 0.5; // on whole pixels: the line is its colour, not a blur
      ctx.beginPath();
      ctx.moveTo(box.x + axis, at);
      ctx.lineTo(box.x + box.w - inner, at);
      ctx.stroke();
      ctx.fillStyle = "#1e1a14";
      ctx.fillText(String(v), box.x + axis - 10, py(v));
    }
    ctx.textBaseline = "alphabetic";
    ctx.lineWidth = 5;
    ctx.lineJoin = "round";
    for (const p of game.players) {
      const s = series[p.id];
      if (!s || !s.length) continue;
      ctx.strokeStyle = COLOURS[p.id] || "#888";
      ctx.beginPath();
      s.forEach((v, i) => (i ? ctx.lineTo(px(i), py(v)) : ctx.moveTo(px(i), py(v))));
      ctx.stroke();
    }
    return canvas;
  }
  function preparePicture(game) {
    const link = $("share");
    if (!words) return; // drawn in the page's language, once its words are here
    link.textContent = t("share");
    const key = JSON.stringify([words && words.language, game.started, game.final, game.chart,
      game.players.map(playerName)]);
    if (key === picture.key) return;
    picture.key = key;
    picture.file = null;
    link.hidden = true;
    link.removeAttribute("href");
    delete link.dataset.ready;
    $("share-problem").textContent = "";
    let canvas;
    try {
      canvas = drawPicture(game);
    } catch (e) {
      $("share-problem").textContent = t("picture_failed", { reason: String(e.message || e) });
      return;
    }
    canvas.toBlob((blob) => {
      if (picture.key !== key) return; // a newer result is on its way
      if (!blob) {
        $("share-problem").textContent = t("picture_failed", { reason: "canvas" });
        return;
      }
      const day = String(game.started || "").slice(0, 10);
      const name = "speicherstadt" + (day ? "-" + day : "") + ".png";
      if (picture.url) URL.revokeObjectURL(picture.url);
      picture.url = URL.createObjectURL(blob);
      picture.file = new File([blob], name, { type: "image/png" });
      link.href = picture.url;
      link.download = name;
      link.hidden = false;
      link.dataset.ready = "true";
    }, "image/png");
  }
  $("share").addEventListener("click", (e) => {
    const file = picture.file;
    if (!file) { e.preventDefault(); return; }
    // The phone's share sheet where it takes files; otherwise the link saves the picture.
    if (!picture.noShare && navigator.canShare && navigator.share
        && navigator.canShare({ files: [file] })) {
      e.preventDefault();
      navigator.share({ files: [file], title: "Speicherstadt" }).catch((err) => {
        if (err && err.name === "AbortError") return; // the player closed the sheet
        picture.noShare = true; // the next tap saves it instead
        $("share-problem").textContent = t("share_failed", { reason: String(err.message || err) });
      });
    }
  });
  function chart(series, players) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    const W = 400, H = 200, pad = 24, left = 34;
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("chart"));
    const all = Object.values(series);
    const rounds = Math.max(1, ...all.map((s) => s.length - 1));
    const range = span(all.flat());
    const x = (i) => left + i * (W - left - pad) / rounds;
    const y = (v) => H - pad - range.at(v) * (H - 2 * pad);
    const svgEl = (tag, attrs, text) => {
      const node = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      return node;
    };
    // the axis: the highest and the lowest score, and the zero line between them
    for (const v of new Set([range.hi, 0, range.lo])) {
      svg.append(svgEl("line", { x1: left, x2: W - pad, y1: y(v), y2: y(v),
        class: v === 0 ? "axis zero" : "axis", "data-value": v }));
      svg.append(svgEl("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end",
        class: "axis-label" }, String(v)));
    }
    const colours = { red: "#c62828", blue: "#1565c0", green: "#2e7d32", yellow: "#f9a825", purple: "#6a1b9a" };
    for (const p of players) {
      const s = series[p.id];
      if (!s) continue;
      svg.append(svgEl("polyline", { fill: "none", stroke: colours[p.id] || "#888",
        "stroke-width": "3", "data-player": p.id,
        points: s.map((v, i) => `${x(i)},${y(v)}`).join(" ") }));
    }
    return svg;
  }
  function drawRules() {
    if (!words || $("rules").dataset.language === words.language) return;
    $("rules").dataset.language = words.language;
    $("rules").replaceChildren(...words.rules.map((r) =>
      el("details", { "data-topic": r.topic }, el("summary", {}, r.title), el("p", {}, r.text))));
  }
  const drawn = {}; // part -> what it was last drawn from
  function once(part, from, draw) {
    const key = JSON.stringify(from);
    if (drawn[part] === key) return;
    drawn[part] = key;
    draw();
  }
  function render() {
    $("players-title").textContent = t("players");
    $("fires-title").textContent = t("fires");
    $("tableau-title").textContent = t("tableau");
    $("rules-title").textContent = t("rules");
    drawRules();
    if (!data) return;
    const status = $("status");
    if (rotated) {
      status.textContent = t("rotated"); // in the language just chosen
    } else if (data.problem) {
      status.className = "status problem";
      status.textContent = data.problem;
    } else if (status.className.includes("problem")) {
      status.className = "status ok";
    }
    const game = data.game;
    $("notice").hidden = !data.notice;
    $("notice").textContent = data.notice ? t(data.notice) : "";
    $("no-game").hidden = !!game || !!data.notice;
    $("no-game").textContent = t("no_game");
    for (const id of ["scores", "tableau-section", "fires-section"]) $(id).hidden = !game;
    if (!game) {
      for (const part of Object.keys(drawn)) delete drawn[part]; // the next game: all anew
      $("result").hidden = true;
      $("phase").textContent = "";
      document.body.dataset.actions = "none";
      return;
    }
    const phase = words ? words.phases[game.phase] || game.phase : game.phase;
    $("phase").textContent = game.phase === "over" ? phase
      : t("round", { n: game.round }) + " · " + phase + (game.last_round ? " · " + t("last_round") : "");
    $("phase").dataset.phase = game.phase;
    $("phase").dataset.round = game.round;
    // Each part is drawn again only when what it shows changed (a new line changes one
    // or two of them): the cost of an update follows the change, not the game's length.
    const lang = words ? words.language : "";
    const who = game.players.map((p) => [p.id, p.name]);
    if (!game.players.some((p) => p.id === chosen)) chosen = game.players[0].id;
    once("players", [lang, game.phase, game.pile,
      game.players.map((p) => [p.id, p.name, p.track, p.coins, p.firemen, p.first])],
    () => drawPlayers(game));
    once("fires", [lang, who, game.fires], () => drawFires(game));
    once("tableau", [lang, who, chosen, game.players.find((p) => p.id === chosen)],
      () => drawTableau(game));
    once("result", [lang, who, game.final, game.chart, game.bgstats, game.started],
      () => drawResult(game));
    document.body.dataset.actions = String(game.actions);
    document.body.dataset.started = game.started || "";
  }

  // --- the live stream ----------------------------------------------------------------
  function connected(ok) {
    const status = $("status");
    if (rotated || (data && data.problem)) return;
    status.className = ok ? "status ok" : "status";
    status.textContent = ok ? "" : t(data ? "offline" : "connecting");
  }
  function codeChanged() {
    rotated = true;
    if (source) source.close();
    source = null;
    const status = $("status");
    status.className = "status problem";
    status.dataset.rotated = "true";
    status.textContent = t("rotated");
  }
  function connect() {
    if (rotated) return;
    if (source) source.close();
    source = new EventSource(q("/events"));
    source.onopen = () => connected(true);
    source.onmessage = (e) => {
      data = JSON.parse(e.data);
      connected(true);
      render();
    };
    source.addEventListener("rotated", codeChanged);
    source.onerror = () => {
      connected(false);
      // EventSource retries by itself unless the server refused; then ask why, and
      // start again only if the address still holds (a refused token: the code changed).
      if (source.readyState !== EventSource.CLOSED) return;
      fetch(q("/state.json"), { cache: "no-store" }).then((answer) => {
        if (answer.status === 403) codeChanged(); else setTimeout(connect, 5000);
      }, () => setTimeout(connect, 5000));
    };
  }
  window.addEventListener("online", () => {
    if (!rotated && (!source || source.readyState === EventSource.CLOSED)) connect();
  });
  loadWords(pickLanguage()).catch(() => loadWords(fallback).catch(() => {}));
  connect();
})();
