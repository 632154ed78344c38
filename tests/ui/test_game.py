"""The game controller (companion/ui/game.py): which screens follow a state change."""

from __future__ import annotations

from companion.engine import Adjust, Done, Move, Phase, State
from companion.engine.cards import FOURTH_FIRE
from companion.inputs import intents as it
from companion.ui import words
from companion.ui.samples import Demo

from .helpers import at


def test_undo_from_loading_in_a_later_round_shows_no_income(ui):
    # Round 2 or later: the state still holds the previous round's income.
    Demo(ui, 4).at(lambda b, a: a.phase == Phase.LOADING and a.round >= 2
                   and b.phase == Phase.PURCHASE)
    game = ui.game
    assert game.state.income is not None
    game.undo()
    assert game.state.phase == Phase.PURCHASE
    assert [s.name for s in ui.stack if s.name == "income"] == []
    assert ui.top.name in ("purchase", "purchase-tracked")


def test_income_after_loading_is_the_next_screens_message(ui):
    """The Income needs no tap: the next round's Supply says what each player was paid,
    the parts beyond the income every player gets, and who holds the metal coin."""
    Demo(ui, 4).at(lambda b, a: a.phase == Phase.SUPPLY and b.phase == Phase.LOADING,
                   last_live=True)
    state = ui.game.state
    assert ui.top.name == "supply"
    said = ui.message.text
    assert said.startswith(f"Income, round {state.round - 1}: ")
    for pid in state.players:
        paid = state.income[pid]
        assert f"{words.player_name(state, pid)} +{paid.total}" in said
        if paid.no_purchase:
            assert f"+{paid.no_purchase} no purchase" in said
    first = words.player_name(state, state.first_player)
    assert said.endswith(f"The metal coin passes to {first}.")
    # A tap on the message opens the Income with every part; Continue goes back.
    ui.render()
    target = next(t for t in ui.canvas.describe(ui.top.name, "en")["targets"]
                  if t["label"] == said)
    x, y, w, h = target["rect"]
    ui.touch((x + w // 2, y + h // 2))
    assert ui.top.name == "income" and ui.message is None
    ui.render()
    texts = " | ".join(ui.canvas.texts)
    for pid in state.players:
        paid = state.income[pid]
        assert f"+{paid.total}" in texts
        if paid.total != paid.base:  # the parts, where there is more than the income
            assert words.income_parts({"base": paid.base, "no_purchase": paid.no_purchase,
                                       "bank": paid.bank}) in texts
    ui.top.primary()[1]()
    assert ui.top.name == "supply"


def test_the_fourth_fire_is_asked_after_the_last_income(ui):
    Demo(ui, 4).at(lambda b, a: a.phase == Phase.LOADING and a.last_round)
    game = ui.game
    assert "points" in game.state.catalogue[FOURTH_FIRE].unverified
    assert game.act(Done()) is False  # nothing recorded yet: the table meets Income first
    assert game.state.phase == Phase.LOADING
    # The income is the message of the 4th fire's question (no screen, no tap of its own).
    assert ui.top.name == "confirm"
    assert ui.message.text.startswith(f"Income, round {game.state.round}: ")
    assert ui.top.card_id == FOURTH_FIRE
    points = game.state.catalogue[FOURTH_FIRE].points
    ui.press(f"value:{points}")  # one tap: the points the card shows
    assert game.state.phase == Phase.OVER
    # Straight to the final screen, the fire's result its message (no tap); no second
    # Income: a tap on the message opens the 4th fire's screen, and Close goes back.
    assert ui.top.name == "final"
    fire = game.state.fires[-1]
    assert fire.card == FOURTH_FIRE and fire.points == points
    assert ui.message.text.startswith(f"4th fire {points}: ")
    assert "Income" not in ui.message.text
    ui.tap_message()
    assert ui.top.name == "fire" and game.state.fires[ui.top.index].card == FOURTH_FIRE
    ui.top.primary()[1]()
    assert ui.top.name == "final"


def test_backing_out_of_the_income_before_the_fourth_fire_records_nothing(ui):
    Demo(ui, 4).at(lambda b, a: a.phase == Phase.LOADING and a.last_round)
    game = ui.game
    before = game.state
    game.act(Done())
    ui.top.on_back()
    assert game.state is before
    assert ui.top.name == "loading"


def test_loading_goes_on_to_the_next_player_by_itself_and_undo_comes_back(ui):
    """Loading opens on the first player in turn with a ship's cube to unload (a player
    with nothing to load is skipped); when that player's last such cube is placed, the
    next one's cubes come without a tap; Undo shows the player whose move it took back."""
    from companion.engine import MarketSell, Move
    from companion.engine.legal import has_dock_work, loading_actions, next_loader
    from companion.ui.scenes.loading import move_label, sale_label

    def two_loaders(b, a):
        return (a.phase == Phase.LOADING and b.phase != Phase.LOADING
                and sum(has_dock_work(a, p) for p in a.players) >= 2)

    Demo(ui, 4).at(two_loaders, last_live=True)
    game, scene = ui.game, ui.top
    state = game.state
    first = next_loader(state)
    assert scene.name == "loading" and scene.player == first
    skipped = [p for p in state.players if not has_dock_work(state, p)]
    assert first not in skipped
    # One tap per move, by the button's label, until no ship's cube of theirs can move.
    moves = 0
    while has_dock_work(game.state, first) and moves < 12:
        move = next(a for a in loading_actions(game.state, first)
                    if (isinstance(a, Move) and a.source == "dock") or (
                        isinstance(a, MarketSell) and any(s == "dock" for _g, s in a.give)))
        ui.render()
        label = move_label(game.state, move) if isinstance(move, Move) else sale_label(move)
        while label not in [t["label"] for t in ui.canvas.describe("loading", "en")["targets"]
                            if t["enabled"]]:
            ui.press("page:next")
        target = next(t for t in ui.canvas.describe("loading", "en")["targets"]
                      if t["label"] == label)
        x, y, w, h = target["rect"]
        before = game.state.actions
        ui.touch((x + w // 2, y + h // 2))
        assert game.state.actions == before + 1 and game.state.last_action == move
        moves += 1
    assert ui.top.player == next_loader(game.state, first) != first
    ui.intent(it.Undo())
    assert ui.top.player == first and ui.message.text.startswith("Undone: ")


def test_a_known_fourth_fire_needs_no_tap_and_its_message_follows_the_income(ui):
    """A copy that knows the 4th fire's points: the last Loading done goes straight to the
    final screen; its message says the last Income and what the 4th fire did (who gained,
    who lost); a tap on it opens the Income, then the fire, then the final screen again."""
    Demo(ui, 4).at(lambda b, a: a.phase == Phase.LOADING and a.last_round)
    game = ui.game
    assert game.confirm_value(FOURTH_FIRE, "points", 6) is None
    assert game.act(Done()) is True  # nothing asked: one input for the event
    assert ui.top.name == "final" and game.state.phase == Phase.OVER
    fire = game.state.fires[-1]
    said = ui.message.text
    assert said.startswith(f"Income, round {game.state.round}: ")
    assert "4th fire 6: " in said and "The 4th fire ends the game." in said
    for pid in fire.gained:
        assert f"{words.player_name(game.state, pid)} +6" in said
    for pid in fire.lost:
        assert f"{words.player_name(game.state, pid)} \u22126" in said
    ui.tap_message()
    assert ui.top.name == "income"
    ui.top.primary()[1]()
    assert ui.top.name == "fire" and game.state.fires[ui.top.index].card == FOURTH_FIRE
    ui.top.primary()[1]()
    assert ui.top.name == "final"


# --- issue 11, finding 18: Undo of a correction; a completed contract ----------------------------


def test_undoing_a_correction_says_what_it_was(ui):
    finger = at(ui, lambda b, a: a.phase == "supply" and a.round == 2)
    state = ui.game.state
    pid = state.players[0]
    assert ui.game.act(Adjust(pid, reason="table", coins=-1))
    finger.tap("Undo")
    assert ui.message.text == f"Undone: \u22121 coin for {state.names[pid]}"


def _one_short(state: State) -> Move | None:
    """A Loading move that completes a contract: its owner's ship holds the last good."""
    if state.phase != "loading":
        return None
    for p in state.players:
        ps = state.player(p)
        for cid, filled in (ps.contracts or {}).items():
            need = list(state.catalogue[cid].goods)
            for g in filled:
                need.remove(g)
            if len(need) == 1 and need[0] in ps.dock:
                return Move(p, need[0], "dock", cid)
    return None


def test_a_completed_contract_is_announced(ui):
    at(ui, lambda b, a: _one_short(a) is not None, players=4)
    move = _one_short(ui.game.state)
    assert move is not None, "no contract to complete"
    assert ui.game.act(move)
    assert ui.message is not None and "complete" in ui.message.text
