"""New game: 2-5 players, their colours, names (offered from history), seating order and
the first player (chosen or drawn)."""

from __future__ import annotations

import random
from functools import partial

import pygame

from companion.inputs.intents import COLOURS
from companion.ui import names
from companion.ui.canvas import (
    ACCENT,
    BODY,
    LARGE,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
)
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost


class NewGameScene(Scene):
    """Who plays, in which seat, and who starts."""

    name = "newgame"

    def __init__(self, ui: SceneHost, abandon: bool = False,
                 rng: random.Random | None = None) -> None:
        super().__init__(ui)
        self.abandon = abandon
        self.rng = rng or random.Random()
        self.colours: list[str] = list(COLOURS[:4])
        self.names: dict[str, str] = {}
        self.first: str | None = None
        self.known = self.known_names()

    def known_names(self) -> list[str]:
        history = self.ui.services.history
        try:
            return list(history.known_names()) if history is not None else []
        except Exception:  # noqa: BLE001 - history is an offer, never a blocker
            return []

    def set_count(self, n: int) -> None:
        while len(self.colours) < n:
            self.colours.append(next(c for c in COLOURS if c not in self.colours))
        del self.colours[n:]
        if self.first not in self.colours:
            self.first = None
        self.ui.dirty = True

    def next_colour(self, seat: int) -> None:
        current = self.colours[seat]
        free = [c for c in COLOURS if c not in self.colours or c == current]
        new = free[(free.index(current) + 1) % len(free)]
        if current in self.names:
            self.names[new] = self.names.pop(current)
        if self.first == current:
            self.first = new
        self.colours[seat] = new
        self.ui.dirty = True

    def next_name(self, seat: int) -> None:
        pid = self.colours[seat]
        taken = {self.names.get(p) for p in self.colours if p != pid}
        options = [""] + [n for n in self.known if n not in taken]
        current = self.names.get(pid, "")
        index = options.index(current) if current in options else 0
        choice = options[(index + 1) % len(options)]
        if choice:
            self.names[pid] = choice
        else:
            self.names.pop(pid, None)
        self.ui.dirty = True

    def edit_name(self, seat: int) -> None:
        pid = self.colours[seat]

        def done(name: str) -> None:
            if name:
                self.names[pid] = name
            else:
                self.names.pop(pid, None)

        self.ui.open("keyboard", current=self.names.get(pid, ""), done=done)

    def move(self, seat: int, delta: int) -> None:
        other = seat + delta
        if 0 <= other < len(self.colours):
            self.colours[seat], self.colours[other] = self.colours[other], self.colours[seat]
            self.ui.dirty = True

    def choose_first(self, pid: str) -> None:
        self.first = pid
        self.ui.dirty = True

    def draw_first(self) -> None:
        self.first = self.rng.choice(self.colours)
        self.ui.info(_("Drawn: {name} takes the metal coin.").format(name=self.display(self.first)))

    def on_player(self, colour: str) -> None:
        if colour in self.colours:
            self.choose_first(colour)

    def display(self, pid: str) -> str:
        return self.names.get(pid) or names.colour(pid)

    def hint(self) -> str:
        if self.first is None:
            return _("Choose who starts (tap the coin), or draw.")
        return ""

    def primary(self) -> Primary:
        return (_("Setup guide"), self.go if self.first else None)

    def go(self) -> None:
        assert self.first is not None
        # Only names given: a player without one is shown by colour, in the current language.
        names_map = {p: self.names[p] for p in self.colours if p in self.names}
        self.ui.open("setup", players=tuple(self.colours), first=self.first,
                     names_map=names_map, abandon=self.abandon)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        title = c.text(_("New game"), (c.u(16), c.u(8)), LARGE, TEXT, max_width=c.u(240))
        label = c.text(_("Players:"), (max(c.u(250), title.right + c.u(16)), c.u(32)), BODY,
                       TEXT, anchor="midleft", max_width=c.u(110))
        for i, n in enumerate(range(2, 6)):
            c.button(pygame.Rect(label.right + c.u(10) + i * c.u(66), c.u(4), c.u(58), c.u(56)),
                     str(n),
                     partial(self.set_count, n), key=f"count:{n}", size=LARGE,
                     selected=len(self.colours) == n)
        top = c.u(72)
        rows = len(self.colours)
        row = min(c.u(64), (body.bottom - top - c.u(4)) // rows)
        size = row - c.u(8)
        for seat, pid in enumerate(self.colours):
            y = top + seat * row
            c.text(str(seat + 1), (c.u(24), y + size // 2), BODY, MUTED, anchor="center")
            c.button(pygame.Rect(c.u(44), y, size, size), "\u25b2",
                     partial(self.move, seat, -1) if seat else None, key=f"up:{seat}")
            c.button(pygame.Rect(c.u(44) + size + c.u(8), y, size, size), "\u25bc",
                     partial(self.move, seat, 1) if seat < rows - 1 else None,
                     key=f"down:{seat}")
            x = c.u(44) + 2 * (size + c.u(8)) + c.u(6)
            c.button(pygame.Rect(x, y, c.u(150), size), names.colour(pid),
                     partial(self.next_colour, seat), key=f"colour:{seat}",
                     colour=PLAYER_COLOURS[pid])
            x += c.u(158)
            c.button(pygame.Rect(x, y, c.u(190), size), self.display(pid),
                     partial(self.next_name, seat), key=f"name:{seat}", colour=PANEL,
                     badge="\u21bb" if self.known else None)
            x += c.u(198)
            c.button(pygame.Rect(x, y, size, size), "\u270e", partial(self.edit_name, seat),
                     key=f"edit:{seat}", colour=PANEL)
            x += size + c.u(8)
            # "M": the metal coin, as on the round screen's header.
            c.button(pygame.Rect(x, y, c.u(120), size), _("starts") if self.first == pid else
                     "M ?", partial(self.choose_first, pid), key=f"first:{pid}",
                     selected=self.first == pid, size=SMALL,
                     colour=ACCENT if self.first == pid else PANEL)
        c.button(pygame.Rect(c.w - c.u(150), c.u(4), c.u(140), c.u(56)),
                 _("Draw first"), self.draw_first, key="draw", size=SMALL)
        if not self.known:
            c.text(_("Tap \u270e to type a name; names from earlier games appear here too."),
                   (c.u(16), body.bottom - c.u(4)), 16, MUTED, anchor="bottomleft")
