"""New game: 2-5 players, their colours, names (offered from history), seating order and
the first player (chosen or drawn)."""

from __future__ import annotations

import logging
import random
from functools import partial

import pygame

from companion.inputs.intents import COLOURS
from companion.ui import layout, names
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
from companion.ui.layouts import newgame as places
from companion.ui.scene import BarSays, Primary, Scene, SceneHost

log = logging.getLogger("companion.ui")


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
        #: The last frame had no room for the note on typing names (the bar says it).
        self.note_dropped = False

    def known_names(self) -> list[str]:
        history = self.ui.services.history
        try:
            return list(history.known_names()) if history is not None else []
        except Exception as exc:  # noqa: BLE001 - history is an offer, never a blocker
            log.warning("no known names from the history (%s: %s)", type(exc).__name__, exc)
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

        self.ui.open("keyboard", current=self.names.get(pid, ""), done=done,
                     whose=names.colour(pid))

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
        """A seated player's button: that player starts. The button of a colour nobody
        sits at: a seat for it (issue 31: the player count by the buttons)."""
        if colour in self.colours:
            self.choose_first(colour)
        elif colour in COLOURS and len(self.colours) < len(COLOURS):
            self.colours.append(colour)
            self.ui.dirty = True

    def legend(self) -> dict[str, str]:
        out = {colour: _("starts") if colour in self.colours else _("+ seat")
               for colour in COLOURS}
        if len(self.colours) > 2:
            out["undo"] = _("− seat")
        return out

    def undo_entry(self) -> str | None:
        """Undo (no game yet): the last seat goes, down to two (the count by buttons)."""
        if len(self.colours) <= 2:
            return None
        colour = self.colours[-1]
        self.set_count(len(self.colours) - 1)
        return _("the seat of {colour}").format(colour=names.colour(colour))

    def display(self, pid: str) -> str:
        return self.names.get(pid) or names.colour(pid)

    def name_note(self) -> str:
        """How names are typed, until the history offers some."""
        return "" if self.known else _("Tap \u270e to type a name; names from earlier games "
                                       "appear here too.")

    def hint(self) -> str:
        if self.first is None:
            # The metal coin (M on the round screens) is the rulebook's first-player marker.
            # Narrow (portrait), the button says "M": the hint names what a finger finds.
            if places.seats_narrow(self.ui.canvas):
                return _("Who starts gets the metal coin: tap their M.")
            return _("Who starts gets the metal coin (M): tap Starts?")
        # The note the seats had no room for (drawn before any tap on "Starts?"), short:
        # the whole note takes two lines beside the bar's buttons in German and French,
        # and a strip over the bar would cover the fifth seat.
        if self.note_dropped and self.name_note():
            return _("Tap \u270e to type a name.")
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
        self._draw(c, body, "")

    def draw_said(self, c: Canvas, body: pygame.Rect, said: BarSays) -> None:
        # The hint the buttons' legend left no room for in the bar (the metal coin: what
        # "M" means in portrait) goes before the note, where the seats leave it room.
        self._draw(c, body, said.dropped)

    def _draw(self, c: Canvas, body: pygame.Rect, dropped: str) -> None:
        label = _("Players:")
        draw_label = _("Draw first")
        note = " ".join(text for text in (dropped, self.name_note()) if text)
        plan = places.newgame(c, body, places.Words(
            players=label, draw=draw_label, starts=_("starts"), starts_asked=_("Starts?"),
            note=note), len(self.colours), bool(self.known))
        # The note only where the seats leave it room (five players need it all); the
        # bar says it instead once the first player is chosen (`hint`).
        self.note_dropped = plan.dropped
        layout.draw_text(c, _("New game"), plan.title, LARGE, TEXT, role="title",
                         valign="center", max_lines=1)
        c.button(plan.draw, draw_label, self.draw_first, key="draw")
        c.text(label, plan.players_at, BODY, TEXT, anchor="midleft")
        for n, rect in zip(range(2, 6), plan.counts, strict=True):
            c.button(rect, str(n), partial(self.set_count, n), key=f"count:{n}", size=LARGE,
                     selected=len(self.colours) == n)
        rows = len(self.colours)
        # Narrow (portrait): no ▼ (▲ alone reorders the seats), shorter labels.
        narrow = plan.narrow
        for seat, (pid, cells) in enumerate(zip(self.colours, plan.seats, strict=True)):
            c.text(str(seat + 1), cells.number.center, BODY, MUTED, anchor="center")
            c.button(cells.up, "\u25b2", partial(self.move, seat, -1) if seat else None,
                     key=f"up:{seat}")
            if cells.down is not None:
                c.button(cells.down, "\u25bc", partial(self.move, seat, 1) if seat < rows - 1
                         else None, key=f"down:{seat}")
            c.button(cells.colour, names.colour(pid), partial(self.next_colour, seat),
                     key=f"colour:{seat}", colour=PLAYER_COLOURS[pid])
            self.draw_name(c, cells, pid, seat)
            c.button(cells.edit, "\u270e", partial(self.edit_name, seat), key=f"edit:{seat}",
                     colour=PANEL)
            # "M": the metal coin, as on the round screen's header.
            starts = self.first == pid
            c.button(cells.first, "M" if narrow else (_("starts") if starts else _("Starts?")),
                     partial(self.choose_first, pid), key=f"first:{pid}", selected=starts,
                     colour=ACCENT if starts else PANEL)
        if plan.note is not None:
            layout.draw_text(c, note, plan.note, SMALL, MUTED)

    def draw_name(self, c: Canvas, cells: places.SeatPlan, pid: str, seat: int) -> None:
        """The seat's name: a button that cycles through known names (a long name may be
        cut: it is the player's own), marked ↻ where there are more to cycle through."""
        c.rect(cells.name, PANEL)
        label = self.display(pid)
        c.text(label, cells.name_at, BODY, TEXT, anchor="center", max_width=cells.name_room,
               smallest=BODY, role="body")
        if cells.mark_at is not None:
            c.text("\u21bb", cells.mark_at, SMALL, TEXT, anchor="topright")
        c.region(cells.name, partial(self.next_name, seat), f"name:{seat}", label)
