"""The QA findings on the round screens (a helper played whole games in a real window),
each as a table would meet it: by touch, with the labels and texts of the frame
description (docs/frames.md)."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger
from companion.engine import Adjust, State
from companion.ui import words
from companion.ui.i18n import set_language
from companion.ui.samples import Demo


def at(ui, test, players=3, **kw) -> Finger:
    Demo(ui, players).at(test, **kw)
    return Finger(ui)


@pytest.fixture
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def uncut(frame) -> set[str]:
    return {t["text"] for t in frame["texts"] if not t["cut"]}


# --- 2: the buyer's letter is never "…" ---------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("coins", [10, 13, 99])
def test_purchase_buyer_buttons_always_show_the_letter_whatever_the_coins(ui, language, coins):
    finger = at(ui, lambda b, a: a.phase == "purchase", players=5)
    state = ui.game.state
    for pid in state.players:
        ui.game.act(Adjust(pid, reason="table", coins=coins - state.player(pid).coins))
    frame = finger.frame()
    state = ui.game.state
    shown = uncut(frame)
    for pid in state.players:
        letter = words.letter(state, pid)
        assert letter in shown, (letter, [t["text"] for t in frame["texts"] if t["cut"]])
        # ...and every price of their row is a button named by it ("A 1").
        assert finger.has(f"{letter} 1")
    assert not [t for t in frame["texts"] if t["text"].endswith("\u2026")]
    # A tap on one of them buys the card for that price.
    pid = state.players[-1]
    index = state.settling
    finger.tap(f"{words.letter(state, pid)} 1")
    while ui.top.name == "confirm":
        finger.tap_primary()
    slot = ui.game.state.slots[index]
    assert (slot.buyer, slot.price) == (pid, 1)


# --- 13: tracked form, the offered player cannot pay: OK passes for them ----------------------


def test_tracked_offer_to_a_player_who_cannot_pay_is_passed_by_the_primary_action(ui, monkeypatch):
    from companion.engine import Pass

    def offered(b: State, a: State) -> bool:
        return (a.phase == "purchase" and a.settling < len(a.slots)
                and bool(a.slots[a.settling].workers))

    finger = at(ui, offered, form="tracked")
    assert ui.top.name == "purchase-tracked"
    state = ui.game.state
    index = state.settling
    pid = state.slots[index].workers[0]
    ui.game.act(Adjust(pid, reason="table", coins=-state.player(pid).coins))
    state = ui.game.state
    primary = finger.primary()
    assert primary is not None and primary["enabled"], primary
    name = words.player_name(ui.game.state, pid)
    assert name in primary["label"] and "pass" in primary["label"]
    game = ui.game
    done: list[object] = []
    act = game.act
    monkeypatch.setattr(game, "act", lambda action: done.append(action) or act(action))
    finger.tap_primary()
    assert done == [Pass(pid, index)]
    assert ui.game.state.actions == state.actions + 1


# --- 4: every Purchase tile can be told from the others by its text ----------------------------


def purchase_tiles(frame, state) -> list[str]:
    """The texts drawn on each tile of Purchase (quick form, no card settled yet), left to
    right: the small texts drawn after the hint naming the card ("Card 1 of n: ...") and
    before the grid's prices, but the initials on the cubes of a ship's or a contract's
    goods."""
    from companion.ui import names
    from companion.ui.i18n import _

    card_line = _("Card {k} of {n}: {card}").split("{k}")[0]
    texts = frame["texts"]
    start = next(i for i, t in enumerate(texts) if t["text"].startswith(card_line))
    body = texts[start]["px"]
    while texts[start]["px"] >= body:  # the hint's lines
        start += 1
    initials = {names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
    tile: list[dict] = []
    for t in texts[start:]:
        if t["text"] in initials:  # a cube's initials (a ship's or a contract's goods)
            continue
        if t["px"] >= body:
            break
        tile.append(t)
    columns: list[list[dict]] = []
    def centre(t: dict) -> float:
        return t["rect"][0] + t["rect"][2] / 2

    for t in sorted(tile, key=lambda t: (centre(t), t["rect"][1])):
        if columns and abs(centre(t) - centre(columns[-1][0])) < 30:
            columns[-1].append(t)
        else:
            columns.append([t])
    for column in columns:
        assert not any(t["cut"] for t in column), column
    return [" ".join(t["text"] for t in sorted(col, key=lambda t: t["rect"][1]))
            for col in columns]


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("game_round", range(1, 9))
def test_every_purchase_tile_is_identified_by_its_text(ui, language, game_round):
    from companion.ui import names
    from companion.ui.i18n import _

    def settling_first(b: State, a: State) -> bool:
        return (a.phase in ("demand", "purchase") and a.round == game_round
                and a.settling == 0 and len(a.slots) >= 6)

    try:
        finger = at(ui, settling_first, players=5)
    except LookupError:
        pytest.skip("no demo game has six cards in that round")
    state = ui.game.state
    tiles = purchase_tiles(finger.frame(), state)
    assert len(tiles) == len(state.slots), tiles
    # Ships are told apart by the cubes drawn on their tiles (what the table sees on them);
    # two cards alike (Autumn's two counting offices) read alike, as they do on the table.
    # A contract's goods are cubes on its tile too.
    def cubes(slot) -> tuple:  # type: ignore[no-untyped-def]
        card = state.catalogue[slot.card]
        return tuple(sorted(slot.goods or (card.goods if card.kind == "contract" else ())))

    seen = {(text, cubes(slot)) for text, slot in zip(tiles, state.slots, strict=True)}
    assert len(seen) == len({(names.card_name(state.catalogue[slot.card]), cubes(slot))
                             for slot in state.slots}), tiles
    for slot, text in zip(state.slots, tiles, strict=True):
        card = state.catalogue[slot.card]
        whole = names.card_name(card).replace("\u00ad", "")
        raw = _(names.KIND_NAMES[card.kind]) if card.kind in names.KIND_NAMES else \
            names.card_name(card, with_season=False)
        kind = raw.replace("\u00ad", "")
        # What the card's face shows (its goods may wrap: "Te Sa Ru?"), never a code.
        faces = [names.face(card), names.face(card).replace(names.GOODS_JOIN, " "),
                 names.face(card).replace(names.GOODS_JOIN, "")]
        tag = next((f for f in faces if f and text.endswith(f)), "")
        if card.kind == "contract" and not tag:  # goods as cubes: the kind, "?" if a guess
            mark = "?" if "goods" in card.unverified else ""
            short = text.removesuffix(mark).strip()
            assert text.endswith(mark) and (kind.startswith(short.replace("- ", "")) and (
                short == kind or short.endswith("-") or kind.startswith(short + " "))), (
                text, kind)
            continue
        assert names.face(card) == "" or tag, (text, whole)
        # The name whole, the kind whole with its face; or its kind cut where the word may
        # break (at a soft hyphen, marked "-": "Feuerwehr- 3") or between whole words
        # ("Chambre"), with its face; a merchant by its good; the face alone. Never
        # mid-word with a full stop ("Teppic."), never a catalogue code.
        short = text.removesuffix(tag).strip()
        good_raw = names.good(card.good) if card.good else ""
        good = good_raw.replace("\u00ad", "")
        assert text.replace("- ", "") in (whole, f"{kind} {tag}".strip()) or (
            text.endswith(tag) and (not short or (
                (short.endswith("-") and short[:-1] + "\u00ad" in raw.replace(" ", "\u00ad"))
                or kind.startswith(short + " ")
            ))) or (good and (text == good[:1].upper() + good[1:] or (
                text.endswith("-") and text[:-1].lower() + "\u00ad" in good_raw.lower()))), (
                text, whole)


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("game_round", [2, 3, 5, 7, 8])
def test_every_supply_card_is_named_whole_and_unlike_the_others(ui, language, game_round):
    """Supply's buttons name kind and number whole (QA 4: two tiles "Ca-sern…"), on pages
    where a season's names do not fit one."""
    from companion.ui import names

    def started(b: State, a: State) -> bool:
        return a.phase == "supply" and a.round == game_round and not a.slots

    finger = at(ui, started, players=5)
    state = ui.game.state
    season = state.top_season()
    # Each card by what it shows; the cards of a kind whose values are still guesses, one
    # button that asks what the card shows ("Caserne ?").
    asked = ui.top.asked_kinds(state)
    want = {(ui.top.pick_label(state.catalogue[c].kind)
             if c in asked.get(state.catalogue[c].kind, ())
             else names.card_in_season(state.catalogue[c])).replace("\u00ad", "")
            for c in state.unseen[season]}
    seen: list[str] = []
    for turn in ("\u203a", None):
        frame = finger.frame()
        assert not [t for t in frame["texts"] if t["cut"] and t["px"] > 18], frame["texts"]
        seen += [t["label"] for t in frame["targets"] if t["label"] in want]
        if turn is None or not finger.has(turn):
            break
        finger.tap(turn)
    assert len(seen) == len(set(seen))
    assert set(seen) == want


# --- 7: nothing moves under the finger ---------------------------------------------------------


def places(finger: Finger) -> dict[str, list[int]]:
    return {t["label"]: t["rect"] for t in finger.frame()["targets"] if not t["bar"]}


def moved(before: dict[str, list[int]], after: dict[str, list[int]]) -> dict[str, tuple]:
    return {k: (before[k], after[k]) for k in before.keys() & after.keys()
            if before[k] != after[k]}


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("players", [3, 5])
def test_an_undo_message_does_not_move_the_ship_goods_row(ui, language, players):
    from companion.ui import names
    from companion.ui.i18n import _

    def ship_next(b: State, a: State) -> bool:
        season = a.top_season()
        return a.phase == "supply" and season is not None and any(
            a.catalogue[c].kind == "ship" for c in a.unseen.get(season, ()))

    finger = at(ui, ship_next, players=players)
    state = ui.game.state
    ship = sorted(c for c in state.unseen[state.top_season()]
                  if state.catalogue[c].kind == "ship")[0]
    finger.tap(names.card_in_season(state.catalogue[ship]))
    goods = [g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if state.bag[g]][:2]
    for g in goods:
        finger.tap(names.good_initial(g))
    before = places(finger)
    finger.tap(_("Undo"))
    assert ui.message is not None and ui.top.goods == goods[:1]
    assert not moved(before, places(finger))


def cube_targets(finger: Finger) -> dict[tuple[int, ...], str]:
    from companion.ui import names
    initials = {names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
    return {tuple(t["rect"]): t["label"] for t in finger.frame()["targets"]
            if t["label"] in initials and not t["bar"]}


def test_loading_keeps_the_other_cubes_in_their_places_when_one_goes_to_the_market_hall(ui):
    from companion.engine.words import Store

    def mixed_dock(b: State, a: State) -> bool:
        if a.phase != "loading" or a.actions != b.actions + 1:
            return False
        first = a.seat_after(a.first_player, 0)
        ps = a.player(first)
        return len(set(ps.dock)) >= 3 and not ps.market

    finger = at(ui, mixed_dock, players=4)
    state = ui.game.state
    pid = state.first_player
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    assert ui.top.player == pid
    assert len(set(state.player(pid).dock)) >= 3
    before = cube_targets(finger)
    first = min(before, key=lambda r: (r[1], r[0]))
    finger.tap_target({"rect": list(first), "label": before[first]})
    finger.tap(words.place(state, Store.MARKET))
    assert ui.game.state.player(pid).market
    after = cube_targets(finger)
    for rect, label in before.items():
        if rect != first:
            assert after.get(rect) == label, (rect, label, after)


# --- 16: Loading opens on the first player ----------------------------------------------------


def test_loading_opens_on_the_first_player_not_always_player_one(ui):
    def loading_begins(b: State, a: State) -> bool:
        return (a.phase == "loading" and b.phase != "loading"
                and a.first_player != a.players[0] and bool(a.player(a.first_player).dock)
                and bool(a.player(a.players[0]).dock))

    at(ui, loading_begins, players=4)
    state = ui.game.state
    assert ui.top.name == "loading"
    assert ui.top.player == state.first_player


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
def test_the_sell_shortcut_stays_put_after_fill_contracts(ui, language):
    from benchmarks.touch import clean
    from companion.ui.i18n import _
    from companion.ui.scenes.loading import LoadingScene

    def both(a: State) -> str | None:
        return next((p for p in a.players
                     if [len(moves) > 1 for _label, moves in LoadingScene.shortcuts(
                         None, a, p)] == [True, True]), None)  # type: ignore[arg-type]

    finger = at(ui, lambda b, a: a.phase == "loading" and both(a) is not None, players=4)
    state = ui.game.state
    pid = both(state)
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    fill = clean(_("Fill contracts ({n})")).split("(")[0].strip()
    sell = clean(_("Sell to merchants (+{n})")).split("(")[0].strip()

    def shortcut(word: str) -> dict | None:
        return next((t for t in finger.frame()["targets"]
                     if clean(t["label"]).startswith(word)), None)

    def turn_to(word: str) -> dict | None:
        """The choices' page with that shortcut (the one-tap moves come first)."""
        while finger.has("\u2039"):
            finger.tap("\u2039")
        while shortcut(word) is None and finger.has("\u203a"):
            finger.tap("\u203a")
        return shortcut(word)

    where = turn_to(sell)
    assert where is not None and turn_to(fill) is not None
    finger.tap(lambda label: label.startswith(fill))
    after = turn_to(sell)
    assert after is not None and after["rect"] == where["rect"], (where, after)


# --- 14: Loading never asks where a cube goes without an answer --------------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
def test_a_cube_with_nowhere_to_go_says_why_and_can_be_left(ui, language):
    from companion.engine import Move
    from companion.ui import names
    from companion.ui.i18n import _
    from companion.ui.scenes.loading import cubes_of, loading_actions

    def stuck(a: State) -> tuple[str, int] | None:
        if a.phase != "loading":
            return None
        for p in a.players:
            for i, (good, store) in enumerate(cubes_of(a, p)):
                if store == "dock" and not any(
                        isinstance(m, Move) and m.good == good and m.source == store
                        for m in loading_actions(a, p)):
                    return p, i
        return None

    finger = at(ui, lambda b, a: stuck(a) is not None, players=4)
    state = ui.game.state
    pid, index = stuck(state)  # type: ignore[misc]
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    good = cubes_of(state, pid)[index][0]
    initials = {names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
    cubes = [t for t in finger.frame()["targets"] if t["label"] in initials and not t["bar"]]
    finger.tap_target(cubes[index])
    assert ui.top.selected == [index]
    question = _("Where does the {good} go?").format(good=names.good(good))
    stays = _("Nothing else takes it: at the end of Loading it goes to the stock.")
    # Said on the screen, also while a message (the rule that refused a place, as the
    # table met it) shows.
    refusal = ui.top.reasons(state, pid, [cubes_of(state, pid)[index]], False)[-1]
    for message in (None, refusal):
        if message:
            ui.error(message)
        frame = finger.frame()
        shown = " ".join(t["text"] for t in frame["texts"])
        assert question not in shown
        assert " ".join(stays.replace("\u00ad", "").split()[:3]) in shown, shown
        assert " ".join(refusal.split()[:3]) in shown, shown
        assert not [t for t in frame["texts"] if t["cut"] and t["px"] > 18]
    finger.tap(lambda label: label.startswith(stays.split()[0]))
    assert ui.top.selected == []
    assert ui.game.state.player(pid).dock == state.player(pid).dock


# --- 8, 11: the panels' names and words whole ---------------------------------------------------


def unnamed_but_first(ui, players: int, test, first_name: str = "François") -> None:
    """The demo game with only the first seat named (the others are their colours)."""
    from companion.engine import Setup
    demo = Demo(ui, players)
    actions, k = demo.moment(test)
    setup = actions[0]
    assert isinstance(setup, Setup)
    demo.open_at([Setup(players=setup.players, first=setup.first,
                        names={setup.players[0]: first_name}), *actions[1:]], k)


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("phase", ["supply", "purchase", "loading"])
def test_a_short_name_is_never_cut_in_a_panel_whatever_the_numbers(ui, language, phase):
    unnamed_but_first(ui, 5, lambda b, a: a.phase == phase and a.round >= 6)
    state = ui.game.state
    for pid in state.players:
        ps = state.player(pid)
        ui.game.act(Adjust(pid, reason="table", coins=13 - ps.coins, points=-9 - ps.track))
    frame = Finger(ui).frame()
    cut = [t["text"] for t in frame["texts"] if t["cut"]]
    assert not cut, cut
    shown = uncut(frame)
    for pid in state.players:
        assert words.player_name(ui.game.state, pid) in shown


def test_the_german_panel_says_feuerwehrmaenner_with_its_number_on_the_same_line(ui):
    import re
    set_language("de")
    try:
        finger = at(ui, lambda b, a: a.phase == "supply" and a.round == 2, players=3)
        texts = [t["text"] for t in finger.frame()["texts"] if t["rect"][0] < 250]
    finally:
        set_language("en")
    said = [t for t in texts if "Feuerwehr" in t]
    assert said, texts
    for text in said:
        assert re.search(r"Feuerwehrmänner\s\d", text), text
    assert not [t for t in texts if re.match(r"\d+ Auftr", t)], texts


# --- 16: the header keeps the season in every phase ---------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("moment", ["supply", "demand", "loading", "last"])
@pytest.mark.parametrize("players", [3, 5])
def test_the_round_header_says_the_season_in_every_phase(ui, language, moment, players):
    from companion.ui import names

    def reached(b: State, a: State) -> bool:
        if moment == "last":
            return a.last_round and a.phase == "loading"
        return a.phase == moment and a.round >= 3

    from companion.ui.i18n import _

    finger = at(ui, reached, players=players)
    frame = finger.frame()
    header = " ".join(t["text"] for t in frame["texts"] if t["rect"][1] < 40)
    seasons = [names.season(s) for s in "ABCD"]
    if moment == "last" and _("last round") in header:
        return  # the last round says which it is; the season may give way to it
    if moment == "supply":  # Supply's heading names the season right below the header
        header = " ".join(t["text"] for t in frame["texts"] if not t["bar"])
    assert any(s in header for s in seasons), header


# --- 15: the places a cube may go are capitalised like the cards beside them ------------------


def test_loading_places_are_capitalised_like_the_cards_beside_them(ui):
    from companion.engine import Move
    from companion.ui import names
    from companion.ui.scenes.loading import cubes_of, loading_actions

    def market_offered(b: State, a: State) -> bool:
        if a.phase != "loading":
            return False
        p = a.first_player
        moves = [m for m in loading_actions(a, p) if isinstance(m, Move) and m.source == "dock"]
        return any(m.to == "market" for m in moves) and any(
            m.to not in ("market", "warehouse", "merchant") for m in moves)

    finger = at(ui, market_offered, players=4)
    state = ui.game.state
    pid = state.first_player
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    moves = [m for m in loading_actions(state, pid) if isinstance(m, Move)
             and m.source == "dock" and m.to == "market"]
    index = next(i for i, (g, s) in enumerate(cubes_of(state, pid))
                 if s == "dock" and g == moves[0].good)
    initials = {names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
    cubes = [t for t in finger.frame()["targets"] if t["label"] in initials and not t["bar"]]
    finger.tap_target(cubes[index])
    labels = finger.labels()
    assert "Market hall" in labels, labels
    assert "market hall" not in labels


def inside(rect, box) -> bool:
    return box[0] <= rect[0] and box[1] <= rect[1] and rect[0] + rect[2] <= box[0] + box[2] \
        and rect[1] + rect[3] <= box[1] + box[3]


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("phase", ["supply", "demand", "loading"])
def test_the_panels_keep_their_lines_while_a_message_shows(ui, language, phase):
    """QA 7: the panels lost their detail lines whenever a message strip appeared."""
    finger = at(ui, lambda b, a: a.phase == phase and a.round >= 3, players=5)

    def panels() -> list[tuple[str, list[int]]]:
        frame = finger.frame()
        left = min(t["rect"][0] for t in frame["targets"] if t["label"].startswith("panel")
                   or t["label"] in {words.player_name(ui.game.state, p)
                                     for p in ui.game.state.players})
        right = left + 250
        # The panels' own lines (the score track above them gives way to a long message).
        boxes = [t["rect"] for t in frame["targets"] if not t["bar"] and t["rect"][0] < right
                 and t["rect"][1] > 60]
        return [(t["text"], t["rect"]) for t in frame["texts"]
                if not t["bar"] and any(inside(t["rect"], box) for box in boxes)]

    before = panels()
    for message in ("Undone: tea.", "A long message that the bar cannot hold beside its "
                    "buttons, so it takes the hint's place above the controls."):
        ui.info(message)
        assert panels() == before
        ui.dismiss_message()
