"""Drawing primitives that scale with the screen, and the tap targets they leave.

Layouts are written for the 800x480 panel; `Canvas.s` scales them to the
actual surface. Drawing a button also registers its rectangle as a tap
target, so what is tapped is always what was last drawn. Every string drawn
is kept in `Canvas.texts` (tests check screens for their key text).
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from operator import attrgetter, itemgetter
from pathlib import Path

import pygame

from companion.engine.values import value
from companion.ui.hyphen import SOFT, break_word, plain

# The palette lives in `companion.ui.tokens`; named here as before.
from companion.ui.tokens import ACCENT as ACCENT
from companion.ui.tokens import (
    BADGE_RIM,
    CORNER,
    CUBE_CORNER,
    CUBE_RIM,
    GAP,
    INK_DARK,
    INK_LIGHT,
    NO_COLOUR,
    PAD,
    SNUG,
    THIN,
    TIGHT,
)
from companion.ui.tokens import BG as BG
from companion.ui.tokens import DANGER as DANGER
from companion.ui.tokens import DISABLED as DISABLED
from companion.ui.tokens import GOOD_COLOURS as GOOD_COLOURS
from companion.ui.tokens import INFO_BG as INFO_BG
from companion.ui.tokens import MUTED as MUTED
from companion.ui.tokens import PANEL as PANEL
from companion.ui.tokens import PANEL_HI as PANEL_HI
from companion.ui.tokens import PLAYER_COLOURS as PLAYER_COLOURS
from companion.ui.tokens import PRIMARY as PRIMARY
from companion.ui.tokens import TEXT as TEXT
from companion.ui.tokens import WARN_BG as WARN_BG
from companion.ui.tokens import Colour as Colour

#: Whose colour a colour is: ("player", id) or ("good", good). A mark drawn in one of them
#: is recorded (`Canvas.marks`), so a check can find one drawn without its letter.
OWNER: dict[Colour, tuple[str, str]] = {
    **{colour: ("player", pid) for pid, colour in PLAYER_COLOURS.items()},
    **{colour: ("good", good) for good, colour in GOOD_COLOURS.items()},
}

FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
)

#: Text sizes at 800x480 (docs/ui.md: body >= 22, key numbers >= 32, nothing below 18).
SMALL, BODY, LARGE, HUGE = 18, 22, 32, 48


def readable_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = colour
    return INK_DARK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else INK_LIGHT


_fonts: dict[int, pygame.font.Font] = {}

#: Every frame draws the same strings again: rendering and measuring them was over a third
#: of a frame. So fonts remember the sizes they measured, and `Canvas.text` the lines it
#: rendered (image and ink rectangle), least recently used first out.
SIZE_CACHE_ENTRIES = 4096
TEXT_CACHE_ENTRIES = 2048
TEXT_CACHE_BYTES = 16 * 1024 * 1024
WRAP_CACHE_ENTRIES = 1024
#: (text, px, smallest px, colour, max width) -> the line as drawn.
_rendered: OrderedDict[tuple[object, ...], Rendered] = OrderedDict()
_rendered_bytes = [0]
#: (text, width, px) -> its lines.
_wrapped: dict[tuple[str, int, int], tuple[str, ...]] = {}
#: One drawn string's record for the frame description: (text, px, ink, role, cut, bar).
Drawn = tuple[str, int, pygame.Rect, str, bool, bool]
#: One mark's record: (kind, whose, box, line points).
Mark = tuple[str, str, pygame.Rect, tuple[tuple[int, int], ...]]
#: A kept tap target: (rectangle, key, label); its action is asked for when it is put back.
KeptHit = tuple[pygame.Rect, str, str]
#: What a layer's records are: strings drawn (their text rects and descriptions), marks,
#: tap targets (without their actions) and the targets the frame description reports.
Records = tuple[tuple[tuple[str, pygame.Rect], ...], tuple[Drawn, ...], tuple[Mark, ...],
                tuple[KeptHit, ...], tuple["Target", ...]]
#: What asks a kept layer's tap target, by its key, for what a tap on it does now (None:
#: nothing, the target is left out): the scene on screen's own action, never the one of
#: the scene that drew the layer first (an Undo or a Redo puts up a new scene).
Act = Callable[[str], "Callable[[], object] | None"]
#: Parts of frames kept as images (`Canvas.layer`): key -> (image, texts, records in the
#: layer's own place, from its top left); the least recently used goes first (the five
#: panels, each chosen or not as the players' buttons step through them, the track, the
#: buttons' legend, a phase's body).
_layers: OrderedDict[tuple[object, ...], tuple[pygame.Surface, tuple[str, ...], Records]] = \
    OrderedDict()
LAYER_CACHE_ENTRIES = 32
#: The kept layers' images' bytes at most (a phase's body is a large part of the screen).
LAYER_CACHE_BYTES = 24 * 1024 * 1024
_layers_bytes = [0]
#: A kept layer's records moved to where it was last put: key -> (top left, records).
_placed: dict[tuple[object, ...], tuple[tuple[int, int], Records]] = {}
#: (label, room, height, size, scale) -> a button label's (lines, size, cut).
_labels: dict[tuple[object, ...], tuple[tuple[str, ...], int, bool]] = {}


class _Font(pygame.font.Font):
    """pygame's font, remembering the size of every string it measured (bounded)."""

    def __init__(self, path: str, px: int) -> None:
        super().__init__(path, px)
        self._sizes: dict[object, tuple[int, int]] = {}

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        got = self._sizes.get(text)
        if got is None:
            if len(self._sizes) >= SIZE_CACHE_ENTRIES:
                self._sizes.clear()
            try:
                got = super().size(text)
            except (pygame.error, ValueError):
                # A string SDL_ttf cannot lay out ("Text has zero width", a NUL): measured as
                # what is drawn instead (`drawable`), so no frame ends on it.
                try:
                    got = super().size(drawable(text if isinstance(text, str) else ""))
                except (pygame.error, ValueError):
                    got = super().size(PLACEHOLDER)
            self._sizes[text] = got
        return got


def _forget_text() -> None:
    _rendered.clear()
    _rendered_bytes[0] = 0
    _wrapped.clear()
    _labels.clear()
    _layers.clear()
    _layers_bytes[0] = 0
    _placed.clear()


def forget_fonts() -> None:
    """Drop cached fonts and text (before `pygame.quit`, which invalidates them)."""
    _fonts.clear()
    _forget_text()


def font(px: int) -> pygame.font.Font:
    """A bold sans font of `px` pixels (DejaVu when installed, else pygame's own)."""
    px = max(8, px)
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
        _forget_text()
    if px not in _fonts:
        path = next((p for p in FONT_PATHS if os.path.isfile(p)), None)
        if path is None:
            path = str(Path(pygame.__file__).parent / "freesansbold.ttf")
        _fonts[px] = _Font(path, px)
    return _fonts[px]


@value
class Rendered:
    """One line as drawn: its text (maybe cut), image, ink, size and whether it was cut."""

    text: str
    image: pygame.Surface
    ink: pygame.Rect
    px: int
    cut: bool


#: What is drawn for a string nothing of which can be drawn.
PLACEHOLDER = "\ufffd"


def drawable(text: str) -> str:
    """`text` without what SDL_ttf refuses to draw (control and format characters, NUL);
    `PLACEHOLDER` if nothing drawable is left. Only used once drawing `text` failed."""
    kept = "".join(ch for ch in text if ch.isprintable())
    return kept if kept.strip() else PLACEHOLDER


def _render(text: str, px: int, smallest: int, colour: Colour, max_width: int | None
            ) -> Rendered:
    """`_draw_line`, and for a string that cannot be drawn (an invisible name from a record,
    a NUL) what can be drawn of it, or a placeholder: one bad string never ends the app."""
    try:
        return _draw_line(text, px, smallest, colour, max_width)
    except (pygame.error, ValueError):
        try:
            return _draw_line(drawable(text), px, smallest, colour, max_width)
        except (pygame.error, ValueError):
            return _draw_line(PLACEHOLDER, px, smallest, colour, max_width)


def _draw_line(text: str, px: int, smallest: int, colour: Colour, max_width: int | None
               ) -> Rendered:
    """One line at `px`, shrunk (not below `smallest`) or cut to fit `max_width`."""
    f = font(px)
    cut = False
    if max_width is not None:
        while f.size(text)[0] > max_width and px > smallest:
            px -= 1
            f = font(px)
        if f.size(text)[0] > max_width:
            while len(text) > 1 and f.size(text + "\u2026")[0] > max_width:
                text = text[:-1]
            text = text.rstrip() + "\u2026"
            cut = True
    image = f.render(text, True, colour)
    # The ink, not the line box: what a reader would see collide.
    return Rendered(text, image, image.get_bounding_rect(), px, cut)


#: What a drawn string is to its reader (docs/frames.md): key numbers, body text,
#: supporting detail, a title.
ROLES = ("key", "body", "secondary", "title")
#: The smallest size of a string of each role at 800x480 (docs/ui.md).
ROLE_MIN = {"key": LARGE, "body": BODY, "secondary": SMALL, "title": SMALL}


def role_of(size: int) -> str:
    """The role a string of this design size plays, unless the drawing says otherwise."""
    return "key" if size >= LARGE else "body" if size >= BODY else "secondary"


@value
class DrawnText:
    """A string as it was drawn in one frame (for the frame description)."""

    text: str
    px: int
    rect: pygame.Rect
    role: str
    cut: bool
    bar: bool = False


@value
class Target:
    """A tap target as it was drawn, enabled or not (for the frame description)."""

    label: str
    rect: pygame.Rect
    enabled: bool
    primary: bool
    bar: bool = False
    #: Drawn as the choice made (a selected cube, an answer chosen).
    selected: bool = False


@value(frozen=False)
class Hit:
    """A tap target: its rectangle, what it does, and a key tests can find it by."""

    rect: pygame.Rect
    action: Callable[[], object]
    key: str
    label: str


class Canvas:
    """One frame's drawing surface, scale, drawn strings and tap targets."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.w, self.h = surface.get_size()
        self.s = min(self.w / 800, self.h / 480)
        if self.w < self.h:  # portrait (rotated 90/270): keep text readable
            self.s = min(self.w / 480, self.h / 800) * 1.0
        self.texts: list[str] = []
        #: Where each string was drawn (tests check that no two overlap).
        self.text_rects: list[tuple[str, pygame.Rect]] = []
        self.hits: list[Hit] = []
        #: Every string and every target of the frame, as `describe` reports them. The strings
        #: are kept as plain tuples (text, px, rect, role, cut, bar), made `DrawnText` only
        #: when asked for (`drawn`): a frame draws ~60 of them, and only tests and
        #: screenshots read them.
        self._drawn: list[tuple[str, int, pygame.Rect, str, bool, bool]] = []
        self.targets: list[Target] = []
        #: Everything drawn in a player's or a good's colour (docs/frames.md, "Colour is
        #: never the only signal"), as (kind, whose, rect, line points).
        self.marks: list[tuple[str, str, pygame.Rect, tuple[tuple[int, int], ...]]] = []
        #: The screen's own part (above the bottom bar); what is drawn from now on belongs to
        #: the bar once `in_bar` is set.
        self.body = pygame.Rect(0, 0, self.w, self.h)
        self.in_bar = False
        #: Whether the screen drawn asks the table a question, and how far it is answered
        #: (`Scene.question`): "unanswered", "answering" or None (the frame description).
        self.question: str | None = None
        #: What each of the table's buttons does on this frame (`UI.legend`): role -> words.
        self.legend: dict[str, str] = {}
        #: Each player button's letter in the legend (the panels' letters).
        self.legend_letters: dict[str, str] = {}
        #: Where the table has no buttons, what works `legend` and `legend_letters` out
        #: when the frame's description asks (`say_later`); None: they are set.
        self._say: Callable[[], tuple[dict[str, str], dict[str, str]]] | None = None
        #: Lengths and text sizes worked out so far (a frame asks for a few hundred).
        self._px: dict[int, int] = {}
        self._u: dict[float, int] = {}

    # --- units ---------------------------------------------------------------
    def u(self, value: float) -> int:
        """A length designed for 800x480, scaled to this surface."""
        got = self._u.get(value)
        if got is None:
            got = self._u[value] = int(round(value * self.s))
        return got

    def px(self, size: int) -> int:
        got = self._px.get(size)
        if got is None:
            got = self._px[size] = max(SMALL if size >= SMALL else size, self.u(size))
        return got

    # --- drawing ---------------------------------------------------------------
    def fill(self, colour: Colour = BG) -> None:
        self.surface.fill(colour)

    def rect(self, rect: pygame.Rect, colour: Colour, radius: int = CORNER, width: int = 0) -> None:
        pygame.draw.rect(self.surface, colour, rect, width, border_radius=self.u(radius))
        owner = OWNER.get(colour) if type(colour) is tuple else None
        if owner is not None:
            self.marks.append((*owner, pygame.Rect(rect), ()))

    def polyline(self, points: list[tuple[int, int]], colour: Colour, width: int,
                 lead: tuple[int, int] | None = None) -> None:
        """Connected line segments (a chart's line); the last point is the line's end.
        `lead`: where its marker was moved to, joined to the end by a thin grey leader
        (the line's mark then ends there, at its letter)."""
        pygame.draw.lines(self.surface, colour, False, points, width)
        if lead is not None:
            pygame.draw.line(self.surface, MUTED, points[-1], lead, max(1, width // 2))
            points = [*points, lead]
        owner = OWNER.get(colour)
        if owner is not None:
            xs, ys = [x for x, _ in points], [y for _, y in points]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            self.marks.append((*owner, box, tuple(points)))

    def text(
        self,
        text: str,
        pos: tuple[int, int],
        size: int = BODY,
        colour: Colour = TEXT,
        anchor: str = "topleft",
        max_width: int | None = None,
        role: str | None = None,
        smallest: int | None = None,
        cut: bool = False,
    ) -> pygame.Rect:
        """Draw one line; shrink it (never below `smallest`, design px) to fit `max_width`,
        else cut it with an ellipsis. `role`: see `ROLES` (by default from `size`)."""
        if SOFT in text:  # soft hyphens only mark where a wrapped line may break
            text = plain(text)
        self.texts.append(text)
        px = self.px(size)
        role = role or role_of(size)
        low = min(px, self.px(ROLE_MIN[role] if smallest is None else smallest))
        key = (text, px, low, colour if type(colour) is tuple else tuple(colour), max_width)
        got = _rendered.get(key)
        if got is None:
            font(px)  # (re)initialises the font module, and forgets old text, if needed
            got = _render(text, px, low, colour, max_width)
            _rendered[key] = got
            _rendered_bytes[0] += got.image.get_pitch() * got.image.get_height()
            while len(_rendered) > TEXT_CACHE_ENTRIES or (
                    _rendered_bytes[0] > TEXT_CACHE_BYTES and len(_rendered) > 1):
                _old, old = _rendered.popitem(last=False)
                _rendered_bytes[0] -= old.image.get_pitch() * old.image.get_height()
        else:
            _rendered.move_to_end(key)
        rect = got.image.get_rect(**{anchor: pos})
        self.surface.blit(got.image, rect)
        ink = got.ink.move(rect.topleft)
        self.text_rects.append((got.text, ink))
        if text.strip():
            self._drawn.append((got.text, got.px, ink, role, got.cut or cut, self.in_bar))
            owner = OWNER.get(colour) if type(colour) is tuple else None
            if owner is not None:
                self.marks.append((*owner, ink, ()))
        return rect

    @property
    def drawn(self) -> list[DrawnText]:
        """Every string of the frame as drawn (docs/frames.md)."""
        return [DrawnText(*item) for item in self._drawn]

    def wrap(self, text: str, width: int, size: int = BODY) -> list[str]:
        """`text` broken into lines that fit `width`."""
        key = (text, width, self.px(size))
        got = _wrapped.get(key)
        if got is None:
            if len(_wrapped) >= WRAP_CACHE_ENTRIES:
                _wrapped.clear()
            got = _wrapped[key] = tuple(self._wrap(text, width, size))
        return list(got)

    def _wrap(self, text: str, width: int, size: int = BODY) -> list[str]:
        """Lines no wider than `width` where possible; a word wider than a line is broken
        only where it may be (`companion.ui.hyphen`), else left whole (and too wide)."""
        f = font(self.px(size))

        def fits(s: str) -> bool:
            return f.size(s)[0] <= width

        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}" if line else word
                if fits(plain(trial)) or not trial.strip():
                    line = trial
                    continue
                if line:
                    # The start of the word may still fill this line ("de comp-" / "tage").
                    head, rest = break_word(word, partial(_fits_after, fits, line))
                    if head:
                        line, word = f"{line} {head}", rest
                    lines.append(line)
                while not fits(plain(word)):
                    head, rest = break_word(word, fits)
                    if not head:
                        break
                    lines.append(head)
                    word = rest
                line = word
            lines.append(line)
        return [plain(line) for line in lines]

    def paragraph(
        self, text: str, rect: pygame.Rect, size: int = BODY, colour: Colour = TEXT
    ) -> int:
        """Wrapped text from the top of `rect`; returns the y below it."""
        y = rect.y
        step = int(font(self.px(size)).get_linesize())
        for line in self.wrap(text, rect.w, size):
            self.text(line, (rect.x, y), size, colour)
            y += step
        return y

    def button(
        self,
        rect: pygame.Rect,
        label: str,
        action: Callable[[], object] | None,
        *,
        key: str = "",
        colour: Colour = PANEL_HI,
        size: int = BODY,
        selected: bool = False,
        badge: str | None = None,
        badge_size: int = SMALL,
        name: str | None = None,
        under: bool = False,
    ) -> pygame.Rect:
        """A tap target with a label; disabled (greyed, not tappable) when `action` is None.
        `badge`: a mark in the top right corner, at `badge_size`. `name`: the target's name
        where the label alone does not tell it from others (a price with its player's
        letter as the badge: "A 3"); else the label. `under`: the label under the badge
        (as a two-letter badge with no room beside it puts it), for buttons that must all
        look alike (a grid's rows)."""
        enabled = action is not None
        fill = colour if enabled else DISABLED
        self.rect(rect, fill)
        if selected:
            self.rect(rect, ACCENT, width=max(3, self.u(TIGHT)))
        fg = readable_on(fill) if enabled else MUTED
        # A corner badge takes its width off the right, so the text never runs into it.
        badge_w = font(self.px(badge_size)).size(badge)[0] + self.u(SNUG) if badge else 0
        room = rect.w - self.u(PAD) - badge_w
        centre = rect.x + self.u(SNUG) + room // 2
        top, height = rect.y, rect.h
        if badge and (under or len(badge) > 1 and font(self.px(BODY)).size(label)[0] > room):
            # A badge of two letters ("Ge" beside "G") leaves a price no room beside it:
            # the label goes under the badge, the whole width.
            top = rect.y + self.u(THIN) + font(self.px(badge_size)).get_linesize() - self.u(TIGHT)
            height = rect.bottom - top
            room, centre = rect.w - self.u(PAD), rect.centerx
        # A label is body text (docs/ui.md): from `size` down to the body size, on as many
        # lines as the button holds; cut with an ellipsis (and reported cut) only if even
        # that fails.
        lines, size, cut = self._label(label, room, height, max(size, BODY))
        step = font(self.px(size)).get_linesize()
        y = max(top, top + height // 2 - step * len(lines) // 2)
        for k, line in enumerate(lines):
            self.text(line, (centre, y), size, fg, anchor="midtop", role="body", smallest=size,
                      cut=cut and k == len(lines) - 1)
            y += step
        if badge:
            self.text(badge, (rect.right - self.u(SNUG), rect.y + self.u(THIN)), badge_size, fg,
                      anchor="topright", role="body" if badge_size >= BODY else None)
        named = label if name is None else name
        if action is not None:
            self.hits.append(Hit(pygame.Rect(rect), action, key or named, named))
        self.targets.append(Target(plain(named) or key, pygame.Rect(rect), action is not None,
                                   key == "ok", self.in_bar, selected))
        return rect

    def chosen(self, rect: pygame.Rect) -> None:
        """The frame of a chosen target (a button's `selected`), around a region."""
        self.rect(rect, ACCENT, width=max(3, self.u(TIGHT)))

    def badge_radius(self, radius: int, letter: str) -> int:
        """The radius `player_badge` draws for `letter`: two letters where two names start
        alike ("Ge" beside "G"; issue 30) make the marker as wide as they need at the
        smallest readable size, so what stands beside it starts after that."""
        if len(letter) > 1:
            return max(radius, (font(self.px(SMALL)).size(letter)[0] + 5) // 2)
        return radius

    def player_badge(
        self, pid: str, centre: tuple[int, int], radius: int, letter: str
    ) -> None:
        """A player's marker: their colour and their letter (colour is never the only sign)."""
        colour = PLAYER_COLOURS.get(pid, NO_COLOUR)
        size = SMALL if len(letter) > 1 else max(SMALL, int(radius * 1.3 / self.s))
        radius = self.badge_radius(radius, letter)
        pygame.draw.circle(self.surface, colour, centre, radius)
        self.marks.append(("player", pid, pygame.Rect(centre[0] - radius, centre[1] - radius,
                                                      2 * radius, 2 * radius), ()))
        pygame.draw.circle(self.surface, BADGE_RIM, centre, radius, max(1, radius // 8))
        self.text(letter, centre, size, readable_on(colour), anchor="center")

    def card_mark(self, card_id: str, rect: pygame.Rect) -> None:
        """Where a card is shown by its name (a Purchase tile): a frame description's mark
        of kind "card", so a check can read the name drawn there (docs/frames.md)."""
        self.marks.append(("card", card_id, pygame.Rect(rect), ()))

    def cube(self, good: str, rect: pygame.Rect, initial: str) -> None:
        """A goods cube: its colour and its initials."""
        colour = GOOD_COLOURS[good]
        self.rect(rect, colour, radius=CUBE_CORNER)
        self.rect(rect, CUBE_RIM, radius=CUBE_CORNER, width=max(1, self.u(THIN)))
        size = max(SMALL, min(BODY, int(rect.h * 0.6 / self.s)))
        # The initials may run over the cube's border by a little (never cut: "Ru", "Kf").
        self.text(initial, rect.center, size, readable_on(colour), anchor="center",
                  max_width=rect.w + self.u(GAP))

    def region(self, rect: pygame.Rect, action: Callable[[], object], key: str, label: str) -> None:
        """A tap target drawn some other way than as a button (a panel, a card)."""
        self.hits.append(Hit(pygame.Rect(rect), action, key, label))
        self.targets.append(Target(plain(label) or key, pygame.Rect(rect), True, False,
                                   self.in_bar))

    def layer(self, key: tuple[object, ...], rect: pygame.Rect,
              draw: Callable[[Canvas, pygame.Rect], None], act: Act | None = None, *,
              here: bool = False, may_cover: bool = False) -> None:
        """What `draw` draws into `rect`, kept as one image under `key` (which must name
        everything it depends on besides the size and scale) and put back with one blit on
        the next frames; its strings, marks and tap targets are reported as if drawn
        (`drawn`, `text_rects`, `marks`, `targets`, `hits`). For parts that stay while the
        frame around them changes (the score track's line and numbers, a panel, a phase's
        body shown again after an Undo). `rect` must hold only the screen's background
        under it, unless `may_cover`: a layer drawn after parts that may reach into its
        place (the legend's row under a phase's controls) is drawn as without one, and not
        kept, where a string, target or mark drawn before on this frame lies over it (the
        kept image would put back what lay under it when it was kept). Looking costs a
        few microseconds a layer: only such layers look.

        `draw(c, rect)` draws on a canvas of its own, in the layer's own place (`rect` at
        0, 0), so the layer may be put anywhere; `here`: on this canvas, where `rect` is
        (a part placed in the frame's coordinates; kept for that place: `rect` is part of
        the key then). Kept only where every string, target and mark it drew lies inside
        `rect` and none drawn before it on this frame lies over `rect` (else drawn, not
        kept); what it draws unrecorded (a plain rectangle) must keep inside `rect` too.

        A layer with tap targets needs `act`: put back, each target's action is
        `act(its key)` (the current scene's, never the one that drew it first)."""
        full = (key, tuple(rect) if here else rect.size, self.s, self.in_bar)
        at = rect.topleft
        if may_cover and self._anything_in(rect):
            # Something this frame drew before lies over the place (a phase's control
            # reaching into the legend's row): a kept image would put back what lay under
            # it when it was kept. Drawn as without a layer, and not kept.
            if here:
                draw(self, rect)
                return
            image, texts, records = self._layer_apart(full, rect, draw, act, keep=False)
            placed = (at, _moved(records, at))
        else:
            got = _layers.get(full)
            if got is None:
                if here:
                    self._layer_here(full, rect, draw, act)
                    return
                got = self._layer_apart(full, rect, draw, act)
            else:
                _layers.move_to_end(full)
            image, texts, records = got
            # Its records moved to where it is put: the same place frame after frame, so
            # they are moved once per place (kept beside the image; nothing changes them).
            was = _placed.get(full)
            if was is None or was[0] != at:
                was = _placed[full] = (at, _moved(records, at))
            placed = was
        self.surface.blit(image, rect)
        self.texts.extend(texts)
        text_rects, drawn, marks, hits, targets = placed[1]
        self.text_rects.extend(text_rects)
        self._drawn.extend(drawn)
        self.marks.extend(marks)
        self.targets.extend(targets)
        if hits:
            assert act is not None
            for box, hit_key, label in hits:
                action = act(hit_key)
                if action is not None:
                    self.hits.append(Hit(box, action, hit_key, label))

    def _layer_apart(self, full: tuple[object, ...], rect: pygame.Rect,
                     draw: Callable[[Canvas, pygame.Rect], None], act: Act | None,
                     keep: bool = True) -> tuple[pygame.Surface, tuple[str, ...], Records]:
        """A new layer drawn on a canvas of its own (`layer`), kept unless not `keep` (to
        be put on this one)."""
        if self.surface.get_rect().contains(rect):
            image = self.surface.subsurface(rect).copy()  # the background under it
        else:
            image = pygame.Surface(rect.size)
            image.fill(BG)
        inner = Canvas(image)
        inner.s, inner._px, inner._u, inner.in_bar = self.s, self._px, self._u, self.in_bar
        draw(inner, image.get_rect())
        records = (tuple(inner.text_rects), tuple(inner._drawn), tuple(inner.marks),
                   tuple((hit.rect, hit.key, hit.label) for hit in inner.hits),
                   tuple(inner.targets))
        if records[3] and act is None:
            raise ValueError("a layer with tap targets needs `act`")
        if not keep:
            return image, tuple(inner.texts), records
        return _keep(full, image, tuple(inner.texts), records)

    def _layer_here(self, full: tuple[object, ...], rect: pygame.Rect,
                    draw: Callable[[Canvas, pygame.Rect], None], act: Act | None) -> None:
        """A new layer drawn on this canvas where it is (`layer`, `here`), then kept: the
        frame is the one drawn without a layer, by construction."""
        start = self.mark()
        keep = self.surface.get_rect().contains(rect) and not self._anything_in(rect)
        draw(self, rect)
        if not keep:
            return
        texts, rects, hits, drawn, targets, marks = start
        records = (tuple(self.text_rects[rects:]), tuple(self._drawn[drawn:]),
                   tuple(self.marks[marks:]),
                   tuple((hit.rect, hit.key, hit.label) for hit in self.hits[hits:]),
                   tuple(self.targets[targets:]))
        if records[3] and act is None:
            raise ValueError("a layer with tap targets needs `act`")
        if not all(_within(rect, box) for box in _boxes(records)):
            return  # it drew outside its place: putting back the place would lose that
        at = rect.topleft
        _keep(full, self.surface.subsurface(rect).copy(), tuple(self.texts[texts:]),
              _moved(records, (-at[0], -at[1])))
        _placed[full] = (at, records)

    def _anything_in(self, rect: pygame.Rect) -> bool:
        """Whether a string, target or mark of this frame so far lies over `rect` (what
        a layer kept there would cover when put back). (pygame's loop: a frame has about
        a hundred of them.)"""
        return rect.collideobjects(self.text_rects, key=_SECOND) is not None or \
            rect.collideobjects(self.targets, key=_RECT) is not None or \
            rect.collideobjects(self.marks, key=_THIRD) is not None

    def _label(self, label: str, room: int, height: int, size: int
               ) -> tuple[list[str], int, bool]:
        """A button's label laid out: (lines, size, cut). The same buttons come back every
        frame, so the answer is remembered (by label, room, height, size and scale)."""
        key = (label, room, height, size, self.s)
        got = _labels.get(key)
        if got is None:
            if len(_labels) >= WRAP_CACHE_ENTRIES:
                _labels.clear()
            got = _labels[key] = self._lay_out_label(label, room, height, size)
        return list(got[0]), got[1], got[2]

    def _lay_out_label(self, label: str, room: int, height: int, size: int
                       ) -> tuple[tuple[str, ...], int, bool]:
        lines: list[str] = []
        most = 1
        for s in range(size, BODY - 1, -1):
            size = s
            step = font(self.px(s)).get_linesize()
            most = max(1, (height - self.u(THIN)) // step)
            lines = self.wrap(label, room, s) if label else []
            widest = max((font(self.px(s)).size(x)[0] for x in lines), default=0)
            if len(lines) <= most and widest <= room:
                return tuple(lines), size, False
        lines = lines[:most]
        f = font(self.px(size))
        last = lines[-1] if lines else ""
        while last and f.size(last + "\u2026")[0] > room:
            last = last[:-1]
        lines[-1:] = [last.rstrip() + "\u2026"]
        return tuple(lines), size, True

    def mark(self) -> tuple[int, int, int, int, int, int]:
        """Where the frame's records stand now, for `forget_since`."""
        return (len(self.texts), len(self.text_rects), len(self.hits), len(self._drawn),
                len(self.targets), len(self.marks))

    def forget_since(self, mark: tuple[int, int, int, int, int, int]) -> None:
        """Drop the strings, targets and marks recorded since `mark` (what is painted over)."""
        texts, rects, hits, drawn, targets, marks = mark
        del self.texts[texts:], self.text_rects[rects:], self.hits[hits:]
        del self._drawn[drawn:], self.targets[targets:], self.marks[marks:]

    def say_later(self, say: Callable[[], tuple[dict[str, str], dict[str, str]]]) -> None:
        """`legend` and `legend_letters` as `say()` gives them, worked out only if the
        frame's description is asked for (a table without buttons draws no legend)."""
        self._say = say

    def describe(self, screen: str, language: str) -> dict[str, object]:
        """This frame's description (docs/frames.md): its texts and tap targets."""
        if self._say is not None:
            self.legend, self.legend_letters = self._say()
            self._say = None
        return {
            "screen": screen,
            "size": [self.w, self.h],
            "language": language,
            "body": list(self.body),
            "texts": [{"text": d.text, "px": d.px, "rect": list(d.rect), "role": d.role,
                       "cut": d.cut, "bar": d.bar} for d in self.drawn],
            "targets": [{"label": t.label, "rect": list(t.rect), "enabled": t.enabled,
                         "primary": t.primary, "bar": t.bar, "selected": t.selected}
                        for t in self.targets],
            "question": self.question,
            "buttons": [{"button": role, "means": means,
                         **({"letter": self.legend_letters[role]}
                            if role in self.legend_letters else {})}
                        for role, means in self.legend.items()],
            "marks": [{"kind": kind, "of": of, "rect": list(box),
                       **({"line": [list(p) for p in line]} if line else {})}
                      for kind, of, box, line in self.marks],
        }

    def hit_at(self, pos: tuple[int, int]) -> Hit | None:
        """The topmost tap target under `pos` (the last one drawn wins)."""
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                return hit
        return None


_SECOND, _THIRD, _RECT = itemgetter(1), itemgetter(2), attrgetter("rect")


def _fits_after(fits: Callable[[str], bool], line: str, head: str) -> bool:
    """Whether `head` still fits at the end of `line`."""
    return fits(plain(f"{line} {head}"))


def _keep(full: tuple[object, ...], image: pygame.Surface, texts: tuple[str, ...],
          records: Records) -> tuple[pygame.Surface, tuple[str, ...], Records]:
    """A new layer in the cache: the least recently used ones make room (by count and by
    their images' bytes)."""
    size = image.get_pitch() * image.get_height()
    if not _layers:
        _layers_bytes[0] = 0  # (emptied from outside: tests forget what was kept)
    while _layers and (len(_layers) >= LAYER_CACHE_ENTRIES or
                       _layers_bytes[0] + size > LAYER_CACHE_BYTES):
        old_key, (old, _texts, _records) = _layers.popitem(last=False)
        _layers_bytes[0] -= old.get_pitch() * old.get_height()
        _placed.pop(old_key, None)
    _placed.pop(full, None)
    got = _layers[full] = (image, texts, records)
    _layers_bytes[0] += size
    return got


def _moved(records: Records, by: tuple[int, int]) -> Records:
    """A layer's records moved by `by` (to where it is put, or back to its own place)."""
    dx, dy = by
    text_rects, drawn, marks, hits, targets = records
    return (tuple((text, ink.move(dx, dy)) for text, ink in text_rects),
            tuple((text, px, ink.move(dx, dy), role, cut, bar)
                  for text, px, ink, role, cut, bar in drawn),
            tuple((kind, of, box.move(dx, dy), tuple((x + dx, y + dy) for x, y in line))
                  for kind, of, box, line in marks),
            tuple((box.move(dx, dy), key, label) for box, key, label in hits),
            tuple(Target(t.label, t.rect.move(dx, dy), t.enabled, t.primary, t.bar,
                         t.selected) for t in targets))


def _boxes(records: Records) -> list[pygame.Rect]:
    """Every rectangle a layer's records name."""
    text_rects, drawn, marks, hits, targets = records
    return [box for _text, box in text_rects] + [mark[2] for mark in marks] + \
        [box for box, _key, _label in hits] + [target.rect for target in targets]


def _within(rect: pygame.Rect, box: pygame.Rect) -> bool:
    """Whether `box` lies inside `rect` (an empty box, the ink of a blank string, does)."""
    return box.w <= 0 or box.h <= 0 or rect.contains(box)
