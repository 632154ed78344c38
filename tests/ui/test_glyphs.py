"""Every symbol the screens draw has its glyph in the font the app loads (issue 21).

Without DejaVu the app would fall back to pygame's own font, which has no ▶ ★ ▲ ▼ ↻ ✎
→ ✓: they would render as empty boxes. `scripts/install.sh` installs fonts-dejavu-core;
this test draws every non-ASCII character of the screens' code and of the catalogues
with `companion.ui.canvas.font` and fails on one drawn as the font's "missing" box.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame
import pytest

import companion.ui
from companion.ui import canvas
from companion.ui.i18n import LOCALE_DIR
from companion.ui.msgfmt import parse

REPO = Path(__file__).resolve().parents[2]
#: Never drawn: the soft hyphen (a break mark; a hyphen is drawn where a word breaks).
#: The no-break spaces French needs (U+202F, U+00A0) are drawn, and checked.
NOT_DRAWN = {"\u00ad"}
#: A private-use character no font has: how the loaded font draws a missing glyph.
MISSING = "\ue000"


def drawn_characters() -> set[str]:
    chars: set[str] = set()
    for path in Path(companion.ui.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars |= {ch for ch in node.value if ord(ch) > 127}
    for po in LOCALE_DIR.glob("*/LC_MESSAGES/companion.po"):
        for msgid, text in parse(po.read_text(encoding="utf-8")).items():
            if msgid:
                chars |= {ch for ch in text if ord(ch) > 127}
    return chars - NOT_DRAWN


def picture(font: pygame.font.Font, ch: str) -> bytes:
    return pygame.image.tobytes(font.render(ch, True, (255, 255, 255), (0, 0, 0)), "RGB")


def test_the_symbols_are_found():
    # A broken search must not make the test below pass over nothing.
    assert {"▶", "★", "▲", "▼", "↻", "✎", "→", "·", "−", "é", "ü", "«", "\u202f"} <= (
        drawn_characters())


@pytest.mark.parametrize("px", [canvas.SMALL, canvas.LARGE])
def test_every_symbol_has_its_glyph_in_the_apps_font(px):
    pygame.font.init()
    font = canvas.font(px)
    missing = picture(font, MISSING)
    lacking = sorted(ch for ch in drawn_characters() if picture(font, ch) == missing)
    assert not lacking, (f"no glyph in {font!r} for: {' '.join(lacking)} "
                         f"({', '.join(f'U+{ord(ch):04X}' for ch in lacking)})")


def test_the_probe_tells_a_missing_glyph():
    """pygame's own font lacks ▶: the comparison above sees that."""
    pygame.font.init()
    bare = pygame.font.Font(None, 24)
    assert picture(bare, "▶") == picture(bare, MISSING) != picture(bare, "A")


def test_install_sh_installs_the_font():
    script = (REPO / "scripts" / "install.sh").read_text(encoding="utf-8")
    packages = re.search(r"^APT_PACKAGES=\(([^)]*)\)", script, re.MULTILINE | re.DOTALL)
    assert packages and "fonts-dejavu-core" in packages.group(1).split()
    assert any(p.endswith("DejaVuSans-Bold.ttf") for p in canvas.FONT_PATHS)
