"""QR codes drawn by companion.ui.qr, read back with ZBar the way a phone reads a screen."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.ui import qr
from tests.ui.zbar import decode


def test_a_drawn_code_reads_back(tmp_path: Path) -> None:
    text = ("https://app.bgstatsapp.com/createPlay.html?data="
            + "%7B%22name%22:%22Zo%C3%AB%22%7D" * 12)
    screen = pygame.Surface((800, 480))
    screen.fill((24, 28, 36))  # the app's dark background around the code
    where = qr.draw(screen, text, pygame.Rect(300, 0, 480, 480))
    assert where is not None
    n = qr.modules(text)
    px = qr.module_px(text, 480)
    assert px >= 4 and px == int(px)
    assert where.w == where.h == n * px
    # The quiet zone: 4 white modules all round.
    for x, y in [(where.x, where.y), (where.right - 1, where.bottom - 1),
                 (where.x + int(4 * px) - 1, where.centery)]:
        assert tuple(screen.get_at((x, y)))[:3] == qr.LIGHT
    path = tmp_path / "code.png"
    pygame.image.save(screen, str(path))
    assert decode(path) == [text]


def test_below_4_px_the_code_fills_its_square_and_still_reads(tmp_path: Path) -> None:
    text = "https://app.bgstatsapp.com/createPlay.html?data=" + "%7B%22a%22:1%7D" * 60
    side = int(qr.modules(text) * 3.4)
    assert 3 < qr.module_px(text, side) < 4
    screen = pygame.Surface((side + 40, side + 40))
    where = qr.draw(screen, text, pygame.Rect(20, 20, side, side))
    assert where is not None and where.w == side
    pygame.image.save(screen, str(tmp_path / "code.png"))
    assert decode(tmp_path / "code.png") == [text]


def test_no_code_when_the_modules_would_vanish() -> None:
    assert qr.surface("hello", 20) is None
    assert qr.surface("hello", 2 * qr.modules("hello")) is not None


def test_qrcode_is_imported_only_when_a_code_is_drawn() -> None:
    import subprocess
    import sys

    probe = ("import sys, companion.ui.qr, companion.ui.scenes.final;"
             "print('qrcode' in sys.modules)")
    env = {"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, env=env, cwd=Path(__file__).parents[2])
    assert out.stdout.strip() == "False"


# --- a link that outgrows every QR code (issue 20, item 4) ------------------------------


def test_a_text_too_long_for_any_code_is_no_code_not_a_crash() -> None:
    text = "https://app.bgstatsapp.com/createPlay.html?data=" + "%F0%9F%98%80" * 600
    assert not qr.fits(text)
    assert qr.module_px(text, 480) == 0
    assert qr.draw(pygame.Surface((480, 480)), text, pygame.Rect(0, 0, 480, 480)) is None


def _longest_names_record() -> str:
    from companion.engine import Setup, to_record
    from companion.engine.simulate import random_game
    from tests.store.storetools import shipped_catalogue

    actions, _final = random_game(shipped_catalogue(), 5, seed=3, form="quick")
    setup = actions[0]
    assert isinstance(setup, Setup)
    # The longest names a record may hold: 32 characters, each 4 bytes in UTF-8.
    names = {p: "\U0001F600" * 31 + str(i) for i, p in enumerate(setup.players)}
    return to_record([Setup(players=setup.players, first=setup.first, names=names),
                      *actions[1:]])


def test_the_longest_names_still_give_a_code(ui) -> None:
    ui.open("past-game", record=_longest_names_record())
    ui.render()
    link = ui.top.link()
    assert link is not None and qr.fits(link)
    assert "code" in {h.key for h in ui.canvas.hits}


def test_a_link_no_code_can_hold_shows_the_chart_on_the_final_and_past_game_screens(
        ui, monkeypatch) -> None:
    from companion.store import bgstats

    monkeypatch.setattr(bgstats, "link", lambda play: "https://x/?d=" + "%f0%9f%98%80" * 400)
    ui.open("past-game", record=_longest_names_record())
    ui.render()
    assert ui.top.link() is None
    assert "code" not in {h.key for h in ui.canvas.hits}
    ui.open("bgstats", link="https://x/?d=" + "%f0%9f%98%80" * 400, title="t")
    ui.render()
    assert "code" not in {h.key for h in ui.canvas.hits}
