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
    # The cubes the last Loading done left on the ships are said to go to the stock
    # (RULES.md: the UI says so), each player's by name.
    before = game.state.previous
    left = words.cubes_to_stock(before)
    assert left and f"To the stock from the ships: {left}." in said
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


# --- issue 30: a player's Loading done is that player's --------------------------------------


def _real_ui(state_dir):
    """A UI over the app's composition root and a real state directory (journal on disk)."""
    from companion import app
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.ui.core import UI

    settings = {"language": "en", "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0}}
    services = app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR, app.open_store(),
                                 app.open_history(state_dir))
    ui = UI(services, (800, 480))
    ui.open("home")
    return ui, services


def test_a_players_loading_done_hands_over_and_loading_ends_when_nobody_holds_a_ship_cube(
        tmp_path):
    """Through `app.make_services` and a real journal: a player's "Loading done" ends their
    Loading only (no line is written) and shows the next player holding ship cubes; Undo
    takes it back; "End for all" first names every cube still on a ship and what goes to
    the stock, and only its answer writes the record's `done`; after an Undo of that, the
    players' dones end Loading when the last holder of ship cubes is done."""
    import json

    from companion.engine import apply, new_game
    from companion.engine.legal import cube_holders
    from companion.engine.simulate import random_game
    from companion.store.journal import JOURNAL_NAME
    from companion.ui import names

    from .driver import dismiss, play, press_paged, start_game

    state_dir = tmp_path / "state"
    ui, services = _real_ui(state_dir)
    catalogue = services.load_catalogue()
    # A scripted game whose Loading begins with three players holding ship cubes (an
    # early round: the last one's done would ask the 4th fire's points first).
    found = None
    for seed in range(30):
        actions, _final = random_game(catalogue, 4, seed=seed, form="quick", loading="in_turn")
        state = new_game(actions[0], catalogue)
        for k, action in enumerate(actions[1:], start=1):
            after = apply(state, action)
            if after.phase == "loading" and state.phase != "loading" and \
                    len(cube_holders(after)) >= 3 and after.round < 6:
                found = actions[:k + 1]
                break
            state = after
        if found:
            break
    assert found is not None
    start_game(ui, found[0])
    for action in found[1:]:
        play(ui, action)
    dismiss(ui)

    def lines() -> list[dict]:
        return [json.loads(x) for x in (state_dir / JOURNAL_NAME).read_text().splitlines()
                if x.strip()]

    game = ui.game
    state = game.state
    holders = cube_holders(state)
    written = len(lines())
    assert ui.top.name == "loading" and ui.top.player == holders[0]
    # The first holder is done: the next holder's cubes come; nothing is written.
    ui.press("ok")
    assert game.state is state and ui.top.player == holders[1] and len(lines()) == written
    # Undo takes back that done (the last thing done), not a recorded action.
    ui.press("undo")
    first = words.player_name(state, holders[0])
    assert ui.top.player == holders[0] and ui.message.text == f"Undone: {first}: done"
    assert game.state is state and len(lines()) == written
    ui.press("ok")
    assert ui.top.player == holders[1]
    # Ending Loading for everyone is its own choice, and asks first: who still holds cubes
    # on ships, and that they go to the stock.
    press_paged(ui, "end:all")
    ui.render()
    said = " ".join(ui.canvas.texts)
    assert "to the stock" in said
    for pid in state.players:
        dock = state.player(pid).dock
        if dock:
            named = words.player_name(state, pid) + ": " + ", ".join(
                names.good_initial(g) for g in dock)
            assert named in said, (named, said)
    assert "loading:end-all" in ui.keys() and len(lines()) == written
    ui.press("ok")  # Keep loading: the safe answer
    assert ui.top.player == holders[1] and "loading:end-all" not in ui.keys()
    press_paged(ui, "end:all")
    ui.press("loading:end-all")
    assert game.state.phase != "loading", (ui.top.name, ui.message and ui.message.text)
    assert lines()[-1]["type"] == "done" and len(lines()) == written + 1
    # Undo: Loading again, the first holder's done still said; each holder's done hands
    # over, and the last one's writes the record's done.
    ui.press("undo")
    assert game.state.phase == "loading" and ui.top.player == holders[1]
    written = len(lines())
    for k, pid in enumerate(holders[1:], start=1):
        assert ui.top.player == pid
        ui.press("ok")
        if k < len(holders) - 1:
            assert game.state.phase == "loading" and len(lines()) == written
    assert game.state.phase != "loading" and lines()[-1]["type"] == "done"
    assert len(lines()) == written + 1


def test_a_done_player_who_moves_again_is_no_longer_done(ui):
    """Found playing (QA, German 2 players): the first holder says done, the second places
    their last cube and Loading ends by itself; Undo brings Loading back on the first
    holder's cubes. A move of theirs must not end Loading with their other cubes going to
    the stock: a player who moves after their done has taken it back."""
    from companion.engine.legal import cube_holders, has_dock_work, loading_actions

    def dock_move(state: State, pid: str) -> Move:
        return next(a for a in loading_actions(state, pid)
                    if isinstance(a, Move) and a.source == "dock")

    def begins(b, a):
        holders = cube_holders(a)
        return (a.phase == Phase.LOADING and b.phase != Phase.LOADING and len(holders) == 2
                and len(a.player(holders[0]).dock) >= 2
                and any(isinstance(x, Move) and x.source == "dock"
                        for x in loading_actions(a, holders[0])))

    Demo(ui, 2).at(begins, last_live=True)
    game = ui.game
    first, second = cube_holders(game.state)
    assert ui.top.name == "loading" and ui.top.player == first
    ui.press("ok")  # the first holder is done, cubes still on their ship
    assert ui.top.player == second and game.state.phase == Phase.LOADING
    while game.state.phase == Phase.LOADING and has_dock_work(game.state, second):
        assert game.act(next(a for a in loading_actions(game.state, second)
                             if getattr(a, "source", None) == "dock"
                             or any(s == "dock" for _g, s in getattr(a, "give", ()))))
    assert game.state.phase != Phase.LOADING  # nobody left who did not say done
    ui.press("undo")
    assert game.state.phase == Phase.LOADING and ui.top.player == first
    held = len(game.state.player(first).dock)
    assert game.act(dock_move(game.state, first))
    assert game.state.phase == Phase.LOADING, "the other cubes went to the stock untold"
    assert len(game.state.player(first).dock) == held - 1 and ui.top.player == first
    # Their done, said again, ends Loading (nobody else holds a cube).
    ui.press("ok")
    assert game.state.phase != Phase.LOADING


# --- issue 36: apply once ----------------------------------------------------------------


def test_an_action_undo_refusal_and_restart_through_the_real_journal(tmp_path, monkeypatch):
    """Through `app.make_services` and a real state directory: every action the table
    enters is applied by the engine once (the session's step, which the screens follow),
    its line is in the journal when the screen shows it; Undo writes its line and says
    what it took back; a refused action says why and changes nothing, on disk or on the
    screen; after a restart the game resumes where it was, Redo included."""
    import json

    from companion.engine import Reveal, rules
    from companion.engine.simulate import random_game
    from companion.store.journal import JOURNAL_NAME

    from .driver import dismiss, play, start_game

    state_dir = tmp_path / "state"
    ui, services = _real_ui(state_dir)
    actions, _final = random_game(services.load_catalogue(), 3, seed=4, form="quick")
    start_game(ui, actions[0])

    def lines() -> list[dict]:
        return [json.loads(x) for x in (state_dir / JOURNAL_NAME).read_text().splitlines()
                if x.strip()]

    # Every application of an action to a state, by whom: the engine's own checks of
    # legal moves (`legal.is_legal`, which screens may ask) are not the action's.
    applied: list[tuple[int, object]] = []
    plain, checking = rules._apply_plain, [0]

    def counted(state, action):
        if not checking[0]:
            applied.append((id(state), action))
        return plain(state, action)

    def legal_check(state, action):
        checking[0] += 1
        try:
            return real_legal_apply(state, action)
        finally:
            checking[0] -= 1

    from companion.engine import legal

    real_legal_apply = legal.apply
    monkeypatch.setattr(rules, "_apply_plain", counted)
    monkeypatch.setattr(legal, "apply", legal_check)
    written = len(lines())
    for action in actions[1:6]:
        play(ui, action)
    dismiss(ui)
    game = ui.game
    entered = [line["type"] for line in lines()[written:]]
    assert len(entered) >= 5 and game.state.actions == len(lines()) - 1
    # One application per recorded action: none predicted beside the session's (a
    # printed value the table confirmed is a line of its own, not a move).
    assert len(applied) == len([t for t in entered if t != "confirm_value"]), entered
    assert len(set(applied)) == len(applied)

    # Undo: its line is written, the screen follows the session's state, the message says
    # what was taken back.
    before, shown = game.state, ui.top.name
    ui.press("undo")
    assert lines()[-1]["type"] == "undo" and game.state is not before
    assert game.state.actions == before.actions + 1 and game.state.redo
    assert ui.message is not None and ui.message.text.startswith("Undone: ")
    undone = game.state

    # A refused action: a clear message, no line, the same state and screen.
    written, top = len(lines()), ui.top
    assert game.act(Reveal(actions[1].card)) is False  # a card already out
    assert ui.message is not None and ui.message.error and ui.message.text
    assert "Traceback" not in ui.message.text
    assert len(lines()) == written and game.state is undone and ui.top is top

    # A restart: the game resumes where it was, Redo waiting, on the same screen.
    shown = ui.top.name
    game.close()
    assert ui.top.name == "home"  # Leaving the game: Home again, the game saved
    ui.top.close_session()  # one process, two UIs: Home lets go of the saved game
    again, _services = _real_ui(state_dir)
    assert again.game is None  # Home shows the saved game first
    again.open_game(again.top.session)
    resumed = again.game.state
    assert resumed.to_json() == undone.to_json() and resumed.redo == undone.redo
    assert again.top.name == shown
    again.press("redo")
    assert lines()[-1]["type"] == "redo"
    assert again.game.state.to_json() == apply_redo_json(undone)
    again.game.close()
    again.top.close_session()


def apply_redo_json(state):
    from companion.engine import Redo, apply

    return apply(state, Redo()).to_json()


def test_the_values_retold_follow_the_records_lines_as_they_grow(tmp_path, monkeypatch):
    """`GameController.retold` reads the record's lines (`GameSession.lines`), each once,
    not the record's whole text at every Undo and Redo; lines written after it last read
    them are read then (through the app's composition root over a real state directory:
    the journal and the owner's card file)."""
    from companion.store.journal import JOURNAL_NAME

    from .test_undo_told_value import game_with_one_guess, offered, owner_file

    ui, state_dir = game_with_one_guess(tmp_path)  # its Undo read the record
    session = ui.game.session
    text = (state_dir / JOURNAL_NAME).read_text()
    assert "".join(line + "\n" for line in session.lines) == session.record_text() == text
    assert ui.game._confirms[0] == len(session.lines)
    monkeypatch.setattr(type(session), "record_text",
                        lambda self: (_ for _ in ()).throw(AssertionError("text joined")))
    ui.game.redo()  # the value saved again
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 2}
    ui.game.undo()
    ui.press("fireman:3")  # a correction: lines written since the record was read
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 3}
    ui.game.undo()  # read then: neither tap is relied on, the file gives both back
    assert "A-fireman-1" not in owner_file(state_dir)
    assert offered(ui) == [1, 2, 3, 4, 5]
    assert ui.game._confirms[0] == len(session.lines)
    ui.game.close()


def test_a_memory_sessions_lines_are_its_record_text(ui):
    """The in-memory session (the sample pictures', the tests') has the record's lines as
    the journal's session has them: each encoded once, the same as its text."""
    Demo(ui, 3).at(lambda b, a: a.phase == Phase.LOADING)
    from companion.store.journal import encode_line
    from companion.ui.memory import _demo_time

    session = ui.game.session

    def encoded() -> tuple[str, ...]:
        return tuple(encode_line(a, _demo_time(i))
                     for i, a in enumerate([session.setup, *session.actions]))

    first = session.lines
    assert first == encoded()
    assert "".join(line + "\n" for line in first) == session.record_text()
    ui.game.undo()
    ui.game.redo()
    grown = session.lines
    assert grown == encoded() and grown[:len(first)] == first
    assert len(grown) == len(first) + 2
    session.actions[-1] = session.actions[-3]  # changed otherwise than by a commit
    assert session.lines == encoded() and session.lines[-1] != grown[-1]
