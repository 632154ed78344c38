"""Screenshots of every registered screen, and their frame descriptions.

`python -m companion.ui.shots DIR` writes, for every sample of every screen in
the registry (`companion.ui.screens`), at every supported size and language,
`<picture>-<w>x<h>-<lang>[-<n>p].png` and a `.json` frame description beside it
(docs/frames.md). Each screen is reached the way a table would reach it (a
random but legal game, played up to the right moment), so the pictures show
real numbers. This module is also a small composition root of its own: the
services are the shipped catalogue, a game kept in memory and a made-up history.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.config.cards import (  # noqa: E402
    confirmed_values,
    load_catalogue,
    load_catalogue_data,
    save_override,
)
from companion.engine import Catalogue  # noqa: E402
from companion.paths import SHIPPED_CONFIG_DIR  # noqa: E402
from companion.ui.core import UI  # noqa: E402
from companion.ui.i18n import LANGUAGES  # noqa: E402
from companion.ui.memory import MemoryStore  # noqa: E402
from companion.ui.samples import Demo  # noqa: E402
from companion.ui.screens import SCREENS, Sample, Screen, samples  # noqa: E402
from companion.ui.services import PrintedValue, Services, UISettings  # noqa: E402

#: Every picture (a sample state of a registered screen), by name.
PICTURES: tuple[str, ...] = tuple(shot for shot, _screen, _build in samples())
#: The window sizes every screen must be right at (landscape, and the portrait panel).
SIZES: tuple[tuple[int, int], ...] = ((800, 480), (1024, 600), (1280, 720), (1920, 1080),
                                      (480, 800))


class DemoHistory:
    """Two finished games, for the History screen and the names offered on New game."""

    def games(self) -> list[dict[str, object]]:
        return [{"finished": "2026-11-22 20:02", "winners": ["Ben", "Cleo"]},
                {"finished": "2026-11-20 21:14", "winners": ["Anna"]}]

    def player_stats(self) -> list[dict[str, object]]:
        return [{"name": "Anna", "games": 2, "wins": 1, "best": 41},
                {"name": "Ben", "games": 2, "wins": 1, "best": 38},
                {"name": "Cleo", "games": 1, "wins": 1, "best": 38}]

    def known_names(self) -> list[str]:
        return ["Anna", "Ben", "Cleo", "Dirk"]


_shipped: dict[str, Catalogue] = {}


def demo_services(state_dir: Path, language: str = "en") -> Services:
    """Services over the shipped catalogue, with a game kept in memory; a corrected printed
    value stays in memory too."""
    settings: UISettings = {"language": language, "purchase_form": "quick",
                            "display": {"size": [800, 480], "rotation": 0}}
    overrides: dict[tuple[str, str], PrintedValue] = {}

    def catalogue() -> Catalogue:
        if not overrides:
            if "cat" not in _shipped:
                _shipped["cat"] = load_catalogue(SHIPPED_CONFIG_DIR)
            return _shipped["cat"]
        return load_catalogue(SHIPPED_CONFIG_DIR, state_dir)

    def save(card_id: str, field: str, value: PrintedValue) -> None:
        save_override(state_dir, card_id, field, value)
        overrides[(card_id, field)] = value

    return Services(
        state_dir=state_dir, config_dir=SHIPPED_CONFIG_DIR, settings=settings,
        store=MemoryStore(), load_catalogue=catalogue,
        load_catalogue_data=lambda: load_catalogue_data(SHIPPED_CONFIG_DIR, state_dir),
        save_override=save, history=DemoHistory(),
        confirmed_values=lambda: confirmed_values(SHIPPED_CONFIG_DIR, state_dir))


def picture(name: str) -> tuple[Screen, Sample]:
    """The screen a picture shows, and the builder of its sample state."""
    for shot, screen, build_it in samples():
        if shot == name:
            return screen, build_it
    raise KeyError(f"no picture {name!r} (pictures: {', '.join(PICTURES)})")


def build(name: str, size: tuple[int, int], language: str, state_dir: Path,
          players: int = 4) -> UI:
    """A UI showing the picture `name` (a sample of a registered screen), at `size`, in
    `language`, with `players` players where the screen shows players."""
    _screen, build_it = picture(name)
    ui = UI(demo_services(state_dir, language), size)
    ui.open("home")
    build_it(Demo(ui, players))
    return ui


def frame_description(ui: UI) -> dict[str, object]:
    """What the last frame showed: its texts and tap targets (docs/frames.md)."""
    if ui.dirty:
        ui.render()
    return ui.canvas.describe(ui.top.name, ui.language)


def save_all(out: Path, sizes: Sequence[tuple[int, int]] = SIZES,
             languages: Sequence[str] = LANGUAGES, pictures: Sequence[str] = PICTURES,
             players: Sequence[int] = (4,), suffix: str | None = None) -> list[Path]:
    """Every picture at every size and language: a PNG and its frame description each,
    `<picture>-<w>x<h>-<lang>[-<n>p]`, or `<picture><suffix>` when `suffix` is given (the
    README's pictures: one size and language)."""
    pygame.display.init()
    pygame.font.init()
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    for name in pictures:
        per_players = picture(name)[0].per_players
        for n in players if per_players else (4,):
            for size in sizes:
                for language in languages:
                    with tempfile.TemporaryDirectory() as tmp:
                        ui = build(name, size, language, Path(tmp), n)
                        stem = f"{name}-{size[0]}x{size[1]}-{language}"
                        if per_players and len(players) > 1:
                            stem += f"-{n}p"
                        if suffix is not None:
                            stem = f"{name}{suffix}"
                        path = out / f"{stem}.png"
                        pygame.image.save(ui.render(), str(path))
                        (out / f"{stem}.json").write_text(
                            json.dumps(frame_description(ui), ensure_ascii=False, indent=1),
                            encoding="utf-8")
                        saved.append(path)
    return saved


def _size(text: str) -> tuple[int, int]:
    w, h = (int(v) for v in text.lower().split("x"))
    return w, h


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", type=_size, action="append",
                        help="WxH (repeatable; default: every supported size)")
    parser.add_argument("--language", action="append", choices=LANGUAGES,
                        help="repeatable; default: every language")
    parser.add_argument("--pictures", nargs="*", default=list(PICTURES), choices=PICTURES)
    parser.add_argument("--players", type=int, action="append", choices=(2, 3, 4, 5),
                        help="repeatable; default 4")
    parser.add_argument("--suffix", default=None,
                        help="name the files <picture><SUFFIX>.png (one size and language), "
                             "as the README's pictures: '' or '-de'")
    args = parser.parse_args(argv)
    if args.suffix is not None and (len(args.size or SIZES) > 1 or
                                    len(args.language or LANGUAGES) > 1):
        parser.error("--suffix names one picture per screen: give one --size and --language")
    for path in save_all(args.out, args.size or SIZES, args.language or LANGUAGES,
                         args.pictures, args.players or (4,), args.suffix):
        print(path)
    return 0


__all__ = ["PICTURES", "SCREENS", "SIZES", "build", "demo_services", "frame_description", "main"]

if __name__ == "__main__":
    sys.exit(main())
