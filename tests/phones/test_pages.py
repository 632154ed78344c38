"""The phones' page in a real browser: six phones on one game, fed action by action.

Playwright (pip) drives Debian's chromium (`apt-get install chromium`; `.ci/run`
installs it); Playwright's own browser download is not needed. Each phone has
its own context (its own language, width and storage), looks at another
player's tableau, and at every checkpoint must show exactly what `replay` says.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.engine import Setup, replay
from companion.engine.words import PRINTED_FIELD
from companion.phones.words import table
from companion.store import GameSession
from tests.phones.phonetools import (
    Served,
    catalogue,
    record_actions,
    serve_process,
    serving,
    wait_for_url,
)

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (dev extra)")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    if os.environ.get("CI"):  # CI must not skip it: .ci/run installs chromium
        pytest.fail("Debian's chromium is not installed, and CI must not skip the page tests",
                    pytrace=False)
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)",
                allow_module_level=True)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: (language, width) of the six phones: 360-430 px wide, each language twice.
PHONES = [("en", 360), ("de", 390), ("fr", 412), ("en", 430), ("de", 375), ("fr", 393)]
RECORD = "every-category.jsonl"
#: Cards whose printed value the table has not confirmed: red's first contract, a fire.
UNCONFIRMED = ("A-contract-1", "C-fire")
#: A name is text, never markup: blue's would be an element if it were put in as HTML.
NAMES = {"blue": '<b id="x">Ben</b>', "green": "Cléo"}

#: What a page shows, read from its DOM (the visible text and the data it was drawn from).
READ_PAGE = """() => {
  const q = (s, r) => [...(r || document).querySelectorAll(s)];
  const players = {};
  for (const li of q('#players li')) {
    players[li.dataset.player] = {
      coins: Number(li.querySelector('.coin').textContent),
      track: Number(li.querySelector('.track').textContent),
      firemen: Number(q('.coin', li)[1].textContent),
    };
  }
  const tab = document.querySelector('[data-tableau]');
  const store = (k) => { const e = tab.querySelector(`[data-store=${k}]`);
                         return e ? q('[data-good]', e).map((g) => g.dataset.good) : []; };
  return {
    lang: document.documentElement.lang,
    phase: document.getElementById('phase').dataset.phase,
    phaseText: document.getElementById('phase').textContent,
    round: Number(document.getElementById('phase').dataset.round),
    players,
    who: tab.dataset.tableau,
    cards: q('[data-card]', tab).map((e) => e.dataset.card),
    verified: Object.fromEntries(q('[data-card]', tab).map((e) => [e.dataset.card,
      !e.querySelector('.unconfirmed')])),
    contracts: Object.fromEntries(q('[data-on]', tab).map((e) => [e.dataset.card,
      e.dataset.on ? e.dataset.on.split(',') : []])),
    warehouse: store('warehouse'), market: store('market'), dock: store('dock'),
    fires: q('[data-fire]').map((e) => e.dataset.fire),
    sheet: Object.fromEntries(q('#sheet tr[data-category]').map((tr) => [tr.dataset.category,
      Object.fromEntries(q('td', tr).map((td) => [td.dataset.player, Number(td.textContent)]))])),
    app: document.getElementById('bgstats-app').getAttribute('href'),
    web: document.getElementById('bgstats-web').getAttribute('href'),
    resultShown: !document.getElementById('result').hidden,
  };
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def open_phones(browser: Any, served: Served, players: list[str]) -> list[Any]:
    pages = []
    for index, (language, width) in enumerate(PHONES):
        context = browser.new_context(viewport={"width": width, "height": 800}, locale=language)
        page = context.new_page()
        page.goto(served.url)
        page.wait_for_selector("body[data-actions='0']")
        page.click(f"[data-tab={players[index % len(players)]}]")
        pages.append(page)
    return pages


def check(page: Any, state: Any, language: str) -> None:
    shown = page.evaluate(READ_PAGE)
    expected = state.to_json()
    assert shown["lang"] == language
    assert shown["phase"] == expected["phase"] and shown["round"] == expected["round"]
    assert table(language, catalogue())["phases"][expected["phase"]] in shown["phaseText"]
    for pid, ps in expected["players"].items():
        assert shown["players"][pid] == {
            "coins": ps["coins"], "track": ps["track"], "firemen": ps["firemen"]}, pid
    mine = expected["players"][shown["who"]]
    assert sorted(shown["cards"]) == sorted(mine["cards"])
    assert shown["contracts"] == mine["contracts"]
    assert shown["warehouse"] == mine["warehouse"]
    assert shown["market"] == ([mine["market"]] if mine["market"] else [])
    assert shown["dock"] == mine["dock"]
    assert shown["fires"] == [f["card"] for f in expected["fires"]]
    for card_id, confirmed in shown["verified"].items():
        card = state.catalogue[card_id]
        printed = PRINTED_FIELD.get(card.kind)
        # a placeholder is never shown as fact; a confirmed value never as a doubt
        assert confirmed == (printed is None or printed not in card.unverified), card_id
    if expected.get("final"):
        assert shown["resultShown"]
        for pid, scores in expected["final"]["scores"].items():
            for category, points in scores.items():
                assert shown["sheet"][category][pid] == points, (category, pid)
        assert shown["app"].startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
        assert shown["web"].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    else:
        assert not shown["resultShown"]


def test_six_phones_follow_one_game_action_by_action(browser, tmp_path):
    cat = catalogue()
    actions = record_actions(RECORD, UNCONFIRMED, NAMES)
    setup = actions[0]
    assert isinstance(setup, Setup)
    state_dir = tmp_path / "state"
    session = GameSession.start(state_dir, cat, setup)
    players = list(setup.players)
    with serving(state_dir) as served:
        pages = open_phones(browser, served, players)
        checkpoints = {0, 3, 40, 90, len(actions) - 1}
        for count in range(len(actions)):
            if count:
                session.submit(actions[count])
            if count in checkpoints:
                text = "".join(a.to_line() + "\n" for a in actions[: count + 1])
                state = replay(text, cat).state
                for page, (language, _width) in zip(pages, PHONES, strict=True):
                    page.wait_for_selector(f"body[data-actions='{count}']")
                    check(page, state, language)
        session.close()
        # A placeholder is marked as such on the phones that show it, never shown as fact.
        red = pages[0].evaluate(READ_PAGE)
        assert red["who"] == "red" and red["verified"]["A-contract-1"] is False
        fire = pages[0].locator("[data-fire='C-fire'] .unconfirmed")
        assert "?" in fire.inner_text()
        # Names are shown as the table wrote them, as text.
        for page in pages:
            assert page.locator("#players [data-player=blue] .name").inner_text() == NAMES["blue"]
            assert page.locator("b#x").count() == 0
        # The language switch: the first phone reads German from now on.
        pages[0].select_option("#language", "de")
        pages[0].wait_for_selector("html[lang=de]")
        assert table("de", cat)["page"]["add_bgstats"] in pages[0].inner_text("#bgstats-app")
        for page in pages:
            page.context.close()


def test_a_phone_that_loses_the_connection_catches_up_when_it_is_back(browser, tmp_path):
    """The server goes away (as a lost Wi-Fi looks to a phone) and comes back on the same
    port: the page says it is offline, reconnects by itself and shows the new state. Away
    again while the token is rotated, it says the code changed when it is back."""
    cat = catalogue()
    actions = record_actions(RECORD)
    state_dir = tmp_path / "state"
    session = GameSession.start(state_dir, cat, actions[0])  # type: ignore[arg-type]
    with serving(state_dir) as served:
        context = browser.new_context(viewport={"width": 390, "height": 800}, locale="en")
        page = context.new_page()
        page.goto(served.url)
        page.wait_for_selector("body[data-actions='0']")
        port = served.base.rsplit(":", 1)[1]
        served.process.kill()
        served.process.communicate(timeout=30)
        page.wait_for_selector("#status:not(.ok)")
        for action in actions[1:6]:
            session.submit(action)
    process = serve_process(state_dir, int(port))  # where the phone found the Pi
    try:
        wait_for_url(process)
        page.wait_for_selector("body[data-actions='5']", timeout=30_000)
        assert page.get_attribute("#status", "class") == "status ok"
        # Away again while the table makes a new address: back, the page says so.
        process.kill()
        process.communicate(timeout=30)
        page.wait_for_selector("#status:not(.ok)")
        from companion.store.phones import rotate_token

        rotate_token(state_dir)
        process = serve_process(state_dir, int(port))
        wait_for_url(process)
        page.wait_for_selector("#status[data-rotated=true]", timeout=30_000)
        assert page.inner_text("#status") == table("en", cat)["page"]["rotated"]
    finally:
        process.kill()
        process.communicate(timeout=30)
        context.close()
        session.close()


#: Records every text the page draws into a canvas, and (when `share` is true) stands in
#: for a phone's share sheet that takes files; otherwise the browser has no Web Share.
PICTURE_SPY = """(share) => {
  window.__drawn = [];
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    window.__drawn.push(String(text));
    return fillText.call(this, text, ...rest);
  };
  const define = (name, value) => Object.defineProperty(Navigator.prototype, name,
    { value, configurable: true, writable: true });
  if (share) {
    define("canShare", (d) => !!(d && d.files && d.files.length));
    define("share", async (d) => { window.__shared = d; });
  } else {
    define("canShare", undefined);
    define("share", undefined);
  }
}"""
#: The shared file's name, type and bytes (base64).
READ_SHARED = """async () => {
  const f = window.__shared.files[0];
  const bytes = new Uint8Array(await f.arrayBuffer());
  let s = ""; for (const b of bytes) s += String.fromCharCode(b);
  return { name: f.name, type: f.type, data: btoa(s) };
}"""


def _png(data: bytes) -> Any:
    import io

    from PIL import Image

    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    Image.open(io.BytesIO(data)).verify()  # every chunk's CRC, the whole structure
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_the_result_is_a_picture_to_share_or_save(browser, tmp_path):
    """"Share the result" hands a PNG of the result to the phone's share sheet, or saves it
    where the browser cannot share files; the picture holds the winner, every player's
    totals and categories in the page's language, and the chart."""
    import base64
    import json

    cat = catalogue()
    actions = record_actions(RECORD, names=NAMES)
    state_dir = tmp_path / "state"
    session = GameSession.start(state_dir, cat, actions[0])  # type: ignore[arg-type]
    for action in actions[1:]:
        session.submit(action)
    session.close()
    final = replay("".join(a.to_line() + "\n" for a in actions), cat).state.to_json()["final"]
    last = len(actions) - 1
    with serving(state_dir) as served:
        for language, share in (("de", True), ("fr", False)):
            context = browser.new_context(viewport={"width": 390, "height": 800},
                                          locale=language, accept_downloads=True)
            context.add_init_script(f"({PICTURE_SPY})({json.dumps(share)})")
            page = context.new_page()
            page.goto(served.url)
            page.wait_for_selector(f"body[data-actions='{last}']")
            page.wait_for_selector(f"html[lang={language}]")
            page.wait_for_selector("#share[data-ready=true]")
            words = table(language, cat)
            assert page.inner_text("#share") == words["page"]["share"]
            if share:
                page.click("#share")
                page.wait_for_function("() => window.__shared")
                shared = page.evaluate(READ_SHARED)
                assert shared["type"] == "image/png" and shared["name"].endswith(".png")
                data = base64.b64decode(shared["data"])
            else:
                with page.expect_download() as download:
                    page.click("#share")
                assert download.value.suggested_filename.endswith(".png")
                data = Path(download.value.path()).read_bytes()
            image = _png(data)
            assert image.width == 1080 and 1000 < image.height < 2000
            # drawn, not blank: the players' colours are in it (the chart's lines)
            colours = {colour for _n, colour in image.convert("RGB").getcolors(1 << 20)}
            assert (0xc6, 0x28, 0x28) in colours and (0x15, 0x65, 0xc0) in colours
            # what was drawn: the winner, every category in this language, every total
            drawn = page.evaluate("window.__drawn")
            names = {"blue": NAMES["blue"], "green": NAMES["green"]}
            winner = ", ".join(names.get(p, words["colours"][p]) for p in final["winners"])
            assert any(winner in text for text in drawn), drawn
            assert any(words["page"]["winner"] in text for text in drawn)
            for category in final["scores"][final["ranking"][0]]:
                assert words["categories"][category] in drawn, category
            labels = [words["categories"][c] for c in final["scores"][final["ranking"][0]]]
            numbers = drawn[drawn.index(labels[0]):]
            for category, label in zip(final["scores"][final["ranking"][0]], labels, strict=True):
                at = numbers.index(label)
                row = numbers[at + 1: at + 1 + len(final["ranking"])]
                assert row == [str(final["scores"][p][category]) for p in final["ranking"]], label
            context.close()


#: Every piece of visible text on the page: its colour, the colour behind it (the nearest
#: ancestor's opaque background), its size and where it is.
READ_TEXT_COLOURS = """() => {
  const rgba = (s) => { const m = s.match(/[\\d.]+/g).map(Number);
                        return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const e = node.parentElement;
    if (!node.textContent.trim() || !e || e.closest("option")) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
    let b = e, bg = null;
    while (b) {
      const c = rgba(getComputedStyle(b).backgroundColor);
      if (c[3] > 0.5) { bg = c; break; }
      b = b.parentElement;
    }
    bg = bg || rgba(getComputedStyle(document.documentElement).backgroundColor);
    out.push({ text: node.textContent.trim().slice(0, 40), cls: e.className || e.tagName,
               fg: rgba(getComputedStyle(e).color), bg });
  }
  return out;
}"""


def _contrast(fg: list[float], bg: list[float]) -> float:
    def lum(c: list[float]) -> float:
        def f(v: float) -> float:
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2])
    a = fg[3]  # a translucent text colour over its background
    mixed = [fg[i] * a + bg[i] * (1 - a) for i in range(3)]
    hi, lo = sorted((lum(mixed), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


#: The bars of the players' list, in pixels: the bar, its fill and its zero line.
READ_BARS = """() => Object.fromEntries([...document.querySelectorAll('#players li')].map((li) => {
  const box = (s) => { const r = li.querySelector(s).getBoundingClientRect();
                       return [r.left, r.right]; };
  return [li.dataset.player, { track: Number(li.dataset.track), bar: box('.bar'),
    fill: box('.bar .fill'), zero: box('.bar .zero') }];
}))"""
#: The SVG chart: each line's points, the axis' lines by value and its numbers.
READ_CHART = """() => {
  const svg = document.querySelector('#chart svg');
  return {
    lines: Object.fromEntries([...svg.querySelectorAll('polyline')].map((l) => [l.dataset.player,
      l.getAttribute('points').split(' ').map((p) => p.split(',').map(Number))])),
    axis: Object.fromEntries([...svg.querySelectorAll('line.axis')].map((l) =>
      [l.dataset.value, Number(l.getAttribute('y1'))])),
    labels: [...svg.querySelectorAll('text')].map((t) => t.textContent),
    height: svg.viewBox.baseVal.height,
  };
}"""
LONG_NAMES = {pid: (pid.upper() + "-" + "Wwmnopqrstuvwxyzabcdefghijklmn")[:32]
              for pid in ("red", "blue", "green", "yellow", "purple")}


def _chart_box(image: Any) -> tuple[int, int]:
    """The rows of the picture's chart (its background, #fffaf0, at its left edge)."""
    rgb = image.convert("RGB")
    rows = [y for y in range(image.height) if rgb.getpixel((52, y)) == (0xff, 0xfa, 0xf0)]
    assert rows, "no chart in the picture"
    return rows[0], rows[-1]


def test_negative_scores_long_names_and_contrast_on_a_phone(browser, tmp_path):
    """A game that ends below zero for four of five players, each with a 32-character
    name, at 390 px: each bar starts at the zero line (left for a score below 0), the
    chart's axis spans the lowest score, the shared picture's lines stay in its chart
    (checked on its pixels), every score-sheet column fits, and all text has a contrast
    of at least 4.5:1 in the light and the dark scheme."""
    from companion.store.stats import running_scores

    cat = catalogue()
    actions = record_actions("third-fire-ending.jsonl", names=LONG_NAMES)
    state_dir = tmp_path / "state"
    session = GameSession.start(state_dir, cat, actions[0])  # type: ignore[arg-type]
    for action in actions[1:]:
        session.submit(action)
    session.close()
    record = "".join(a.to_line() + "\n" for a in actions)
    final = replay(record, cat).state.to_json()["final"]  # type: ignore[union-attr]
    totals = {p: s["total"] for p, s in final["scores"].items()}
    assert min(totals.values()) < 0 < max(totals.values())
    series = running_scores(record, cat)
    lo, hi = min(0, *sum(series.values(), [])), max(1, *sum(series.values(), []))
    last = len(actions) - 1
    with serving(state_dir) as served:
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr",
                                      accept_downloads=True)
        page = context.new_page()
        page.goto(served.url)
        page.wait_for_selector(f"body[data-actions='{last}']")
        page.wait_for_selector("#share[data-ready=true]")
        # The bars: from the zero line; a score below 0 to its left, in proportion.
        bars = page.evaluate(READ_BARS)
        tracks = [b["track"] for b in bars.values()]
        t_lo, t_hi = min(0, *tracks), max(1, *tracks)
        for pid, b in bars.items():
            width = b["bar"][1] - b["bar"][0]
            zero = (b["zero"][0] + b["zero"][1]) / 2
            assert abs(zero - (b["bar"][0] + width * (0 - t_lo) / (t_hi - t_lo))) <= 1.5, pid
            if b["track"] < 0:
                assert abs(b["fill"][1] - zero) <= 1.5 and b["fill"][0] < zero - 1, pid
            else:
                assert abs(b["fill"][0] - zero) <= 1.5, pid
            length = width * abs(b["track"]) / (t_hi - t_lo)
            assert abs((b["fill"][1] - b["fill"][0]) - length) <= 1.5, pid
        # The chart on the page: every point inside, the axis from the lowest score.
        shown = page.evaluate(READ_CHART)
        assert str(lo) in shown["labels"] and "0" in shown["labels"]
        for pid, points in shown["lines"].items():
            assert all(0 <= y <= shown["height"] for _x, y in points), pid
            assert len(points) == len(series[pid])
            if totals[pid] < 0:
                assert points[-1][1] > shown["axis"]["0"], pid  # below the zero line
        # Every column of the score sheet at 390 px: nothing to scroll, every name there.
        fits = page.evaluate("""() => { const s = document.querySelector('.scroll');
            return [s.scrollWidth, s.clientWidth, [...document.querySelectorAll('#sheet th')]
              .map((th) => th.getBoundingClientRect().right)]; }""")
        assert fits[0] <= fits[1] and max(fits[2]) <= 390, fits
        titles = page.eval_on_selector_all("#sheet .pname", "e => e.map((x) => x.title)")
        assert sorted(titles) == sorted(LONG_NAMES.values())
        # The shared picture: its lines stay in its chart; a score below 0 under the zero line.
        with page.expect_download() as download:
            page.click("#share")
        image = _png(Path(download.value.path()).read_bytes())
        top, bottom = _chart_box(image)
        inner = 24

        def py(v: float) -> float:
            return bottom + 1 - inner - (v - lo) * (bottom + 1 - top - 2 * inner) / (hi - lo)

        rgb = image.convert("RGB")
        zero_row = round(py(0))
        zero_line = (0x6b, 0x63, 0x55)
        on_zero = sum(rgb.getpixel((x, zero_row)) == zero_line for x in range(200, 1000, 10))
        assert on_zero >= 40, on_zero  # the zero line, where the scale says
        colours = {pid: tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for pid, c in {
            "red": "#c62828", "blue": "#1565c0", "green": "#2e7d32", "yellow": "#f9a825",
            "purple": "#6a1b9a"}.items()}
        below = {rgb.getpixel((x, y)) for y in range(bottom + 1, image.height)
                 for x in range(0, image.width, 3)}
        assert not below & set(colours.values()), "a line fell out of the chart"
        x_end = 48 + 984 - inner  # the last round's column
        for pid, total in totals.items():
            near = {rgb.getpixel((x, y)) for x in range(x_end - 8, x_end + 1)
                    for y in range(round(py(total)) - 3, round(py(total)) + 4)}
            drawn_there = {p for p, t in totals.items() if t == total}  # lines on top of it
            assert near & {colours[p] for p in drawn_there}, (pid, total)
        # Contrast: every text on the page, in both colour schemes.
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            texts = page.evaluate(READ_TEXT_COLOURS)
            assert len(texts) > 50
            poor = [(t["text"], t["cls"], round(_contrast(t["fg"], t["bg"]), 2))
                    for t in texts if _contrast(t["fg"], t["bg"]) < 4.5]
            assert not poor, (scheme, poor)
        context.close()


def test_after_a_rotation_an_open_page_says_to_scan_the_new_code(browser, tmp_path):
    """The table makes a new address: an open page says the code changed and to scan the
    new one, in its language, and stops asking the server (no endless retry)."""
    from companion.store.phones import rotate_token

    cat = catalogue()
    actions = record_actions(RECORD)
    state_dir = tmp_path / "state"
    session = GameSession.start(state_dir, cat, actions[0])  # type: ignore[arg-type]
    with serving(state_dir) as served:
        context = browser.new_context(viewport={"width": 390, "height": 800}, locale="de")
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(served.url)
        page.wait_for_selector("body[data-actions='0']")
        page.wait_for_selector("html[lang=de]")
        rotate_token(state_dir)
        page.wait_for_selector("#status[data-rotated=true]", timeout=30_000)
        assert page.inner_text("#status") == table("de", cat)["page"]["rotated"]
        streams = sum("/events" in url for url in asked)
        session.submit(actions[1])  # the game goes on: this page no longer follows it
        page.dispatch_event("body", "online")
        page.wait_for_timeout(2500)  # longer than the stream's retry (2 s): nothing asked
        assert sum("/events" in url for url in asked) == streams
        assert page.get_attribute("body", "data-actions") == "0"
        context.close()
    session.close()


def test_the_club_s_league_is_linked_in_the_phone_s_language(browser, tmp_path):
    """Issue 37: a table that belongs to a club links the league (in the phone's language);
    one that does not shows no link."""
    import threading

    from companion.phones import server

    token = "cd" * 16
    for club in ("http://192.168.1.20:8090/", ""):
        httpd = server.make_server(tmp_path, catalogue(), {}, lambda: token, "127.0.0.1", 0,
                                   club_url=club)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            context = browser.new_context(viewport={"width": 390, "height": 800}, locale="de")
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/?t={token}")
            # The words are loaded (the title is translated): the link is decided by then.
            page.wait_for_selector("#language-word:text-is('Sprache')")
            link = page.evaluate("""() => { const a = document.getElementById('club');
                return {shown: !document.getElementById('club-line').hidden,
                        href: a.getAttribute('href'), text: a.textContent}; }""")
            context.close()
        finally:
            httpd.shutdown()
            httpd.server_close()
        if club:
            assert link == {"shown": True, "href": club + "?lang=de",
                            "text": "Die Liga des Vereins (alle Tische)"}
        else:
            assert not link["shown"]
