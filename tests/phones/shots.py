"""Screenshots of the phones' page for docs/phones.md, in English, German and French.

    .venv/bin/python -m tests.phones.shots docs/screenshots

Plays a test record into a temporary state directory through the real session,
runs `serve`, and photographs a 390 px phone (Playwright with Debian's chromium):
the game in progress (`phones-<lang>.png`), then the shipped five-player example,
which ends with two players below zero: the finished game (`phones-final-<lang>.png`)
and the picture its "Share the result" button makes (`phones-picture-<lang>.png`,
saved as a browser without a share sheet does).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from companion.engine import parse_line
from companion.engine.record import split_lines
from companion.languages import LANGUAGES
from companion.store import GameSession
from tests.phones.phonetools import REPO, catalogue, record_actions, serving

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
RECORD = "every-category.jsonl"
MIDGAME = 70
#: The finished game: the shipped example, two players below zero at the end.
FINAL = REPO / "examples" / "five-players-third-fire.jsonl"


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    midgame = record_actions(RECORD, ("A-contract-1", "C-fire"))
    final = [parse_line(line) for _n, line in split_lines(FINAL.read_text(encoding="utf-8"))]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for actions, count, name in ((midgame, MIDGAME, "phones-{}.png"),
                                     (final, len(final) - 1, "phones-final-{}.png")):
            with tempfile.TemporaryDirectory(prefix="phones-shots-") as tmp:
                state_dir = Path(tmp) / "state"
                session = GameSession.start(state_dir, catalogue(), actions[0])  # type: ignore[arg-type]
                while session.state.actions < count:
                    session.submit(actions[session.state.actions + 1])
                session.close()
                with serving(state_dir) as served:
                    for language in LANGUAGES:
                        shoot(browser, served.url, out, name, count, language,
                              picture=actions is final)
        browser.close()


def shoot(browser: Any, url: str, out: Path, name: str, count: int, language: str,
          picture: bool) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 1400}, locale=language,
                                  color_scheme="light", accept_downloads=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(f"body[data-actions='{count}']")
    page.wait_for_selector(f"html[lang={language}]")
    page.screenshot(path=str(out / name.format(language)))
    if picture:
        page.wait_for_selector("#share[data-ready=true]")
        with page.expect_download() as download:
            page.click("#share")
        download.value.save_as(out / f"phones-picture-{language}.png")
    context.close()

if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
