"""New game: 2-5 players, their colours, names (offered from history), seating order and
the first player (chosen or drawn)."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

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
    font,
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
        #: The last frame had no room for the note on typing names (the bar says it).
        self.note_dropped = False

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
        if colour in self.colours:
            self.choose_first(colour)

    def display(self, pid: str) -> str:
        return self.names.get(pid) or names.colour(pid)

    def name_note(self) -> str:
        """How names are typed, until the history offers some."""
        return "" if self.known else _("Tap \u270e to type a name; names from earlier games "
                                       "appear here too.")

    def hint(self) -> str:
        if self.first is None:
            # The metal coin (M on the round screens) is the rulebook's first-player marker.
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
        area = layout.inset(body, c.u(16), c.u(4))
        gap = c.u(8)
        f = font(c.px(BODY))
        count_w = 4 * c.u(58) + 3 * gap
        label = _("Players:")
        draw_label = _("Draw first")
        label_w = f.size(label)[0] + c.u(8)
        # "Draw first" on up to two lines; the title takes what is left (at least a little).
        draw_w = max(c.u(140), max(f.size(w)[0] for w in draw_label.split()) + c.u(28))
        one_row = c.u(120) + label_w + count_w + draw_w + 2 * c.u(16) <= area.w
        flow = layout.Flow(c, area, gap)
        top = flow.take(c.u(56))
        if one_row:
            title, counts, draw = layout.columns(top, [None, label_w + count_w, draw_w],
                                                 c.u(16))
        else:
            title, draw = layout.columns(top, [None, draw_w], c.u(16))
            counts = flow.take(c.u(56))
            counts.w = label_w + count_w
        layout.draw_text(c, _("New game"), title, LARGE, TEXT, role="title", valign="center",
                         max_lines=1)
        c.button(draw, draw_label, self.draw_first, key="draw")
        c.text(label, (counts.x, counts.centery), BODY, TEXT, anchor="midleft")
        for i, n in enumerate(range(2, 6)):
            c.button(pygame.Rect(counts.x + label_w + i * (c.u(58) + gap), counts.y, c.u(58),
                                 counts.h), str(n), partial(self.set_count, n),
                     key=f"count:{n}", size=LARGE, selected=len(self.colours) == n)
        note = self.name_note()
        note_h = layout.fit(c, note, area.w, None, SMALL).height(c) if note else 0
        seats = flow.rest()
        rows = len(self.colours)
        # The note only where the seats leave it room (five players need it all); the
        # bar says it instead once the first player is chosen (`hint`).
        self.note_dropped = bool(note) and rows * (c.u(56) + gap) - gap > seats.h - note_h - gap
        if self.note_dropped:
            note = ""
        seats.h -= note_h + gap if note else 0
        row = max(c.u(56) + gap, min(c.u(64), (seats.h + gap) // rows))
        size = row - gap
        # Narrow (portrait): no ▼ (▲ alone reorders the seats), shorter labels.
        narrow = seats.w < c.u(600)
        widths = [c.u(24), size] + ([] if narrow else [size]) + [
            c.u(100) if narrow else c.u(150), None, size,
            size if narrow else max(c.u(120), f.size(_("starts"))[0] + c.u(24),
                                    f.size(_("Starts?"))[0] + c.u(24))]
        for seat, pid in enumerate(self.colours):
            cells = layout.columns(pygame.Rect(seats.x, seats.y + seat * row, seats.w, size),
                                   widths, gap)
            number, up, *rest = cells
            c.text(str(seat + 1), number.center, BODY, MUTED, anchor="center")
            c.button(up, "\u25b2", partial(self.move, seat, -1) if seat else None,
                     key=f"up:{seat}")
            if not narrow:
                down, *rest = rest
                c.button(down, "\u25bc", partial(self.move, seat, 1) if seat < rows - 1
                         else None, key=f"down:{seat}")
            colour, name, edit, first = rest
            c.button(colour, names.colour(pid), partial(self.next_colour, seat),
                     key=f"colour:{seat}", colour=PLAYER_COLOURS[pid])
            self.draw_name(c, name, pid, seat, mark=not narrow)
            c.button(edit, "\u270e", partial(self.edit_name, seat), key=f"edit:{seat}",
                     colour=PANEL)
            # "M": the metal coin, as on the round screen's header.
            starts = self.first == pid
            c.button(first, "M" if narrow else (_("starts") if starts else _("Starts?")),
                     partial(self.choose_first, pid), key=f"first:{pid}", selected=starts,
                     colour=ACCENT if starts else PANEL)
        if note:
            layout.draw_text(c, note, pygame.Rect(area.x, area.bottom - note_h, area.w, note_h),
                             SMALL, MUTED)

    def draw_name(self, c: Canvas, rect: pygame.Rect, pid: str, seat: int, mark: bool) -> None:
        """The seat's name: a button that cycles through known names (a long name may be
        cut: it is the player's own)."""
        c.rect(rect, PANEL)
        label = self.display(pid)
        mark = mark and bool(self.known)  # ↻: more names to cycle through
        room = rect.w - c.u(12) - (c.u(22) if mark else 0)
        c.text(label, (rect.x + c.u(6) + room // 2, rect.centery), BODY, TEXT,
               anchor="center", max_width=room, smallest=BODY, role="body")
        if mark:
            c.text("\u21bb", (rect.right - c.u(6), rect.y + c.u(2)), SMALL, TEXT,
                   anchor="topright")
        c.region(rect, partial(self.next_name, seat), f"name:{seat}", label)
