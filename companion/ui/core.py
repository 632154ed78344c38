"""The UI: a scene stack, the bottom bar, messages, and intents in.

`UI` knows nothing about windows: it draws into an off-screen surface the
size of the logical screen and takes taps in logical coordinates. The
composition root (`companion.app`) puts it on a display; tests drive it
headless.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from companion.engine.values import replace, value
from companion.inputs import intents as it
from companion.ui import buttons, i18n, layout, names
from companion.ui.bar import (
    BAR,
    WORDS_X,
    BarLayout,
    Item,
    LegendCell,
    legend_cells,
    text_box,
    widths_for,
)
from companion.ui.canvas import (
    BG,
    BODY,
    DANGER,
    INFO_BG,
    MUTED,
    PANEL,
    PANEL_HI,
    PRIMARY,
    SMALL,
    TEXT,
    WARN_BG,
    Canvas,
    Colour,
)
from companion.ui.game import GameController
from companion.ui.hyphen import plain
from companion.ui.i18n import _
from companion.ui.layouts.round import legend_row
from companion.ui.memo import Memo
from companion.ui.rulestexts import TEXTS
from companion.ui.scene import Action0, BarSays, GameHost, Scene
from companion.ui.screens import SCREENS, Screen
from companion.ui.services import GameSession, Services
from companion.ui.tokens import FINGER, GAP, TIGHT, WIDE
from companion.ui.words import letter as words_letter
from companion.ui.words import unique_letters

__all__ = ["UI", "Services"]

#: The double-tap interval (seconds): after a tap that recorded an action or changed the
#: screen (an automatic advance, a hand-over, a question, a new screen), a tap at the same
#: spot sooner than this is the same finger bouncing or hurrying, never a new choice: it
#: does nothing, whatever now lies under it (docs/touch.md). A tap that only adjusted what
#: is being entered (a stepper, a page turned, a good picked) sets no such interval.
DOUBLE_TAP_S = 0.3
#: How near the first tap a second one must land to be "the same spot" (pixels at
#: 800x480, scaled with the window like every size): about a fingertip's width.
SAME_SPOT = 32
#: The time between two frames of a transition (seconds).
FRAME_S = 1 / 30
#: The least width of the bar's words beside its buttons: narrower, they go to a strip
#: over the bar (or give way).
LEAST_WORDS_W = 120
#: How many layouts `UI.memo` keeps: five panels and a legend for each of a few states,
#: sizes and languages. A Loading frame of each of five players and an Undo into Purchase
#: and its Redo ask about 70 (the frame around the phase, the phase's plan): room for a
#: few rounds of them (each is small: words, places).
MEMO_SIZE = 256


@value(frozen=False)
class Message:
    """What the last action said (undone, refused, saved): shown until the next action,
    never on a timer (a timer either hides it before it is read, or leaves it over the
    next screen's instruction)."""

    text: str
    error: bool
    #: What a tap on the message opens, if anything (the Income's screen with its parts).
    more: Callable[[], object] | None = None
    #: A shorter form, where the long one has no room above a round screen's controls
    #: (what `more` opens tells the rest).
    short: str | None = None


def _primary_label(label: str, action: Action0 | None) -> str:
    """The primary action's label as the bar shows it (an arrow when it can be tapped)."""
    return f"{label}  \u25b6" if action else label


class UI:
    """The scene stack and everything drawn around it."""

    def __init__(self, services: Services, size: tuple[int, int],
                 screens: dict[str, Screen] | None = None) -> None:
        self.services = services
        #: The screens by name (`companion.ui.screens`): what `open` and `make` build.
        self.screens = SCREENS if screens is None else screens
        self.surface = pygame.Surface(size)
        self.stack: list[Scene] = []
        self.message: Message | None = None
        self.dirty = True
        self.canvas = Canvas(self.surface)
        self.game: GameHost | None = None  # a GameController while a game is open
        self.clock: Callable[[], float] = time.monotonic
        #: When and where the last tap that recorded something or changed the screen
        #: landed (`touch`): a tap there within `DOUBLE_TAP_S` does nothing.
        self.last_change: tuple[float, tuple[int, int]] | None = None
        #: When an input last recorded something or changed the screen
        #: (`buttons.HURRIED_S`: the same button pressed again right after it is refused).
        self.last_press = float("-inf")
        #: The button whose press made that change (None: a touch or anything else).
        self.last_changer: it.Intent | None = None
        self._bar_buttons: list[tuple[pygame.Rect, str, Action0 | None, str, Colour]] = []
        #: The "?" when it had no room in the bar (drawn above it, at the left).
        #: The bar's left buttons that had no room in it (portrait, long words: Redo, Home,
        #: "?"), drawn in a strip above the bar, each as wide as its label.
        self._above: list[tuple[pygame.Rect, str, Action0 | None, str, Colour]] = []
        #: Where the bar's buttons go (companion/ui/bar.py).
        self._bar = BarLayout()
        #: The strip above the bar kept for a Redo to come (`_buttons`).
        self._strip_kept = False
        #: Layouts that depend only on what they show and the size (`companion.ui.memo`):
        #: the legend's cells, the round screens' panels; shared by the scenes that Undo
        #: and Redo replace, which mostly show what the ones before showed.
        self.memo: Memo[Any] = Memo(MEMO_SIZE)
        i18n.set_language(str(services.settings.get("language", "en")))

    # --- the stack -----------------------------------------------------------
    @property
    def top(self) -> Scene:
        return self.stack[-1]

    @property
    def bottom(self) -> Scene:
        return self.stack[0]

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """The stack, bottom first (a copy: it changes through push, pop... only)."""
        return tuple(self.stack)

    def make(self, name: str, /, **params: object) -> Scene:
        """A new scene of the registered screen `name` (KeyError for an unknown name)."""
        return self.screens[name].make(self, **params)

    def open(self, name: str, /, **params: object) -> None:
        self.push(self.make(name, **params))

    def open_game(self, session: GameSession) -> None:
        """Make `session` the open game and show its screen (and any resume warnings, once)."""
        self.pop_to(1)
        game = GameController(self, session, len(self.stack))
        self.game = game
        game.show()
        warnings = [str(w) for w in getattr(session, "warnings", None) or []]
        if warnings:
            self.info(" ".join(warnings))

    @property
    def language(self) -> str:
        return i18n.language()

    def set_language(self, language: str) -> None:
        i18n.set_language(language)
        self.dirty = True

    def open_help(self, topics: list[str]) -> None:
        """The rules texts of a screen: the text itself if there is one, else their list."""
        if len(topics) == 1:
            self.open("help", topic=topics[0])
        else:
            self.open("help", topics=topics)

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.on_enter()
        self.dirty = True

    def pop(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop().forget()
            self.top.on_enter()
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        if self.stack and self.stack[-1] is not scene:
            self.stack[-1].forget()
        self.stack[-1] = scene
        scene.on_enter()
        self.dirty = True

    def pop_to(self, depth: int) -> None:
        """Drop every scene above the first `depth` scenes."""
        for scene in self.stack[depth:]:
            scene.forget()
        del self.stack[depth:]
        self.dirty = True

    def back_to(self, depth: int) -> None:
        """Drop every scene above the first `depth` scenes; the one left on top is entered
        again (as after `pop`)."""
        self.pop_to(depth)
        if self.stack:
            self.top.on_enter()

    # --- messages -----------------------------------------------------------------
    def error(self, text: str) -> None:
        # Messages are sentences: they wrap at spaces (names keep no soft hyphens here).
        self.message = Message(plain(text), True)
        self.dirty = True

    def dismiss_message(self) -> None:
        self.message = None
        self.dirty = True

    def info(self, text: str, more: Callable[[], object] | None = None,
             short: str | None = None) -> None:
        self.message = Message(plain(text), False, more, plain(short) if short else None)
        self.dirty = True

    def tap_message(self) -> None:
        """A tap on the message closes it, and opens what it tells more of, if anything."""
        message = self.message
        self.dismiss_message()
        if message is not None and message.more is not None:
            message.more()

    def next_deadline(self) -> float | None:
        """When the screen must change by itself (the next frame of a short transition),
        or None: then nothing is drawn until something happens."""
        deadlines = []
        if self.stack and self.top.animating_until() > self.clock():
            deadlines.append(self.clock() + FRAME_S)
        return min(deadlines) if deadlines else None

    def tick(self) -> None:
        now = self.clock()
        if self.stack and self.top.animating_until() > now - FRAME_S:
            self.dirty = True

    # --- drawing -------------------------------------------------------------------
    def render(self) -> pygame.Surface:
        """Draw the top scene and the bottom bar; the tap targets are those of this frame."""
        c = Canvas(self.surface)
        c.fill(BG)
        scene = self.top
        c.question = scene.question()
        if scene.full_screen:  # the scene draws its own buttons; no bar
            self._bar_buttons = []
            c.body = pygame.Rect(0, 0, c.w, c.h)
            scene.draw(c, c.body)
            self.canvas = c
            self.dirty = False
            return self.surface
        bar = pygame.Rect(0, c.h - c.u(BAR), c.w, c.u(BAR))
        left, right, words, hint_in_bar = self._bar_items(c, scene, bar)
        # What the buttons do, where the table has buttons; else only the frame's
        # description asks (`Canvas.describe`), and the frame does not work it out.
        legend = self.legend() if self.services.buttons else None
        # The instruction or message: beside the buttons when it fits there in two lines,
        # else in a strip over the bar, the whole width (the body gives way).
        middle = pygame.Rect(left, bar.y, right - left, bar.h)
        strip: pygame.Rect | None = None
        said = BarSays(hint_in_bar)
        # The buttons that had no room in the bar: at the strip's left end.
        above = self._above[-1][0].right + c.u(GAP) if self._above else 0
        words_up = False
        if words:
            room = text_box(c, middle)
            fitted = layout.fit(c, words, room.w, room.h, BODY, "body", max_lines=2)
            words_up = fitted.cut or room.w < c.u(LEAST_WORDS_W)
            if words_up and scene.hint_in_body and self.message:
                # The round screens show it in place of their hint, beside the panels: a
                # strip over the bar would take the height five panels need (their
                # frame's plan says where: `companion.ui.layouts.round.plan`).
                said = BarSays(hint_in_bar, words, self.message.error, self.message.short,
                               self.tap_message)
                words, words_up = "", False
            if words_up and self.message and scene.message_over_texts:
                # The value question: over its own texts, where it fits there whole, so
                # that the screen's part keeps the height it has without the message (the
                # answers would move under a hurried finger; round 8): the bar's strip
                # keeps the hint where it has one.
                hint = scene.hint() if self._hint_up(c, scene, room, legend) else ""
                inner = self._body(c, scene, bar, self._strip(c, bar, hint, above), above)
                if self.legend_shown(scene, legend):
                    inner = legend_row(c, inner)[1]
                if scene.holds_message(c, inner, words):
                    said = BarSays(hint_in_bar, words, self.message.error, self.message.short,
                                   self.tap_message)
                    words, words_up = hint, bool(hint)
            if words_up and not self.message and self.legend_shown(scene, legend):
                # Where the buttons' legend says what to do, a hint too long for the bar
                # gives way rather than take a second strip's height from the screen (the
                # printed-value question's goods need it); a screen may say it in its own
                # part (`Scene.draw_said`: New game's metal coin).
                said = replace(said, dropped=words)
                words, words_up = "", False
        strip = self._strip(c, bar, words if words_up else "", above)
        body = self._body(c, scene, bar, strip, above)
        shown = self.legend_shown(scene, legend)
        row: pygame.Rect | None = None
        if scene.hint_in_body:
            # The round screens' frame keeps the legend's row in its plan.
            c.body = body
            body, row = scene.draw_framed(c, body, replace(said, legend=shown))
            c.body = body
        else:
            if shown:
                row, body = legend_row(c, body)
            c.body = body
            if said.message is not None or said.dropped:
                scene.draw_said(c, body, said)
            else:
                scene.draw(c, body)
        c.in_bar = True
        if legend is None:
            c.say_later(lambda: (self.legend(), self.button_letters()))
        else:
            c.legend, c.legend_letters = legend, self.button_letters()
            if row is not None:
                self._draw_legend(c, row, legend, c.legend_letters)
        self._draw_bar(c, scene, bar, middle, strip, words if words_up or not strip else "",
                       words if strip and not words_up else "",
                       said.message is None and self.message is not None)
        self.canvas = c
        self.dirty = False
        return self.surface

    def legend_shown(self, scene: Scene, legend: dict[str, str] | None = None) -> bool:
        """Whether the buttons' legend is drawn above the bar: where the table has buttons,
        on every game screen (so the screen's own part keeps its height from press to
        press) and on any other whose player buttons do something; never over the rules."""
        if not self.services.buttons or scene.overlay:
            return False
        if scene.game_screen:
            return True
        said = self.legend() if legend is None else legend
        return any(role in said for role in it.COLOURS)

    def button_letters(self) -> dict[str, str]:
        """Each player button's letter as the legend shows it: a seated player's (the
        panels'), else the colour word's initial."""
        state = self.game.state if self.game is not None else None
        seated = {pid: words_letter(state, pid) for pid in state.players} \
            if state is not None else {}
        # The colours nobody plays by their colour word, each its own letter beside the
        # players' (Grün G, Gelb Ge: never two buttons with one letter).
        others = unique_letters([(colour, names.colour(colour)) for colour in
                                 buttons.order(state) if colour not in seated],
                                taken=seated.values())
        return {colour: seated.get(colour) or others[colour]
                for colour in buttons.order(state)}

    def _draw_legend(self, c: Canvas, row: pygame.Rect, legend: dict[str, str],
                     letters: dict[str, str]) -> None:
        """The player buttons in the buttons' order (`buttons.order`), each its colour and
        letter (the panels'), then what it does now; a dash where it does nothing."""
        state = self.game.state if self.game is not None else None
        order = buttons.order(state)
        said = [legend.get(colour, "–") for colour in order]
        wanted = [(letters[colour], words) for colour, words in zip(order, said, strict=True)]
        held = legend.get("ok-held")
        if held:  # OK held's cell after the players' (OK itself is the bar's ▶)
            wanted.append(("OK", _("held: {means}").format(means=held)))
        cells: list[LegendCell] = self.memo.get(("legend", c.w, c.h, tuple(row), tuple(wanted)),
                                                lambda: legend_cells(c, row, wanted))
        # The row is the same from press to press while what it says stays: one image
        # (`Canvas.layer`), keyed by all it shows (the colours' letters and words, which
        # of them do something now, OK held's words, where the cells are).
        active = tuple(colour in legend for colour in order)
        placed = tuple((cell.badge_at, cell.radius, None if cell.words is None else
                        tuple(cell.words)) for cell in cells)
        # Drawn after the screen's own part, whose controls may reach into the row
        # (Supply's page buttons at 480x800 in German): kept only where they do not.
        c.layer(("legend", tuple(order), tuple(wanted), active, placed, tuple(row)),
                row, lambda inner, _room: self._paint_legend(
                    inner, (-row.x, -row.y), order, said, wanted, cells, letters, active),
                may_cover=True)

    @staticmethod
    def _paint_legend(c: Canvas, shift: tuple[int, int], order: list[str], said: list[str],
                      wanted: list[tuple[str, str]], cells: list[LegendCell],
                      letters: dict[str, str], active: tuple[bool, ...]) -> None:
        """The legend's cells (placed on the screen) drawn shifted by `shift` (into the
        row's own image)."""
        dx, dy = shift
        cells = [replace(cell, badge_at=(cell.badge_at[0] + dx, cell.badge_at[1] + dy),
                         words=None if cell.words is None else cell.words.move(dx, dy))
                 for cell in cells]
        held = len(wanted) > len(order)
        if held:
            cell = cells[-1]
            radius = c.badge_radius(cell.radius, "OK")
            pygame.draw.circle(c.surface, PANEL_HI, cell.badge_at, radius)
            c.text("OK", cell.badge_at, SMALL, TEXT, anchor="center")
            if cell.words is not None:
                layout.draw_text(c, wanted[-1][1], cell.words, SMALL, TEXT,
                                 role="secondary", valign="center", max_lines=1)
        for colour, words, cell, does in zip(order, said, cells[:len(order)], active,
                                             strict=True):
            c.player_badge(colour, cell.badge_at, cell.radius, letters[colour])
            if cell.words is None:
                continue
            layout.draw_text(c, words, cell.words, SMALL, TEXT if does else MUTED,
                             role="secondary", valign="center", max_lines=1)

    def _bar_items(self, c: Canvas, scene: Scene, bar: pygame.Rect
                   ) -> tuple[int, int, str, bool]:
        """Where the bar's text may go (between the left and the right buttons), the
        text: the message if there is one, else the scene's hint; and whether the hint
        goes in the bar (else a round screen's frame gives it a place)."""
        self._bar_buttons = buttons = self._buttons(c, scene, bar)
        left = max((r.right for r, *_rest in buttons if r.x < bar.centerx), default=bar.x)
        right = min((r.x for r, *_rest in buttons if r.x >= bar.centerx), default=bar.right)
        hint = scene.hint()
        words = self.message.text if self.message else hint
        in_bar = True
        if scene.hint_in_body:
            # Beside the bar's buttons if it fits there on two lines, else above the
            # scene's own controls; there it stays while a message shows in the bar (or
            # keeps its height for a longer one in its place), so nothing below it moves
            # under a finger (docs/touch.md).
            room = text_box(c, pygame.Rect(left, bar.y, right - left, bar.h))
            # Every hint the screen may show this round decides, not just this one: the
            # hint does not hop between the bar and the body from tap to tap.
            hints = getattr(scene, "hints", lambda: [hint])()
            # Where the words go is decided without Redo (it comes and goes with an
            # Undo): the hint, or the body's place for messages, does not hop into the
            # body when it appears, nor what is below it (docs/touch.md).
            steady = max((r.right for r, _label, _action, key, _colour in buttons
                          if r.x < bar.centerx and key != "redo"), default=bar.x)
            shown = room
            room = text_box(c, pygame.Rect(steady, bar.y, right - steady, bar.h))
            if room.w < c.u(LEAST_WORDS_W) or self._any_cut(c, tuple(hints), room):
                in_bar = False
                if not self.message:
                    words = ""
            elif not self.message and (shown.w < c.u(LEAST_WORDS_W) or layout.fit(
                    c, hint, shown.w, shown.h, BODY, "body", max_lines=2).cut):
                words = ""  # Redo, while it is there, takes the hint's room in the bar
        return left, right, words, in_bar

    def _any_cut(self, c: Canvas, hints: tuple[str, ...], room: pygame.Rect) -> bool:
        """Whether any of `hints` is cut in `room` on two lines (`UI.memo`: a new state's
        scene, an Undo's or a Redo's, asks of the same hints again)."""
        return bool(self.memo.get(("hints-cut", c.s, room.w, room.h, hints), lambda: any(
            layout.fit(c, h, room.w, room.h, BODY, "body", max_lines=2).cut for h in hints)))

    def _redo_goes_above(self, c: Canvas, scene: Scene, bar: pygame.Rect) -> bool:
        """Whether a Redo button, were it shown, would go above the bar for want of room."""
        if self.game is None or not scene.game_screen or self.game.state.redo:
            return False
        kept = self._above
        try:
            self._buttons(c, scene, bar, redo=True)
            return bool(self._above)
        finally:
            self._above = kept

    def _buttons(self, c: Canvas, scene: Scene, bar: pygame.Rect, redo: bool = False
                 ) -> list[tuple[pygame.Rect, str, Action0 | None, str, Colour]]:
        """The bar's buttons: Undo (and Redo, Home) or Back bottom left, the primary action
        bottom right; each as wide as its label at body size, within the bar's width.
        `redo`: as they would be with a Redo button."""
        left: list[Item] = []
        game = self.game
        if scene.game_screen and game is not None:
            state = game.state
            undoable = state.can_undo() or scene.entry_pending()
            left.append((_("Undo"), self.undo if undoable else None, "undo", DANGER))
            if scene.menu:
                left.append((_("Home"), game.close, "home", PANEL_HI))
        elif len(self.stack) > 1:
            left.append((_("Back"), scene.on_back, "back", PANEL_HI))
        # Only topics that have a text (the tests cover every kind, category and phase; a
        # new one without its text is left out rather than failing on a tap).
        topics = [t for t in scene.help_topics() if t in TEXTS]
        if topics:  # the rules at a tap: beside Undo or Back on every screen that has them
            left.append(("?", lambda: self.open_help(topics), "help", INFO_BG))
        # Redo comes and goes with an Undo: last on the left, so that Home and "?" never
        # move under the finger when it appears (and the first to go above the bar).
        if scene.game_screen and game is not None and (game.state.redo or redo):
            left.append((_("Redo"), self.redo, "redo", PANEL_HI))
        primary = scene.primary()
        right: list[Item] = []
        if primary is not None:
            label, action = primary
            right.append((_primary_label(label, action), action, "ok", PRIMARY))
        # Every label the primary may take on this screen: its button is as wide as the
        # widest, so neither it nor the "?" beside it moves when a tap changes the label.
        also = tuple(_primary_label(label, action) for label, action in scene.primaries())
        secondary = scene.secondary()
        sized: dict[str, tuple[str, ...]] = {}
        if secondary is not None:  # a second choice, left of the primary one
            right.insert(0, (secondary[0], secondary[1], "secondary", PANEL_HI))
            sized["secondary"] = (secondary[0], *scene.secondary_labels())
        # Redo may come after an Undo: the right buttons are as wide as beside it.
        coming: Item | None = (_("Redo"), None, "redo", PANEL_HI) \
            if scene.game_screen and game is not None else None
        buttons, self._above = self._bar.place(c, scene, bar, left, right, also, sized,
                                               coming)
        # A screen whose controls are fixed for the round (`sticky_place`) keeps the strip
        # above the bar from the start where Redo, coming after an Undo, would need it:
        # the screen's part does not shrink (and its controls move) when Redo appears.
        self._strip_kept = False
        # (Not while an entry is in progress, a ship's goods: its own controls, which
        # need the room.)
        if getattr(scene, "sticky_place", False) and not any(i[2] == "redo" for i in left) \
                and scene.game_screen and game is not None and not scene.entry_pending():
            _wanted, would = widths_for(c, bar, [*left, (_("Redo"), None, "redo", PANEL_HI)],
                                        right, 0, also)
            self._strip_kept = would > 0
        return buttons

    def _hint_up(self, c: Canvas, scene: Scene, room: pygame.Rect,
                 legend: dict[str, str] | None) -> bool:
        """Whether the screen's hint alone takes a strip over the bar (too long for the
        bar's `room`, where no buttons' legend makes it give way)."""
        hint = scene.hint()
        if not hint or self.legend_shown(scene, legend):
            return False
        return room.w < c.u(LEAST_WORDS_W) or layout.fit(
            c, hint, room.w, room.h, BODY, "body", max_lines=2).cut

    def _strip(self, c: Canvas, bar: pygame.Rect, words: str, above: int
               ) -> pygame.Rect | None:
        """The strip over the bar: for `words` too long for the bar (none: ""), for the
        buttons that have no room in the bar (at its left end, `above` wide) or for a
        Redo to come (`_strip_kept`); None where none of them needs one."""
        if not (words or above or self._strip_kept):
            return None
        height = c.u(FINGER) + 2 * c.u(GAP) if above or self._strip_kept else c.u(FINGER)
        if words:
            width = c.w - 2 * c.u(WORDS_X) - above
            lines = layout.fit(c, words, width, None, BODY, "body").height(c)
            height = max(height, lines + c.u(WIDE))  # a tap on it closes it
        return pygame.Rect(0, bar.y - height, c.w, height)

    def _body(self, c: Canvas, scene: Scene, bar: pygame.Rect, strip: pygame.Rect | None,
              above: int) -> pygame.Rect:
        """The screen's part above the bar: above the `strip` over the bar where there is
        one (a strip is a target too, a tap closes it: a finger's gap above it)."""
        body = pygame.Rect(0, 0, c.w, strip.y - c.u(GAP) if strip else bar.y)
        if strip is None and scene.keeps_redo_room and self._redo_goes_above(c, scene, bar):
            body.h = bar.y - c.u(FINGER) - 3 * c.u(GAP)  # as with the strip Redo would make
        return body

    def _draw_bar(self, c: Canvas, scene: Scene, bar: pygame.Rect, middle: pygame.Rect,
                  strip: pygame.Rect | None, words: str, in_bar: str = "",
                  message: bool = True) -> None:
        """The bar, and the strip above it: `words` go in the strip if there is one (else
        in the bar), `in_bar` in the bar when the strip holds only the "?"; `message`:
        they are the message's (else the hint's: the screen shows the message itself)."""
        # The bar and its buttons are one image while they look the same (their labels,
        # places, colours and which of them do something: an Undo's and a Redo's new
        # scenes show the bar an earlier frame showed); their targets' actions are this
        # frame's (`Canvas.layer`'s `act`, by the buttons' keys).
        buttons = self._bar_buttons
        looks = tuple((tuple(rect), label, action is not None, key, colour)
                      for rect, label, action, key, colour in buttons)
        actions = {key or label: action for _rect, label, action, key, _colour in buttons}
        c.layer(("bar", tuple(bar), looks), bar,
                lambda inner, _room: self._paint_bar(inner, bar, buttons), actions.get)
        if strip is not None and self._above:
            pad = c.u(GAP)
            for rect, label, action, key, colour in self._above:  # a finger tall, at its top
                button = pygame.Rect(rect.x, strip.y + pad, rect.w,
                                     min(strip.h - 2 * pad, c.u(FINGER)))
                c.button(button, label, action, key=key, colour=colour)
            strip = pygame.Rect(button.right + pad, strip.y, strip.right - button.right - pad,
                                strip.h)
        if in_bar:
            strip, words = None, in_bar
        if not words:
            return
        box = strip or layout.inset(middle, c.u(TIGHT))
        if self.message and message:
            c.rect(box, WARN_BG if self.message.error else INFO_BG)
            if strip is not None or self.message.more is not None:
                # (In the bar: a finger's gap from the buttons beside it.)
                c.region(strip or layout.inset(middle, c.u(GAP)), self.tap_message, "message",
                         self.message.text)
        layout.draw_text(c, words, text_box(c, strip or middle), BODY, TEXT, role="body",
                         valign="center")

    @staticmethod
    def _paint_bar(c: Canvas, bar: pygame.Rect,
                   buttons: list[tuple[pygame.Rect, str, Action0 | None, str, Colour]]) -> None:
        """The bar and its buttons (`_draw_bar`) into the bar's own image."""
        c.rect(pygame.Rect(0, 0, bar.w, bar.h), PANEL, radius=0)
        for rect, label, action, key, colour in buttons:
            c.button(rect.move(-bar.x, -bar.y), label, action, key=key, colour=colour)

    # --- input ------------------------------------------------------------------------
    def touch(self, pos: tuple[int, int], at: float | None = None) -> bool:
        """A finger on the screen at `pos`, at time `at` (the event's, on the UI's clock;
        None: now). A tap, except right after a tap that recorded an action or changed
        the screen: a second tap at the same spot within `DOUBLE_TAP_S` is the same
        finger, and does nothing (what now lies there is another control, or the same
        label meaning another card or player). Checked here, where every tap of the
        touchscreen comes in, for every screen. False when nothing was hit (or the tap
        was such a double)."""
        if self.dirty:
            self.render()
        now = self.clock() if at is None else at
        if self.is_double(pos, now):
            return False
        before = self.screen_now()
        hit = self.tap(pos)
        if self.screen_changed(before):
            self.last_change = (now, pos)
        return hit

    def is_double(self, pos: tuple[int, int], now: float) -> bool:
        """Whether a tap at `pos` at `now` repeats the last screen-changing tap (`touch`)."""
        last = self.last_change
        if last is None or not 0 <= now - last[0] < DOUBLE_TAP_S:
            return False
        near = SAME_SPOT * self.canvas.s
        return abs(pos[0] - last[1][0]) <= near and abs(pos[1] - last[1][1]) <= near

    def screen_now(self) -> tuple[object, ...]:
        """What a tap may change that puts other controls under the finger: the scene on
        top and the stack's depth, the game's state (an action recorded), and what the
        scene itself says its controls depend on (`Scene.screen_key`: Loading's player)."""
        top = self.stack[-1] if self.stack else None
        game = self.game
        return (top, len(self.stack), game, game.state if game is not None else None,
                top.screen_key() if top is not None else None)

    def screen_changed(self, before: tuple[object, ...]) -> bool:
        """Whether the screen changed since `before` (`screen_now`)."""
        after = self.screen_now()
        return any(a is not b for a, b in zip(before[:4], after[:4], strict=True)) or \
            before[4] != after[4]

    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap at `pos` (logical coordinates); True if it hit a target."""
        hit = self.canvas.hit_at(pos)
        if self.message and (self.message.error or hit is not None) and (
                hit is None or hit.key != "message"):  # the message's own tap reads it
            self.message = None  # the next action: the last one's message has been read
            self.dirty = True
        if hit is None:
            return False
        before = self.screen_now()
        hit.action()
        self.changed_since(before)
        self.dirty = True
        return True

    def changed_since(self, before: tuple[object, ...]) -> bool:
        """Note the time if an input recorded something or changed the screen
        (`screen_changed`); True then."""
        if self.screen_changed(before):
            self.last_press = self.clock()
            self.last_changer = None
            return True
        return False

    def hurried(self, intent: it.Intent) -> bool:
        """The same button pressed again too soon after its press recorded something or
        changed the screen (`buttons.HURRIED_S`): the second press would act on what the
        table has not seen yet (the next card, player or screen). Refused, and said."""
        if intent != self.last_changer or self.clock() - self.last_press >= buttons.HURRIED_S:
            return False
        # Its short form where the long one would push a round screen's controls down
        # (French and German Loading in portrait: four lines; `RoundScene.shorten_message`).
        self.info(_("Pressed too soon after the screen changed: nothing done. Press again "
                    "if you meant it."), short=_("Pressed too soon: nothing done."))
        return True

    def legend(self) -> dict[str, str]:
        """What each button does on the screen now (`Scene.legend`): the player buttons by
        colour, in the buttons' order, then OK and Undo (docs/frames.md, `buttons`)."""
        if not self.stack:
            return {}
        scene = self.top
        state = self.game.state if self.game is not None else None
        said = scene.legend()
        out = {colour: said[colour] for colour in buttons.order(state) if colour in said}
        ok = said.get("ok")  # the scene's own words for OK ("": OK does nothing here)
        if "ok" not in said:
            primary = scene.primary()
            if primary is not None and primary[1] is not None:
                ok = primary[0]
        if ok:
            out["ok"] = ok
        if said.get("ok-held"):
            out["ok-held"] = said["ok-held"]
        if "undo" in said:
            out["undo"] = said["undo"]
        elif self.game is not None and (scene.game_screen or scene.entry_pending()):
            out["undo"] = _("Undo")
        return out

    def press(self, key: str) -> None:
        """Tap the target drawn with `key` (tests and the simulator); KeyError if absent."""
        if self.dirty:
            self.render()
        for hit in reversed(self.canvas.hits):
            if hit.key == key:
                self.tap(hit.rect.center)
                return
        keys = ", ".join(h.key for h in self.canvas.hits)
        raise KeyError(f"no target {key!r} on {self.top.name} (targets: {keys})")

    def keys(self) -> list[str]:
        if self.dirty:
            self.render()
        return [h.key for h in self.canvas.hits]

    def intent(self, intent: it.Intent) -> None:
        """An intent from a button, the card reader or the keyboard."""
        self.dirty = True
        log = self.services.recent_intents
        log.append(intent)
        del log[:-12]
        scene = self.top
        if isinstance(intent, it.DeviceStatus):
            self.services.device_status[intent.device] = (intent.ok, intent.message)
            if not intent.ok:
                # Named and said in the table's language, as the hardware page says it.
                from companion.ui.scenes.hardware import device_line

                self.error(device_line(intent.device, intent.message))
            return
        if scene.captures_intents:
            scene.on_intent(intent)
            return
        if scene.overlay:
            # A rules text never changes the game: a button only closes it. A scan is a
            # real event at the table, so it closes the texts and counts below them.
            while self.top.overlay and len(self.stack) > 1:
                self.pop()
                if not isinstance(intent, it.CardScanned):
                    return
            scene = self.top
        # The next action: the last one's message has been read. A press the legend marks
        # "–" (it does nothing here) is no action: unless the scene says something after
        # all (a refusal), the message stays (a fire's result is not lost to a stray press).
        said, idle = self.message, self.idle_press(intent)
        self.message = None
        if isinstance(intent, it.PlayerButton | it.Ok) and self.hurried(intent):
            return
        before = self.screen_now()
        try:
            self._act(scene, intent)
        finally:
            if self.changed_since(before):
                self.last_changer = intent
            elif idle and self.message is None:
                self.message = said

    def idle_press(self, intent: it.Intent) -> bool:
        """Whether `intent` is a press the legend marks as doing nothing on this screen (a
        player button it leaves out, or OK without words)."""
        if isinstance(intent, it.PlayerButton):
            return intent.colour not in self.legend()
        return isinstance(intent, it.Ok) and not self.legend().get("ok")

    def _act(self, scene: Scene, intent: it.Intent) -> None:
        """What an intent does on `scene` (`intent`)."""
        if isinstance(intent, it.Undo):
            # The Undo button works on every screen of an open game (even a question on top).
            if self.game is not None:
                self.undo()
            else:
                what = scene.undo_entry()  # New game: a seat added by a button
                if what is not None:
                    self.info(_("Undone: {what}").format(what=what))
                else:
                    self.info(_("Nothing to undo on this screen."))
        elif isinstance(intent, it.Redo):
            if self.game is not None:
                self.redo()
        elif isinstance(intent, it.Ok):
            if scene.on_ok():
                return
            primary = scene.primary()
            if primary is not None and primary[1] is not None:
                primary[1]()
        elif isinstance(intent, it.OkHeld):
            # Only where the legend says what it does; elsewhere nothing, and said (a slow
            # OK is no OK: the press has to be short, issue 31).
            if scene.legend().get("ok-held"):
                scene.on_ok_held()
            else:
                self.info(_("OK held: nothing to do here. A short press is OK."))
        elif isinstance(intent, it.Back):
            scene.on_back()
        elif isinstance(intent, it.PlayerButton):
            scene.on_player(intent.colour)
        elif isinstance(intent, it.CardScanned):
            if intent.card_id is None:
                self.error(_("This tag is not bound to a card yet: tap the card it belongs to."))
                if scene.name != "enroll":
                    self.open("enroll", tag=intent.tag, resume_scan=True)
                else:
                    scene.on_tag(intent.tag)
            elif intent.card_id not in self.services.load_catalogue():
                self.error(_("The tag is bound to {card}, which is not in the catalogue.")
                           .format(card=intent.card_id))
            elif isinstance(intent, it.CameraCard):
                scene.on_camera_card(intent.card_id)
            else:
                scene.on_card(intent.card_id)
        elif isinstance(intent, it.CardUnread):
            scene.on_unread(intent.place)

    def undo(self) -> None:
        """Undo the last thing the person did: a tap inside an entry on the screen first
        (a cube of a ship's goods), else the last recorded action."""
        if self.game is None:
            return
        if self.stack:
            what = self.top.undo_entry()
            if what is not None:
                self.info(_("Undone: {what}").format(what=what))
                return
        self.game.undo()

    def redo(self) -> None:
        if self.game is not None:
            self.game.redo()

