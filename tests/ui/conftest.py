"""Fixtures for headless UI tests: a dummy SDL display, an in-memory game session."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.app import make_services as app_services  # noqa: E402
from companion.paths import SHIPPED_CONFIG_DIR  # noqa: E402
from companion.ui.core import UI, Services  # noqa: E402
from companion.ui.i18n import set_language  # noqa: E402
from companion.ui.memory import MemoryStore  # noqa: E402


class FakeHistory:
    notes: list[str] = []

    def games(self) -> list[dict[str, Any]]:
        return [{"finished": "2026-11-22 20:02", "winners": ["Ben", "Cleo"]},
                {"finished": "2026-11-20 21:14", "winners": ["Anna"]}]

    def count(self) -> int:
        return len(self.games())

    def page(self, first: int, count: int) -> list[dict[str, Any]]:
        return self.games()[first:first + count]

    def game(self, game_id: int) -> None:
        return None

    def player_stats(self) -> list[dict[str, Any]]:
        return [{"name": "Anna", "games": 2, "wins": 1, "best": 41},
                {"name": "Ben", "games": 2, "wins": 1, "best": 38}]

    def player_totals(self) -> list[dict[str, Any]]:
        return self.player_stats()

    def known_names(self) -> list[str]:
        return ["Anna", "Ben", "Cleo"]


def make_services(state_dir: Path, **settings: Any) -> Services:
    """The app's own services over the shipped catalogue, a game store in memory."""
    base = {"language": "en", "purchase_form": "quick",
            "display": {"size": [800, 480], "rotation": 0}}
    base.update(settings)
    return app_services(base, state_dir, SHIPPED_CONFIG_DIR, MemoryStore(), FakeHistory())


@pytest.fixture(scope="session", autouse=True)
def _pygame() -> Any:
    pygame.display.init()
    pygame.font.init()
    yield
    set_language("en")


@pytest.fixture
def services(tmp_path: Path) -> Services:
    return make_services(tmp_path)


def unhurried(interface: UI) -> UI:
    """A UI whose clock moves on a second with every intent, as a hand's presses come
    apart at a table: a test's presses at machine speed are not hurried presses (a button
    pressed again within `buttons.HURRIED_S` of its press that changed the screen is
    refused, issue 31). The clock still moves with real time between them."""
    import time

    offset = [0.0]
    intent = interface.intent

    def pressed(what: Any) -> None:
        offset[0] += 1.0
        intent(what)

    interface.intent = pressed  # type: ignore[method-assign]
    interface.clock = lambda: time.monotonic() + offset[0]
    return interface


@pytest.fixture
def ui(services: Services) -> UI:
    interface = unhurried(UI(services, (800, 480)))
    interface.open("home")
    return interface
