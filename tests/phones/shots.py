"""Screenshots of the phones' page for docs/phones.md, in English, German and French.

    .venv/bin/python -m tests.phones.shots docs/screenshots

Plays a test record into a temporary state directory through the real session,
runs `serve`, and photographs a 390 px phone (Playwright with Debian's chromium):
the game in progress (`phones-<lang>.png`), the finished game
(`phones-final-<lang>.png`) and the picture its "Share the result" button
makes (`phones-picture-<lang>.png`, saved as a browser without a share sheet does).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from companion.store import GameSession
from tests.phones.phonetools import catalogue, record_actions, serving

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
RECORD = "every-category.jsonl"
MIDGAME = 70


def main(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    actions = record_actions(RECORD, ("A-contract-1", "C-fire"))
    with tempfile.TemporaryDirectory(prefix="phones-shots-") as tmp:
        state_dir = Path(tmp) / "state"
        session = GameSession.start(state_dir, catalogue(), actions[0])  # type: ignore[arg-type]
        with serving(state_dir) as served, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for count, name in ((MIDGAME, "phones-{}.png"), (len(actions) - 1,
                                                             "phones-final-{}.png")):
                while session.state.actions < count:
                    session.submit(actions[session.state.actions + 1])
                for language in ("en", "de", "fr"):
                    context = browser.new_context(viewport={"width": 390, "height": 1400},
                                                  locale=language, color_scheme="light",
                                                  accept_downloads=True)
                    page = context.new_page()
                    page.goto(served.url)
                    page.wait_for_selector(f"body[data-actions='{count}']")
                    page.wait_for_selector(f"html[lang={language}]")
                    page.screenshot(path=str(out / name.format(language)))
                    if count == len(actions) - 1:
                        page.wait_for_selector("#share[data-ready=true]")
                        with page.expect_download() as download:
                            page.click("#share")
                        download.value.save_as(out / f"phones-picture-{language}.png")
                    context.close()
            browser.close()
        session.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
