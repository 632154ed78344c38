"""Phones: `serve`'s start and memory, its memory over a long game, and journal -> phone.

- Start: spawn to the ``URL`` line, against a bare Python that imports `http.server`
  (the stack's own cost, as measured in issue 22), alternating child processes.
- RSS once listening, against that same bare Python.
- RSS growth over a simulated two-hour game: six phones listening (SSE) while
  several whole 5-player games with undos are journaled through the real session;
  growth from the end of the first game to the end. Target: at most 5 MiB.
- serve's own work for one new journal line (`Table.refresh`, in process) at the
  end of a 5-player game against the same at its start: target ratio <= 1.2 (a new
  line costs that line, not the game; issue 34). For reference, reading the whole
  journal again at the end, as serve did for every line before.
- Journal -> DOM: from just before an action is journaled to the moment each phone
  page (Playwright with Debian's chromium; 6 and 40 pages) shows it; the 95th
  percentile over the first and over the last actions of a 5-player game: target
  end/start <= 1.2. With serve's CPU time per action in both windows and its RSS.
  Not measured without chromium/Playwright.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from benchmarks import (
    Figure,
    Size,
    child_env,
    percentile,
    ratio_at_most,
    unavailable,
    value_at_most,
)
from benchmarks import games as G
from benchmarks.adapters import open_session

NAME = "phones"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def run(size: Size) -> list[Figure]:
    return [*_start(size), *_growth(size), *_latency(size)]


def _serve(state_dir: Path) -> tuple[subprocess.Popen[str], str, float]:
    """`serve` on a free loopback port: (process, URL, seconds to the URL line)."""
    t0 = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--state-dir", str(state_dir),
         "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env())
    assert process.stdout is not None
    line = process.stdout.readline()
    took = time.monotonic() - t0
    if not line.startswith("URL "):
        process.kill()
        raise RuntimeError(f"serve did not start: {process.communicate()[1][-500:]}")
    return process, line.split()[1], took


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _bare() -> tuple[float, int]:
    """A bare Python importing http.server and listening: (seconds to ready, RSS KiB)."""
    code = ("import http.server, sys; s = http.server.ThreadingHTTPServer(('127.0.0.1', 0), "
            "http.server.BaseHTTPRequestHandler); print('URL', flush=True); sys.stdin.read()")
    t0 = time.monotonic()
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                               stdin=subprocess.PIPE, text=True, env=child_env())
    assert process.stdout is not None
    process.stdout.readline()
    took = time.monotonic() - t0
    rss = _rss_kib(process.pid)
    process.kill()
    process.communicate()
    return took, rss


def _game_dir(tmp: str, actions: tuple) -> Path:  # type: ignore[type-arg]
    state_dir = Path(tmp) / "state"
    session = open_session(state_dir, actions[0])
    for action in actions[1:20]:
        session.apply(action)
    session.close()
    return state_dir


def _start(size: Size) -> list[Figure]:
    repeats = 1 if size.name == "tiny" else max(3, size.repeats)
    starts, bare_starts, rss, bare_rss = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="bench-phones-") as tmp:
        state_dir = _game_dir(tmp, G.game(0))
        for _ in range(repeats):
            process, _url, took = _serve(state_dir)
            starts.append(took * 1000)
            rss.append(_rss_kib(process.pid) / 1024)
            process.kill()
            process.communicate()
            took, kib = _bare()
            bare_starts.append(took * 1000)
            bare_rss.append(kib / 1024)
    return [
        Figure(NAME, "serve: start to listening (URL printed)", "ms", starts,
               "bare Python with http.server listening", bare_starts,
               target="ratio <= 4", check=ratio_at_most(4.0),
               notes="imports the engine, the store, the catalogue and builds the words of "
               "three languages"),
        Figure(NAME, "serve: RSS once listening", "MiB", rss,
               "bare Python with http.server listening", bare_rss,
               target="ratio <= 2", check=ratio_at_most(2.0)),
    ]


def _listen(url: str, stop: threading.Event) -> None:
    """A phone: read the event stream until `stop`."""
    try:
        with urllib.request.urlopen(url.replace("/?", "/events?"), timeout=60) as stream:
            while not stop.is_set() and stream.readline():
                pass
    except OSError:
        pass


def _growth(size: Size) -> list[Figure]:
    count = {"tiny": 0, "quick": 3, "full": 6}[size.name]
    games = [G.padded(G.game(i), 2) for i in range(count + 1)]
    if size.name == "tiny":  # the smoke test: only that it runs
        games = [games[0][:30]]
    with tempfile.TemporaryDirectory(prefix="bench-phones-") as tmp:
        state_dir = Path(tmp) / "state"
        session = open_session(state_dir, games[0][0])
        process, url, _took = _serve(state_dir)
        stop = threading.Event()
        phones = [threading.Thread(target=_listen, args=(url, stop), daemon=True)
                  for _ in range(6)]
        for phone in phones:
            phone.start()
        try:
            actions = 0
            marks = []
            for index, game in enumerate(games):
                if index:
                    session.close()
                    session = open_session(state_dir, game[0])
                for action in game[1:]:
                    session.apply(action)
                    actions += 1
                    if actions % 5 == 0:
                        time.sleep(0.02)  # let the watcher see most states, as at a table
                time.sleep(0.3)  # the last state read and sent
                marks.append(_rss_kib(process.pid) / 1024)
        finally:
            stop.set()
            session.close()
            process.kill()
            process.communicate()
    growth = marks[-1] - marks[0]
    return [Figure(NAME, "serve: RSS growth over a simulated two-hour game and more", "MiB",
                   [max(growth, 0.0)], target="<= 5 MiB", check=value_at_most(5.0),
                   notes=f"{count} further games of ~{len(games[-1]) - 1} actions (with undo "
                   f"and redo), six phones listening; RSS {marks[0]:.1f} -> {marks[-1]:.1f} MiB")]


def _latency(size: Size) -> list[Figure]:
    return [*_work_per_line(size), *_dom(size, 6), *_dom(size, 40)]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _window(size: Size) -> int:
    """How many actions the start and the end of the game are measured over."""
    return {"tiny": 5, "quick": 25, "full": 40}[size.name]


def _work_per_line(size: Size) -> list[Figure]:
    """serve's own work for one new journal line (`Table.refresh`: read what changed,
    build the page's data), in this process: at the start and at the end of a 5-player
    game; and, for the end, what reading the whole journal again costs (as serve did
    before issue 34, for every line)."""
    from benchmarks.games import catalogue
    from companion.commands.bgstats_export import table_names
    from companion.phones import view as views
    from companion.phones.follow import Follower
    from companion.phones.server import Table

    game = G.game(1)
    if size.name == "tiny":  # the smoke test: only that it runs
        game = game[:41]
    k = _window(size)
    cat = catalogue()
    names = table_names("en")
    early: list[float] = []
    late: list[float] = []
    whole: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-phones-") as tmp:
        state_dir = Path(tmp) / "state"
        session = open_session(state_dir, game[0])
        table = Table(state_dir, cat, names)
        try:
            for n, action in enumerate(game[1:], start=1):
                session.apply(action)
                t0 = time.perf_counter()
                table.refresh()
                took = (time.perf_counter() - t0) * 1000
                if n <= k:
                    early.append(took)
                elif n > len(game) - 1 - k:
                    late.append(took)
                    t0 = time.perf_counter()
                    views.view(Follower(state_dir, cat).read(), names)
                    whole.append((time.perf_counter() - t0) * 1000)
        finally:
            session.close()
    assert table.follower.whole_readings == 1
    return [
        Figure(NAME, "serve: work for one new journal line at the end of a 5-player game "
               "(median)", "ms", [statistics.median(late)],
               "reading the whole journal again there (as before issue 34, for every line)",
               [statistics.median(whole)], target="ratio <= 0.1", check=ratio_at_most(0.1),
               notes=f"Table.refresh over the last {k} of {len(game) - 1} actions; "
               "the whole reading: views.view of a fresh Follower"),
        Figure(NAME, "serve: work for one new journal line, end vs start of the game (median)",
               "ms", [statistics.median(late)], "the same at the start of the game",
               [statistics.median(early)], target="(report)",
               notes=f"first and last {k} actions; p95 {percentile(early, 95):.2f} -> "
               f"{percentile(late, 95):.2f} ms; what grows is the page's data (the players' "
               "cards: about 1.9 KB of JSON at the start, 9 KB at the end), not the lines "
               "read"),
    ]


def _dom(size: Size, count: int) -> list[Figure]:
    """Journal -> DOM with `count` phone pages: the p95 over the first and the last actions
    of a 5-player game (the middle written at once, the pages left to catch up); serve's
    RSS and CPU time per action in both windows."""
    what = f"journal -> phone page DOM, p95, end vs start of a 5-player game ({count} pages)"
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if size.name == "tiny":  # a browser's start is the whole cost of a smoke run
        return [unavailable(NAME, what, "ms", "not measured in the tiny smoke run (the "
                            "browser tests in tests/phones drive the page)",
                            target="ratio <= 1.2")]
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return [unavailable(NAME, what, "ms", "Playwright is not installed (dev extra)",
                            target="ratio <= 1.2")]
    if not os.path.exists(chromium):
        return [unavailable(NAME, what, "ms", "Debian's chromium is not installed",
                            target="ratio <= 1.2")]
    game = G.game(1)
    k = _window(size)
    last = len(game) - 1
    windows = {"start": range(1, k + 1), "end": range(last - k + 1, last + 1)}
    samples: dict[str, list[float]] = {"start": [], "end": []}
    cpu: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-phones-") as tmp:
        state_dir = Path(tmp) / "state"
        session = open_session(state_dir, game[0])
        process, url, _took = _serve(state_dir)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
                pages = []
                for _ in range(count):
                    context = browser.new_context(viewport={"width": 390, "height": 800})
                    # When each state reached the DOM, by the wall clock (as time.time()).
                    context.add_init_script(
                        "window.__seen = {}; new MutationObserver(() => { const n = "
                        "document.body.dataset.actions; if (n && !(n in window.__seen)) "
                        "window.__seen[n] = Date.now(); }).observe(document, "
                        "{attributes: true, subtree: true, attributeFilter: ['data-actions']});")
                    page = context.new_page()
                    page.goto(url)
                    page.wait_for_selector("body[data-actions='0']")
                    pages.append(page)
                done = 0
                for window, numbers in windows.items():
                    while done < numbers[0] - 1:  # the middle of the game, at once
                        done += 1
                        session.apply(game[done])
                    for page in pages:
                        page.wait_for_selector(f"body[data-actions='{done}']", timeout=120_000)
                    cpu0 = _cpu_seconds(process.pid)
                    for n in numbers:
                        written = time.time() * 1000
                        session.apply(game[n])
                        done = n
                        for page in pages:
                            page.wait_for_selector(f"body[data-actions='{n}']",
                                                   timeout=120_000)
                            seen = page.evaluate(f"window.__seen['{n}']")
                            samples[window].append(max(0.0, seen - written))
                    cpu[window] = (_cpu_seconds(process.pid) - cpu0) / len(numbers) * 1000
                rss = _rss_kib(process.pid) / 1024
                browser.close()
        finally:
            session.close()
            process.kill()
            process.communicate()
    start, end = percentile(samples["start"], 95), percentile(samples["end"], 95)
    return [
        Figure(NAME, what, "ms", [end], "the same at the start of the game", [start],
               target="ratio <= 1.2", check=ratio_at_most(1.2),
               notes=f"actions 1-{k} and {last - k + 1}-{last} (the final one included) x "
               f"{count} pages; medians {percentile(samples['start'], 50):.0f} -> "
               f"{percentile(samples['end'], 50):.0f} ms; the watcher polls every 100 ms; "
               "the pages render in the same 2 cores"),
        Figure(NAME, f"serve: CPU time per action, end vs start ({count} pages)", "ms",
               [cpu["end"]], "the same at the start of the game", [cpu["start"]],
               target="(report)", notes="utime + stime of the serve process over each "
               "window, per action (its polling included)"),
        Figure(NAME, f"serve: RSS with {count} pages following a whole game", "MiB", [rss],
               target="(report)"),
    ]
