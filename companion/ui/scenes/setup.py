"""Setup guide: a checklist of what to put on the table for this player count."""

from __future__ import annotations

from functools import partial

import pygame

from companion.engine import Setup
from companion.errors import CompanionError
from companion.ui import layout, names
from companion.ui.canvas import BODY, LARGE, MUTED, PANEL, PRIMARY, TEXT, Canvas
from companion.ui.i18n import _, ngettext
from companion.ui.layouts import setup as places
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.tokens import MARK_OPEN


class SetupGuideScene(Scene):
    """Tick the steps (optional), then start the game."""

    name = "setup"

    def __init__(self, ui: SceneHost, players: tuple[str, ...], first: str,
                 names_map: dict[str, str], abandon: bool = False) -> None:
        super().__init__(ui)
        self.players = players
        self.first = first
        self.names_map = names_map
        self.abandon = abandon
        self.ticked: set[int] = set()

    def removed(self) -> list[str]:
        catalogue = self.ui.services.load_catalogue()
        out = []
        for card in catalogue:
            if len(self.players) in card.removed_for:
                out.append(names.card_name(card))  # a fireman by its value
        return out

    def steps(self) -> list[str]:
        removed = self.removed()
        out = []
        if removed:
            out.append(_("Take out (back in the box): {cards}.").format(
                cards=", ".join(removed)))
        else:
            n = len(self.players)
            out.append(ngettext("With {n} player no card is taken out.",
                                "With {n} players no card is taken out.", n).format(n=n))
        out += [
            _("Shuffle each season on its own. Stack the pile: the 4th fire at the bottom, "
              "then Autumn (D), Summer (C), Spring (B), and Winter (A) on top."),
            _("Each player: 5 coins, 1 market hall, 3 workers; the 4th worker on 0 of the "
              "score track."),
            _("All 45 goods cubes go into the bag; the goods stock starts empty."),
            _("{name} takes the metal coin and starts.").format(
                name=self.names_map.get(self.first) or names.colour(self.first)),
        ]
        return out

    def toggle(self, index: int) -> None:
        self.ticked ^= {index}
        self.ui.dirty = True

    def primary(self) -> Primary:
        return (_("Start game"), self.start)

    def hint(self) -> str:
        if self.abandon:
            return _("Starting ends the game in progress.")
        return _("Tap a step to tick it off.")

    def start(self) -> None:
        services = self.ui.services
        home = self.ui.bottom
        home.release()
        # The record carries the confirmed printed values, so it replays the same anywhere.
        setup = Setup(players=self.players, first=self.first, names=dict(self.names_map) or None,
                      cards=services.confirmed_values() or None)
        try:
            session = services.store.start(services.state_dir, services.load_catalogue(), setup,
                                           abandon_current=self.abandon)
        except CompanionError as exc:
            self.ui.error(exc.message)
            return
        except Exception as exc:  # noqa: BLE001 - e.g. the store's own errors: shown, not fatal
            self.ui.error(str(getattr(exc, "message", exc)))
            return
        self.ui.open_game(session)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        n = len(self.players)
        title = ngettext("Setup for {n} player", "Setup for {n} players", n).format(n=n)
        steps = self.steps()
        plan = places.setup(c, body, title, steps)
        layout.draw_text(c, title, plan.title, LARGE, TEXT, role="title", max_lines=1)
        for i, (step, cells) in enumerate(zip(steps, plan.steps, strict=True)):
            done = i in self.ticked
            c.rect(cells.box, PANEL)
            c.rect(cells.mark, PRIMARY if done else MARK_OPEN)
            if done:
                c.text("\u2713", cells.mark.center, LARGE, TEXT, anchor="center",
                       role="secondary")
            layout.draw_text(c, step, cells.words, BODY, MUTED if done else TEXT,
                             valign="center")
            c.region(cells.box, partial(self.toggle, i), f"step:{i}", step)
