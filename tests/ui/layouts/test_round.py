"""companion/ui/layouts/round.py: the round frame's places (header, score track, panels, the
hint's place and the phase's room), at the table's sizes, landscape and portrait."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, SMALL, TEXT, Canvas, font
from companion.ui.layouts import round as places

SIZES = [(800, 480), (1024, 600), (1280, 800), (480, 800), (600, 1024)]
#: The bar under the body (its height is the bar's business; any finger-tall bar will do).
BAR = 64


def canvas(size: tuple[int, int]) -> Canvas:
    return Canvas(pygame.Surface(size))


def body_of(c: Canvas) -> pygame.Rect:
    return pygame.Rect(0, 0, c.w, c.h - c.u(BAR))


def frame_of(c: Canvas, players: int, need: int = 0) -> tuple[int, places.FramePlan]:
    """The frame as the scene works it out: the header, then the track and panel heights
    (giving way to controls that need `need`), then the places."""
    body = body_of(c)
    header_h = c.u(places.HEADER)
    track_h = places.track_height(c, body, header_h, players)
    panel_h = places.panel_height(c)
    if places.portrait(c):
        steps = places.portrait_steps(c)
        level = places.portrait_level(c, body, header_h, players, need) if need else 0
        track_h, panel_h = steps[min(level, len(steps) - 1)]
    return header_h, places.frame(c, body, header_h, track_h, panel_h, players)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_frames_parts_fit_the_body_and_never_overlap(size, players):
    c = canvas(size)
    body = body_of(c)
    header_h, plan = frame_of(c, players)
    assert len(plan.panels) == players
    parts = [*plan.panels, plan.area]
    if plan.track.h:
        parts.append(plan.track)
        assert plan.track.top == header_h
    for k, part in enumerate(parts):
        assert body.contains(part), (part, body)
        assert part.top >= header_h
        for other in parts[k + 1:]:
            assert not part.colliderect(other), (part, other)
    # Every panel is a tap target a finger tall (docs/touch.md), as wide as a name needs.
    for box in plan.panels:
        assert box.h >= c.u(places.PANEL_H)
        assert box.w >= c.u(places.PANELS) - c.u(8) or places.portrait(c)
    # The phase has the width the scene's `phase_width` promises its controls.
    assert plan.area.w == places.phase_width(c)
    # Portrait with an odd number of players: the grid's free cell, beside the last panel.
    if places.portrait(c) and players % 2:
        assert plan.spare is not None
        assert plan.spare.top == plan.panels[-1].top
        assert not any(plan.spare.colliderect(box) for box in plan.panels)
    else:
        assert plan.spare is None


def test_the_same_data_gives_the_same_places():
    for size in SIZES:
        assert frame_of(canvas(size), 4) == frame_of(canvas(size), 4)
        c = canvas(size)
        box = pygame.Rect(10, 60, 240, 56)
        details = ("3 cards", "firemen 2", "contracts 1/2 0/3")
        assert places.panel(c, box, "Anna", "12", "-3", "pt", details) == \
            places.panel(c, box, "Anna", "12", "-3", "pt", details)


def test_landscape_five_players_the_track_gives_up_its_numbers_then_its_place():
    c = canvas((800, 480))
    body = body_of(c)
    one_line = c.u(places.HEADER)
    full = places.track_height(c, body, one_line, 2)
    assert full == c.u(places.TRACK)
    # A two-line header leaves five finger-tall panels no room for the full track.
    two_lines = 2 * one_line - c.u(8)
    assert places.track_height(c, body, two_lines, 5) < full
    for header_h in (one_line, two_lines):
        track_h = places.track_height(c, body, header_h, 5)
        assert track_h == 0 or track_h >= c.u(places.TRACK_LEAST)
        plan = places.frame(c, body, header_h, track_h, places.panel_height(c), 5)
        assert all(box.h >= c.u(places.PANEL_H) for box in plan.panels)


@pytest.mark.parametrize("size", [(480, 800), (600, 1024)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_portrait_gives_way_step_by_step_to_what_the_controls_need(size):
    c = canvas(size)
    body = body_of(c)
    header_h = c.u(places.HEADER)
    steps = places.portrait_steps(c)
    # Each step leaves the phase more room, the panels a finger tall.
    rooms = [places.frame(c, body, header_h, t, p, 5).area.h for t, p in steps]
    assert rooms == sorted(rooms) and len(set(rooms)) == len(rooms)
    assert all(p >= c.u(places.PANEL_H) for _t, p in steps)
    levels = [places.portrait_level(c, body, header_h, 5, need)
              for need in range(c.u(40), rooms[-1] + c.u(40), c.u(20))]
    assert levels == sorted(levels)
    assert levels[0] == 0 and levels[-1] == len(steps)
    # The level chosen leaves what was asked for.
    for need in (rooms[0], rooms[1], rooms[-1]):
        level = places.portrait_level(c, body, header_h, 5, need)
        assert level < len(steps)
        assert places.frame(c, body, header_h, *steps[level], 5).area.h >= need


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_controls_start_below_the_hint_as_drawn(size):
    c = canvas(size)
    _h, plan = frame_of(c, 4)
    hint = ("Tap the card that goes on the next place, or turn the fire card over: it is "
            "resolved at once and another card takes its place.")
    drawn = layout.draw_text(c, hint, places.hint_box(plan.area), BODY, TEXT)
    used = places.hint_used(c, plan.area, hint)
    assert used == drawn.bottom - plan.area.top + c.u(4)
    place = places.hint_place(c, plan.area.w, [hint])
    assert place >= used
    below = places.below_hint(plan.area, place)
    assert below.top >= drawn.bottom
    assert below.bottom == plan.area.bottom
    assert places.hint_used(c, plan.area, "") == 0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_message_in_the_hints_place_keeps_the_controls_where_they_were(size):
    c = canvas(size)
    _h, plan = frame_of(c, 4)
    place = places.hint_place(c, plan.area.w, ["Tap the buyer."])
    for text in ("Undone.", "Red cannot pay 4: they have 3 coins."):
        message = places.message_in_place(c, plan.area, text, place)
        # A finger tall, inside its place, the text inside its box, the controls where
        # the hint's place left them.
        assert message.box.h >= c.u(56)
        assert plan.area.contains(message.box)
        assert message.box.contains(message.text_box)
        assert message.used == place
        assert places.above_phase(c, plan.area.w, place, text) == place
    assert places.above_phase(c, plan.area.w, place, None) == place
    # A long message takes more, and says so.
    long = " ".join(["Red: +1 income, +1 no purchase, now 7."] * 5)
    assert places.above_phase(c, plan.area.w, place, long) > place


def test_a_message_over_the_header_covers_the_header_and_the_track():
    c = canvas((800, 480))
    _h, plan = frame_of(c, 3)
    text = "The fire: Red loses 2 points, Blue 1."
    assert places.fits_over_header(c, text, plan.track.bottom)
    assert not places.fits_over_header(c, " ".join([text] * 8), plan.track.bottom)
    cover, message = places.over_header(c, plan.track, text)
    assert cover == pygame.Rect(0, 0, c.w, plan.track.bottom)
    assert cover.contains(message.box) and message.box.h >= c.u(56)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_header_keeps_its_words_apart_and_takes_two_lines_only_when_it_must(size):
    c = canvas(size)
    rect = places.header_bar(c)
    words = ("Round 3/8", "Summer", "cards left 21", "Purchase", "Phase: Purchase",
             "Anna first", "Anna")
    plan = places.header(c, rect, *words)
    assert plan.box == rect and plan.line_box is None
    # The line ends before the metal coin's badge, which is before who is first.
    line = c.text(plan.line, plan.line_at, BODY, TEXT, anchor="midleft")
    first = c.text(plan.first, plan.first_at, BODY, TEXT, anchor="midright")
    assert line.right < plan.badge_at[0] - plan.badge_r
    assert plan.badge_at[0] + plan.badge_r < first.left
    assert rect.contains(line) and rect.contains(first)
    # French words too long for one line: two lines below each other.
    long = ("Manche 3/8 (dernière manche)", "Automne", "cartes restantes 21",
            "Approvisionnement", "Phase : Approvisionnement",
            "Maximilian-Alexander commence", "Maximilian-Alexander")
    plan = places.header(c, rect, *long)
    if plan.line_box is None:
        assert size == (800, 480)
        return
    assert plan.box.h > rect.h and plan.box.contains(plan.line_box)
    assert plan.line_box.bottom <= plan.pile_at[1] <= plan.box.bottom
    assert plan.box.top <= plan.first_at[1] - c.u(14) and plan.first_at[1] > plan.line_box.bottom


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["Jo", "Anne-Sophie", "Maximilian-Alexander"])
def test_a_panels_texts_stay_inside_it_and_apart(size, name):
    c = canvas(size)
    _h, plan = frame_of(c, 5)
    box = plan.panels[0]
    details = ("3 cards", "firemen\u00a02", "contracts 2/2 0/3", "warehouse 1",
               "market hall: Coffee")
    got = places.panel(c, box, name, "13", "-9", "pt", details)
    assert box.contains(got.stripe)
    # What a reader sees collide: the ink of each string (as the frame checks measure it).
    c.text("pt", got.pt_at, 16, TEXT, anchor="topright")
    c.text("-9", got.points_at, 32, TEXT, anchor="topright", role="key")
    c.text("\u00a2", got.cent_at, 16, TEXT, anchor="topright")
    c.text("13", got.coins_at, 32, TEXT, anchor="topright", role="key")
    c.text(name, got.name_at, BODY, TEXT, max_width=got.name_width, role="secondary")
    for line, at in got.details:
        c.text(line, at, 16, TEXT)
    drawn = [ink for _text, ink in c.text_rects]
    # Only a long name may be cut (docs/frames.md).
    assert [t.text for t in c.drawn if t.cut] == [] or len(name) > 8
    if got.badge_at is not None:
        x, y = got.badge_at
        drawn.append(pygame.Rect(x - got.badge_r, y - got.badge_r, 2 * got.badge_r,
                                 2 * got.badge_r))
    for k, rect in enumerate(drawn):
        assert box.contains(rect), (rect, box)
        for other in drawn[k + 1:]:
            assert not rect.colliderect(other), (rect, other)
    # The most needed details come first, and give way from the end only.
    shown = " ".join(line for line, _at in got.details).replace("  ", " ")
    assert shown.startswith("3 cards") or not got.details


def test_the_markers_keep_apart_in_order_of_points_inside_the_track():
    c = canvas((800, 480))
    rect = pygame.Rect(0, 40, 800, c.u(places.TRACK))
    for tracks in ([0, 0, 0, 0, 0], [3, 4, 3, 30, 31], [-7, 0, 12, 45, 2], [60, 60]):
        plan = places.track(c, rect, tracks)
        assert plan.low <= min(tracks) and plan.high >= max(tracks)
        order = sorted(range(len(tracks)), key=lambda k: (tracks[k], k))
        xs = [plan.xs[k] for k in order]
        assert xs == sorted(xs)
        assert all(b - a >= 2 * plan.r for a, b in zip(xs, xs[1:], strict=False))
        assert rect.left < xs[0] - plan.r and xs[-1] + plan.r < rect.right
        assert rect.top < plan.y - plan.r and plan.y + plan.r <= rect.bottom
    # The line's numbers every fifth space, only where the track has its full height.
    line = places.track_line(c, rect, 0, 30)
    assert [t.space for t in line.ticks if t.number_at] == [0, 5, 10, 15, 20, 25, 30]
    short = pygame.Rect(0, 40, 800, c.u(places.TRACK_LEAST))
    assert not any(t.number_at for t in places.track_line(c, short, 0, 30).ticks)


def test_a_marker_moves_from_where_it_was_to_its_place_and_stops_there():
    assert places.marker_between(100.0, 200, 0.0) == 100.0
    assert places.marker_between(100.0, 200, 1.0) == 200.0
    way = [places.marker_between(100.0, 200, t / 10) for t in range(11)]
    assert way == sorted(way)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("name", ["Jo", "Anna", "Claudia"])
def test_a_panel_keeps_its_letter_badge_with_a_negative_score_and_a_short_name(
        size, players, name):
    """Colour is never the only signal (issue 19): two-digit coins beside a negative
    score left a short name too little room, and the panel dropped its letter for it. The
    badge stays, apart from every text, and the short name is whole (beside it, or on the
    line below)."""
    c = canvas(size)
    _h, plan = frame_of(c, players)
    box = plan.panels[0]
    for coins, points in (("13", "-9"), ("13", "-19"), ("9", "-3")):
        got = places.panel(c, box, name, coins, points, "pt", ("3 cards", "firemen\u00a02"))
        assert got.badge_at is not None
        mark = c.mark()
        c.text("pt", got.pt_at, 16, TEXT, anchor="topright")
        c.text(points, got.points_at, 32, TEXT, anchor="topright", role="key")
        c.text("\u00a2", got.cent_at, 16, TEXT, anchor="topright")
        c.text(coins, got.coins_at, 32, TEXT, anchor="topright", role="key")
        c.text(name, got.name_at, BODY, TEXT, max_width=got.name_width, role="secondary")
        x, y = got.badge_at
        badge = pygame.Rect(x - got.badge_r, y - got.badge_r, 2 * got.badge_r,
                            2 * got.badge_r)
        assert box.contains(badge)
        assert [ink for _text, ink in c.text_rects if ink.colliderect(badge)] == []
        assert [t.text for t in c.drawn if t.cut] == []
        c.forget_since(mark)


# --- the frame as one plan (`places.plan`, issue 36) ------------------------------------------


def says(players: int = 5, least: int = 0, round: int = 3, *, message: str | None = None,
         short: str | None = None, hint_in_bar: bool = False, legend: bool = False,
         sticky: bool = False, hint: str = "Tap the buyer.", place: int | None = None,
         c: Canvas | None = None) -> places.FrameSays:
    """What a round screen's frame must show (`RoundScene.frame_says`)."""
    if place is None:
        assert c is not None
        place = 0 if hint_in_bar else places.hint_place(c, places.phase_width(c), [hint])
    return places.FrameSays(
        ("Round 3/8", "Summer", "cards left 20", "Loading", "Phase: Loading", "Anna first",
         "Anna"), players, round, least, place, "" if hint_in_bar else hint, hint_in_bar,
        message, short, False, sticky, legend)


def test_the_same_inputs_make_the_same_plan():
    c = canvas((800, 480))
    first = places.plan(c, body_of(c), says(c=c), None)
    assert places.plan(c, body_of(c), says(c=c), first) is first
    assert places.plan(c, body_of(c), says(c=c), None) == first


def test_portrait_the_frame_gives_way_once_a_round_and_never_back():
    c = canvas((480, 800))
    body = body_of(c)
    roomy = places.plan(c, body, says(least=c.u(100), c=c), None)
    tight = places.plan(c, body, says(least=c.u(420), c=c), roomy)
    assert tight.frame.track.h < roomy.frame.track.h
    assert tight.phase.h > roomy.phase.h
    # A tap that needs less (a buyer chosen) moves nothing back under the finger ...
    eased = places.plan(c, body, says(least=c.u(100), c=c), tight)
    assert eased.frame == tight.frame and eased.phase == tight.phase
    # ... until the next round.
    fresh = places.plan(c, body, says(least=c.u(100), round=4, c=c), eased)
    assert fresh.frame == roomy.frame


def test_landscape_the_track_gives_its_place_once_a_round():
    c = canvas((800, 480))
    body = body_of(c)
    roomy = places.plan(c, body, says(least=c.u(100), c=c), None)
    assert roomy.frame.track.h
    gone = places.plan(c, body, says(least=c.u(330), c=c), roomy)
    assert not gone.frame.track.h
    assert not places.plan(c, body, says(least=c.u(100), c=c), gone).frame.track.h
    assert places.plan(c, body, says(least=c.u(100), round=4, c=c), gone).frame.track.h


def test_a_sticky_place_keeps_the_tallest_message_for_the_round():
    c = canvas((800, 480))
    body = body_of(c)
    long = "Income: " + ", ".join(f"player {k} gets 3 coins and 2 points" for k in range(5))
    calm = places.plan(c, body, says(sticky=True, c=c), None)
    loud = places.plan(c, body, says(sticky=True, message=long, c=c), calm)
    assert loud.phase.top > calm.phase.top
    after = places.plan(c, body, says(sticky=True, c=c), loud)
    assert after.phase == loud.phase
    assert places.plan(c, body, says(sticky=True, round=4, c=c), after).phase == calm.phase


@pytest.mark.parametrize("players", [4, 5])
def test_the_legend_s_row_is_kept_below_the_frame(players):
    for size in [(800, 480), (480, 800)]:
        c = canvas(size)
        body = body_of(c)
        plan = places.plan(c, body, says(players, legend=True, c=c), None)
        assert plan.legend is not None
        assert plan.legend.bottom == body.bottom and plan.body.bottom < plan.legend.top
        for part in [*plan.frame.panels, plan.frame.area, plan.phase]:
            assert not part.colliderect(plan.legend), (size, part)
        assert places.plan(c, body, says(players, c=c), None).legend is None


def test_where_nothing_fits_over_the_header_a_message_has_a_place_of_its_own():
    """800x480, five players and the legend: the track gives its place, so no message
    fits over the header; with the hint in the bar, a message too long for it has a place
    kept above the controls whether or not it shows (issue 31)."""
    c = canvas((800, 480))
    body = pygame.Rect(0, 0, c.w, c.h - c.u(72))  # the UI's bar
    quiet = places.plan(c, body, says(5, legend=True, hint_in_bar=True, c=c), None)
    assert not quiet.frame.track.h
    undone = ("Undone: Red sells coffee to the merchant for 3 coins and takes the points "
              "the contract brings.")
    said = places.plan(c, body, says(5, legend=True, hint_in_bar=True, message=undone,
                                     c=c), quiet)
    assert said.phase == quiet.phase and said.message is not None
    assert said.message.box.bottom < said.phase.top
    # Too long even for its place: its short form, where it has one.
    longer = undone + " " + undone
    short = places.plan(c, body, says(5, legend=True, hint_in_bar=True, message=longer,
                                      short="Undone.", c=c), quiet)
    assert short.phase == quiet.phase and short.message is not None
    assert short.message.text == "Undone."
    # With the track there (no legend), a one-line message goes over the header as before.
    track = places.plan(c, body, says(5, hint_in_bar=True, c=c), None)
    over = places.plan(c, body, says(5, hint_in_bar=True, message="Undone.", c=c), track)
    assert over.over_header is not None and over.phase == track.phase


# --- the newcomer's round (frame2, item 1): a negative score keeps the name and the cards ------


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "pt", "cards", "firemen"), [
    ("Violet", "PV", "2\u00a0cartes", "casernes\u00a00"),
    ("Jaune", "PV", "2\u00a0cartes", "casernes\u00a00"),
    ("Lila", "P", "2\u00a0Karten", "Feuerwehr\u00a00"),
    ("Vktt\u00e4", "P", "2\u00a0Karten", "Feuerwehr\u00a00")])
def test_a_negative_score_keeps_the_name_beside_the_badge_and_the_card_count(
        size, name, pt, cards, firemen):
    """QA (French, 5 players): "4¢ −2 PV" put "Violet" on the line below, where the
    details gave way to it ("2 cartes" gone). The key numbers close up first: the name
    stays beside the badge, whole, and the details below it. Two-digit coins beside a
    negative score put the name below, where the card count stays on its line."""
    c = canvas(size)
    _h, plan = frame_of(c, 5)
    box = min(plan.panels, key=lambda b: b.h)
    details = (cards, firemen)
    f_small = font(c.px(SMALL))
    for coins, points in (("4", "\u22122"), ("5", "\u22126"), ("9", "\u22129")):
        got = places.panel(c, box, name, coins, points, pt, details)
        assert got.name_at[1] < box.y + c.u(places.DETAILS_Y), (coins, points)
        assert got.name_width >= f_small.size(name)[0]
        # The same details as with a score of 6 (French: both; German: the cards).
        same = places.panel(c, box, name, coins, "6", pt, details)
        assert got.details == same.details and cards in got.details[0][0]
        inks_apart(c, got, name, coins, points, pt, box)
    for coins, points in (("14", "\u22126"), ("12", "\u221212")):
        for keep in ((), (1,)):
            got = places.panel(c, box, name, coins, points, pt, details, keep)
            shown = " ".join(d for d, _at in got.details)
            assert (cards in shown) if not keep else (firemen in shown)
            inks_apart(c, got, name, coins, points, pt, box)


def inks_apart(c: Canvas, got: places.PanelPlan, name: str, coins: str, points: str,
               pt: str, box: pygame.Rect) -> None:
    """Every text of the panel as the scene draws it: inside the panel, none cut, apart."""
    mark = c.mark()
    c.text(pt, got.pt_at, SMALL, TEXT, anchor="topright")
    c.text(points, got.points_at, LARGE, TEXT, anchor="topright", role="key")
    c.text("\u00a2", got.cent_at, SMALL, TEXT, anchor="topright")
    c.text(coins, got.coins_at, LARGE, TEXT, anchor="topright", role="key")
    c.text(name, got.name_at, BODY, TEXT, max_width=got.name_width, role="secondary")
    for line, at in got.details:
        c.text(line, at, SMALL, TEXT)
    drawn = [ink for _text, ink in c.text_rects]
    x, y = got.badge_at
    drawn.append(pygame.Rect(x - got.badge_r, y - got.badge_r, 2 * got.badge_r,
                             2 * got.badge_r))
    assert [t.text for t in c.drawn if t.cut] == []
    for k, rect in enumerate(drawn):
        assert box.contains(rect), (rect, box)
        for other in drawn[k + 1:]:
            assert not rect.colliderect(other), (rect, other)
    c.forget_since(mark)


# --- the newcomer's round (frame2, item 2): the header keeps the season -----------------------


@pytest.mark.parametrize("words", [
    ("Tour 3/8", "Printemps", "pioche 40", "Approvisionnement",
     "Phase\u00a0: Approvisionnement", "Jaune commence", "Jaune"),
    ("Letzte Runde 16/16", "Herbst", "Stapel 4", "Angebot", "Phase: Angebot",
     "Vktt\u00e4 beginnt", "Vktt\u00e4"),
    ("Dernier tour 8/8", "Automne", "pioche 1", "Achat", "Phase\u00a0: Achat",
     "Jaune commence", "Jaune")], ids=["fr-19", "de-r15", "fr-124"])
def test_the_header_keeps_the_season_and_the_pile_on_one_line(words):
    """QA: the French Supply (fr-19) and the German last round (de-r15) dropped the season
    for the pile and the starter's name. The separators narrow and the starter shows by
    name alone first: one line with the round, season, pile and phase."""
    c = canvas((800, 480))
    plan = places.header(c, places.header_bar(c), *words)
    assert plan.line_box is None
    for part in (words[0], words[1], words[2], words[3]):
        assert part in plan.line, (part, plan.line)
    line = c.text(plan.line, plan.line_at, BODY, TEXT, anchor="midleft")
    assert line.right < plan.badge_at[0] - plan.badge_r


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_header_on_two_lines_keeps_the_season_on_the_first(size):
    """The French last round's Supply (fr-114) is too long for one line with a long
    starter's name: the season stays, on the first line with the round and the phase, or
    (portrait) on the second with the pile, beside who is first."""
    c = canvas(size)
    words = ("Dernier tour 8/8", "Automne", "pioche 8", "Approvisionnement",
             "Phase\u00a0: Approvisionnement", "Anne-Sophie commence", "Anne-Sophie")
    plan = places.header(c, places.header_bar(c), *words)
    assert plan.line_box is not None and "Dernier tour 8/8" in plan.line
    assert "Automne" in plan.line or "Automne" in plan.pile
    assert "pioche 8" in plan.pile
    # The second line's words end before the metal coin's badge.
    pile = c.text(plan.pile, plan.pile_at, BODY, TEXT, anchor="midleft")
    assert pile.right < plan.badge_at[0] - plan.badge_r


# --- the newcomer's round (frame2, item 3): portrait panels show the same details ----------------


@pytest.mark.parametrize("players", [2, 4])
def test_portrait_panels_keep_a_second_line_of_details_where_the_phase_leaves_room(players):
    """QA dep-01, dep-05, dep-06 (German, 480x800): Supply's panels said the firemen,
    Purchase's the cards, and Loading left a large gap under one line. Where the phase's
    controls leave room, the panels have two lines: the cards and the firemen in every
    phase, whichever the phase keeps."""
    c = canvas((480, 800))
    body = body_of(c)
    got = places.plan(c, body, says(players, least=c.u(300), c=c), None)
    box = got.frame.panels[0]
    details = ("5\u00a0Karten", "Feuerwehr\u00a02")
    for keep in ((), (1,)):
        panel = places.panel(c, box, "Anna", "3", "0", "P", details, keep)
        assert [d.strip() for d, _at in panel.details] == list(details), keep
    assert got.phase.h >= c.u(300)
    # Controls that need more take the line back (and the frame gives way as before).
    tight = places.plan(c, body, says(players, least=c.u(480), c=c), None)
    assert tight.frame.panels[0].h < box.h


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_finger_tall_panel_keeps_its_line_of_details(size):
    """QA fr-114, fr-120: five players under the last round's two-line header leave each
    panel a finger tall, and every panel lost its details for a pixel of the line's
    descent. A finger-tall panel holds one line of them, inside it."""
    c = canvas(size)
    box = pygame.Rect(c.u(8), c.u(80), places.phase_width(c) // 2 if places.portrait(c)
                      else places.panels_width(c) - c.u(8), c.u(56))
    details = ("2\u00a0cartes", "casernes\u00a04")
    got = places.panel(c, box, "Rouge", "6", "2", "PV", details, (1,))
    assert got.details and "casernes\u00a04" in got.details[0][0]
    inks_apart(c, got, "Rouge", "6", "2", "PV", box)


def test_a_header_on_two_lines_keeps_them_for_the_round_on_the_screen():
    """French portrait, the last round: "Demande" took the header onto two lines and
    "Achat" after it fit on one, so the panels and the controls moved up under the finger
    (a touch game's steady check). Two lines stay for the round; the next round starts
    anew."""
    from companion.engine.values import replace

    c = canvas((480, 800))
    body = body_of(c)
    words = ("Dernier tour 12/12", "Automne", "pioche 1", "Demande", "Phase\u202f: Demande",
             "Rouge commence", "Rouge")
    demand = replace(says(4, least=c.u(200), c=c), header=words)
    first = places.plan(c, body, demand, None)
    assert first.header.line_box is not None
    buying = replace(demand, header=(*words[:3], "Achat", "Phase\u202f: Achat", *words[5:]))
    assert places.header(c, places.header_bar(c), *buying.header).line_box is None
    then = places.plan(c, body, buying, first)
    assert then.header.line_box is not None and then.frame == first.frame
    later = places.plan(c, body, replace(buying, round=4, header=(
        "Tour 4/12", *buying.header[1:])), then)
    assert later.header.line_box is None
