"""History: the finished games (date and start time, players, winner), each one tap from
its final screen again; each player's record, and the full statistics one tap away."""

from __future__ import annotations

import logging
from functools import partial

import pygame

from companion import formats
from companion.ui import i18n, layout, names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _, ngettext
from companion.ui.layouts import history as history_layout
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.tokens import ERROR_TEXT

log = logging.getLogger("companion.ui")


def problem_of(exc: Exception) -> str:
    """What History and Statistics say of a failure: a companion error's own sentence;
    anything else (a bug) in the table's language, its Python text left to the log."""
    message = getattr(exc, "message", None)
    if isinstance(message, str) and message:
        return message
    log.error("the history could not be read", exc_info=exc)
    return _("The history cannot be read just now; its games are kept. The log says why.")

def pinning_of(history: object) -> tuple[int, int] | None:
    """How far the history is in pinning the games of an older version (done, of how
    many), or None when it is not (or the history does not pin)."""
    pinning = getattr(history, "pinning", None)
    if not callable(pinning):
        return None
    try:
        found = pinning()
    except Exception as exc:  # noqa: BLE001 - the screen shows the history as it is
        log.warning("pinning the older games: %s", exc)
        return None
    return found if isinstance(found, tuple) else None


def pinning_said(progress: tuple[int, int]) -> str:
    """What History and Statistics say while the older games are pinned."""
    done, total = progress
    said = _("Preparing the games of an older version (once, after an update).")
    if total:
        said += " " + ngettext("{done} of {total} game", "{done} of {total} games",
                               total).format(done=formats.integer(done),
                                             total=formats.integer(total))
    return said


def draw_pinning(c: Canvas, body: pygame.Rect, title: str,
                 progress: tuple[int, int]) -> None:
    """History's or Statistics' title, and how far the pinning is."""
    said = pinning_said(progress)
    plan = history_layout.place(c, body, title, _("Games"), said, "")
    layout.draw_text(c, title, plan.title, LARGE, TEXT, role="title", max_lines=1)
    layout.draw_text(c, said, plan.problem, BODY, MUTED)


#: Rows read before the first frame (as many as the largest screen shows).
FIRST_PAGE = 12


def shown_name(name: object) -> str:
    """A player without a typed name is kept under their colour: show it as in the game."""
    return names.kept_name(name)


def _get(item: object, key: str, default: object = "") -> object:
    if isinstance(item, dict):
        return item.get(key, default)
    return getattr(item, key, default)


def _total(total: object) -> str:
    """A total with a real minus sign ("\u22127")."""
    return formats.integer(total) if isinstance(total, int) else str(total)


class HistoryScene(Scene):
    """Lists from the history database; a game row opens that game's final screen.

    It reads only what it shows (a history may hold thousands of games): how many
    games there are, the page of rows on screen (fetched when first shown, kept),
    the statistics as the history sums them; a game's record only when it is opened.
    Each row's text and height are worked out once."""

    name = "history"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.total = 0
        #: Games in the history's list (`total`: those of them that could be read).
        self._count = 0
        self.stats: list[object] = []
        self.problem = ""
        #: What the history left out (a damaged row names its game).
        self.notes: list[str] = []
        #: The first game row shown (the arrows page through the list).
        self.first = 0
        #: Rows fetched so far, in list order (latest first), and how far the history's
        #: list was read (damaged rows left out make the first the shorter).
        self._fetched: list[object] = []
        self._read = 0
        #: Each row's text, and its height at a width and scale.
        self._results: dict[int, str] = {}
        self._heights: dict[tuple[int, int, float], int] = {}
        #: The screen's places (`history_layout.place`, the players' rows), with what they
        #: were worked out for; the game rows' places follow the rows read.
        self._plan: tuple[tuple[object, ...], str, history_layout.HistoryPlan, pygame.Rect,
                          tuple[history_layout.PlayerRow, ...]] | None = None
        #: Games of an older version being pinned (done, of how many): shown until over.
        self.pinning: tuple[int, int] | None = pinning_of(self.ui.services.history)
        if self.pinning is None:
            self._load()

    def _load(self) -> None:
        history = self.ui.services.history
        if history is None:
            return
        try:
            self.total = self._count = int(history.count())
            found = history.player_totals()  # no points per category: not shown here
            self.stats = list(found.values() if isinstance(found, dict) else found)
            self._note(history)
            self.window(0, FIRST_PAGE)  # so the first frame names what was left out
        except Exception as exc:  # noqa: BLE001 - a broken history must not stop the app
            log.warning("the history cannot be read (%s: %s)", type(exc).__name__, exc)
            self.problem = problem_of(exc)

    @property
    def games(self) -> list[object]:
        """The rows fetched so far, in list order."""
        return list(self._fetched)

    def _note(self, history: object) -> None:
        for note in getattr(history, "notes", ()) or ():
            if note not in self.notes:
                self.notes.append(str(note))
                self.ui.dirty = True  # drawn with the next frame

    def window(self, first: int, count: int) -> list[object]:
        """The rows `first` .. `first + count` (fewer at the end), each fetched once."""
        first = max(0, first)
        history = self.ui.services.history
        while history is not None and len(self._fetched) < first + count and (
                self._read < self._count):
            want = first + count - len(self._fetched)
            try:
                rows = list(history.page(self._read, want))
                self._note(history)
            except Exception as exc:  # noqa: BLE001 - a broken history must not stop the app
                log.warning("the history's games cannot be read (%s: %s)",
                            type(exc).__name__, exc)
                self.problem = problem_of(exc)
                return []
            expected = min(want, self._count - self._read)
            self._read += want
            self._fetched.extend(rows)
            # Damaged rows were left out (`notes`): the list is shorter than counted.
            self.total -= max(0, expected - len(rows))
        return self._fetched[first:first + count]

    def primary(self) -> Primary:
        # One primary action on every screen (bottom right, OK): here, done looking.
        return (_("Done"), self.ui.pop)

    def secondary(self) -> Primary | None:
        if self.problem or not self.total or self.pinning is not None:
            return None
        return (_("Player statistics"), lambda: self.ui.open("stats"))

    def open_game(self, game: object) -> None:
        record = _get(game, "record", None)
        history = self.ui.services.history
        game_id = _get(game, "id", None)
        try:
            if not isinstance(record, str) and history is not None and isinstance(game_id, int):
                # The record is read (and decoded) only now, for this one game.
                full = history.game(game_id)
                record = _get(full, "record", None) if full is not None else None
            if not isinstance(record, str):
                raise ValueError(_("its record is not in the history"))
            started = _get(game, "started", None)
            duration = _get(game, "duration_seconds", None)
            self.ui.open("past-game", record=record,
                         started=started if isinstance(started, str) else None,
                         duration_seconds=duration if isinstance(duration, int | float)
                         else None,
                         game_id=game_id)
        except Exception as exc:  # noqa: BLE001 - one bad record must not stop the app
            self.ui.error(_("This game cannot be shown again: {problem}").format(
                problem=str(getattr(exc, "message", exc))))

    def page(self, step: int) -> None:
        self.first = max(0, min(self.first + step, self.total - 1))
        self.ui.dirty = True

    @staticmethod
    def when(game: object) -> str:
        """The start as the table's language writes it, in local time (older rows: their
        end)."""
        started = _get(game, "started", None)
        if not isinstance(started, str):
            started = str(_get(game, "finished", "") or "")
        return formats.when(started, i18n.language()) if started else ""

    @staticmethod
    def result(game: object) -> str:
        """The players in ranking order with their totals, a star on each winner."""
        players = _get(game, "players", ())
        star = "\u2605"
        if isinstance(players, list | tuple) and players:
            ranked = sorted(players, key=lambda p: (getattr(p, "rank", 0), getattr(p, "seat", 0)))
            return "  ".join(f"{star if getattr(p, 'winner', False) else ''}"
                             f"{shown_name(getattr(p, 'name', p))}"
                             f"\u00a0{_total(getattr(p, 'total', ''))}"
                             for p in ranked)
        winners = _get(game, "winners", ())
        return star + ", ".join(shown_name(getattr(w, "name", w)) for w in
                                (winners if isinstance(winners, list | tuple) else ()))

    def result_of(self, game: object) -> str:
        """`result`, worked out once per row."""
        got = self._results.get(id(game))
        if got is None:
            got = self._results[id(game)] = self.result(game)
        return got

    def plan(self, c: Canvas, body: pygame.Rect) -> tuple[
            str, history_layout.HistoryPlan, pygame.Rect, tuple[history_layout.PlayerRow, ...]]:
        """The notes' text, the screen's places, the players' heading and rows: worked out
        again only when the room, the language or what is said changed."""
        key = (tuple(body), c.w, c.h, i18n.language(), self.problem, tuple(self.notes),
               id(self.stats), len(self.stats))
        if self._plan is None or self._plan[0] != key:
            notes = _("Left out, damaged: {games}").format(games="; ".join(self.notes)) \
                if self.notes else ""
            plan = history_layout.place(c, body, _("History"), _("Games"), self.problem, notes)
            # Worded without plurals ("1 games"); formatted only as far as they fit.
            records = (_("games {games} \u00b7 wins {wins} \u00b7 best {best}").format(
                games=_get(stat, "games", _get(stat, "played", 0)), wins=_get(stat, "wins", 0),
                best=_best(_get(stat, "best_total", _get(stat, "best", "")))
            ) for stat in self.stats)
            heading, rows = history_layout.players(c, plan.players, _("Players"), records)
            self._plan = (key, notes, plan, heading, rows)
        return self._plan[1:]

    def animating_until(self) -> float:
        # While the older games are pinned, the frames go on, each showing how far it is.
        return self.ui.clock() + 1.0 if self.pinning is not None else 0.0

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        if self.pinning is not None:
            self.pinning = pinning_of(self.ui.services.history)
            if self.pinning is not None:
                draw_pinning(c, body, _("History"), self.pinning)
                return
            self._load()
        notes, plan, heading, players = self.plan(c, body)
        layout.draw_text(c, _("History"), plan.title, LARGE, TEXT, role="title", max_lines=1)
        if self.problem:
            layout.draw_text(c, self.problem, plan.problem, BODY, ERROR_TEXT)
            return
        if notes:
            layout.draw_text(c, notes, plan.notes, SMALL, ERROR_TEXT, max_lines=2)
        if not self.total:
            layout.draw_text(c, _("No finished games yet."), plan.empty, BODY, MUTED)
            return
        self.draw_games(c, plan)
        self.draw_players(c, heading, players)

    def draw_games(self, c: Canvas, plan: history_layout.HistoryPlan) -> None:
        layout.draw_text(c, _("Games"), plan.games, SMALL, MUTED)
        # Rows of the same height, as many as fit; arrows beside them when there are more.
        # Only the rows that can be on screen are fetched and measured: as many as fit at
        # the least height, then as many of them as fit at the tallest one's.
        if self.first >= self.total:
            self.first = max(0, self.total - 1)
        shown = self.window(self.first, plan.most)
        if not shown:
            return
        tallest = max(self.row_height(c, game, plan.inner) for game in shown)
        rows = history_layout.games(c, plan.rows, tallest, len(shown), self.total,
                                    self.first)
        for game, row in zip(shown, rows.rows, strict=False):
            c.rect(row.box, PANEL)
            c.text(self.when(game), row.when, SMALL, MUTED, role="secondary")
            result = self.result_of(game)
            layout.draw_text(c, result, row.result, BODY, TEXT, max_lines=2)
            if isinstance(_get(game, "record", None), str) or isinstance(
                    _get(game, "id", None), int):
                c.region(row.box, partial(self.open_game, game),
                         f"game:{_get(game, 'id', '')}", result)
        fits = rows.fits
        if rows.newer is not None and rows.older is not None:
            c.button(rows.newer, "\u25b2",
                     partial(self.page, -fits) if self.first > 0 else None, key="newer")
            c.button(rows.older, "\u25bc",
                     partial(self.page, fits) if self.first + fits < self.total else None,
                     key="older")

    def row_height(self, c: Canvas, game: object, width: int) -> int:
        """A row's height (`history_layout.row_height`), worked out once per row."""
        key = (id(game), width, c.s)
        got = self._heights.get(key)
        if got is None:
            got = self._heights[key] = history_layout.row_height(c, self.result_of(game), width)
        return got

    def draw_players(self, c: Canvas, heading: pygame.Rect,
                     rows: tuple[history_layout.PlayerRow, ...]) -> None:
        layout.draw_text(c, _("Players"), heading, SMALL, MUTED)
        for stat, row in zip(self.stats, rows, strict=False):
            c.text(shown_name(_get(stat, "name")), row.name.topleft, BODY, ACCENT,
                   max_width=row.name.w, smallest=BODY)
            layout.draw_text(c, row.text, row.record, BODY, TEXT)


def _best(value: object) -> str:
    """A player's best total as the screens write numbers: a real minus sign ("−17", not
    "-17"; issue 30)."""
    return formats.integer(value) if isinstance(value, int) else str(value)
