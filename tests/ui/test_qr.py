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
