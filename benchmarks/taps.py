"""Taps per round: scripted games (2, 4 and 5 players) played by touch alone (`benchmarks.touch`),
counting the inputs of each phase of each round against the table's real events there.

The goal (docs/ui.md) is one input per real event. An event is what happens at the table:
a card revealed (a ship's three cubes drawn from the bag are three more), a worker placed,
an offer accepted or declined, a card bought or left, a Loading move, sale or conversion,
Loading declared done by a player (each player still holding ship cubes says so: a
player's done hands over to the next, and the record's one `done` stands for all of them,
so those beyond the first are counted by the touch table, `TouchTable.player_dones`);
the 4th fire turned up at the end is a card revealed too (the record
has no action of its own for it: it counts where the last Done, or the 3rd fire's reveal,
resolves it). Undo and Redo are inputs without an event. The inputs of a phase
include the screens that come with it (a fire's, the income's, a printed value to confirm).

Every figure is a ratio of counts, so it is exact and does not depend on the machine; the
runs of a figure are its rounds (the median is the figure, the maximum is in the notes).
`python -m benchmarks.taps` prints the table for the checkout it runs in (the "before"
figures in RESULTS.md were taken that way on the commit named there).

Each scripted game is played twice over one copy of the game (one state directory):

- **new copy**: the first game on a copy whose printed values are all the shipped guesses
  (cards.md), so the table is asked what each contract, fireman and fire shows once;
  those questions are inputs of the phase they come in.
- **known copy**: the next game on the same copy (another seed). The values confirmed in
  the first game are kept in the copy's card file (`cards.yaml` in the state directory),
  as at a real table, so only cards the first game never showed are asked.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from benchmarks import Figure, Size  # noqa: E402

NAME = "taps"
#: The scripted games: fixed seeds, each purchase form, 4 players first (`tiny` runs
#: only the first), then 2 and 5.
GAMES = (("quick", 4, 7100), ("tracked", 4, 7101), ("quick", 2, 7102), ("tracked", 2, 7103),
         ("quick", 5, 7104), ("tracked", 5, 7105))
PHASES = ("supply", "purchase", "loading")
#: How the scripted tables load: in turn from the first player, as RULES.md says
#: (`random_game(loading="in_turn")`); ``any`` is the older scripts' order (each move by
#: any player at random, as no table plays). BENCH_TAPS_LOADING=any measures that.
LOADING = os.environ.get("BENCH_TAPS_LOADING", "in_turn")


def events_of(action: object, before: object = None, after: object = None) -> int:
    """The real events an action stands for (a ship's reveal: the card and 3 cubes), with
    the 4th fire where the action resolves it (`before` and `after`: the states around it)."""
    from companion.engine import Redo, Reveal, Undo

    if isinstance(action, Undo | Redo):
        return 0
    count = 1 + len(action.goods) if isinstance(action, Reveal) and action.goods else 1
    return count + fourth_fire_turned(before, after)


def fourth_fire_turned(before: object, after: object) -> int:
    """1 where the 4th fire came up between `before` and `after`: a card revealed at the
    table (the last card of the pile, turned up after the last Income, or at once when the
    3rd fire was the last regular card), which the record has no action of its own for:
    it is resolved by the last Done or by the 3rd fire's reveal."""
    from companion.engine.cards import FOURTH_FIRE

    fires_before = getattr(before, "fires", None)
    fires_after = getattr(after, "fires", None)
    if fires_before is None or fires_after is None:
        return 0
    return sum(1 for fire in fires_after[len(fires_before):] if fire.card == FOURTH_FIRE)


#: The copies a scripted game is played on (see the module).
COPIES = ("new copy", "known copy")
#: The known copy's game: the same table on another evening.
NEXT_GAME_SEED = 500

Counts = dict[str, list[tuple[int, int]]]


#: The tables measured: by touch alone, or by the buttons and a scanner (`--buttons`).
TABLES = ("touch", "buttons")


def measure(form: str, players: int, seed: int, table: str = "touch") -> dict[str, Counts]:
    """Per copy and phase, each round's (inputs, events) of a scripted game played by touch
    (or, `table="buttons"`, by the buttons and a scanner: benchmarks/buttons.py): the first
    game on a new copy, then the next game on the same copy."""
    import pygame

    from companion.ui.shots import demo_services

    pygame.display.init()
    pygame.font.init()
    out: dict[str, Counts] = {}
    with tempfile.TemporaryDirectory(prefix="bench-taps-") as tmp:
        services = demo_services(Path(tmp))
        services.settings["purchase_form"] = "tracked" if form == "tracked" else "quick"
        for copy, game_seed in zip(COPIES, (seed, seed + NEXT_GAME_SEED), strict=True):
            out[copy] = measure_game(services, form, players, game_seed, table)
    return out


def measure_game(services: object, form: str, players: int, seed: int,
                 table_kind: str = "touch") -> Counts:
    """Per phase, each round's (inputs, events) for one scripted game played by touch (or
    by the buttons and a scanner)."""
    from benchmarks.touch import play_game
    from companion.engine import apply, new_game
    from companion.engine.simulate import random_game
    from companion.ui.core import UI

    catalogue = services.load_catalogue()  # type: ignore[attr-defined]
    actions, _state = random_game(catalogue, players, seed=seed, form=form, loading=LOADING)
    if table_kind == "buttons":
        from benchmarks import buttons
        from companion.ui.runner import Runner

        runner = Runner(services=services, inputs=None, bus=None,  # type: ignore[arg-type]
                        simulate=False, screenshot_dir=None, notifier=None)
        runner.ui.services.buttons = True  # the legend shown, as at a table with buttons
        runner.ui.open("home")
        table: Any = buttons.play_game(runner, actions)
    else:
        ui = UI(services, (800, 480))  # type: ignore[arg-type]
        ui.open("home")
        # Count events by the record itself (a ship's cubes), inputs by the table's taps.
        table = play_game(ui, actions)
    events: dict[tuple[int, str], int] = {}
    state = new_game(actions[0], catalogue)  # type: ignore[arg-type]
    for action in actions[1:]:
        phase = "purchase" if state.phase in ("demand", "purchase") else str(state.phase)
        key = (state.round, phase)
        after = apply(state, action)
        events[key] = events.get(key, 0) + events_of(action, state, after)
        state = after
    # A player's Loading done that handed over to the next holder of ship cubes is an
    # event at the table that the record's one `done` stands for (`TouchTable.end_loading`).
    for key, dones in getattr(table, "player_dones", {}).items():
        events[key] = events.get(key, 0) + dones
    out: Counts = {p: [] for p in PHASES}
    for (round_no, phase), (inputs, _n) in sorted(table.counts.items()):
        if phase in out:
            out[phase].append((inputs, events.get((round_no, phase), 0)))
    out["fallbacks"] = [(table.finger.fallbacks, 0)]
    out["questions"] = [(table.questions, 0)]
    return out


def figures_for(form: str, counts: Counts, players: int = 4, copy: str = COPIES[0],
                table: str = "touch") -> list[Figure]:
    figures = []
    total_inputs = total_events = 0
    fallbacks = counts.get("fallbacks", [(0, 0)])[0][0]
    questions = counts.get("questions", [(0, 0)])[0][0]
    for phase in PHASES:
        rounds = [(i, e) for i, e in counts[phase] if e]
        ratios = [i / e for i, e in rounds]
        if not ratios:
            continue
        inputs = sum(i for i, _e in rounds)
        events = sum(e for _i, e in rounds)
        total_inputs += inputs
        total_events += events
        figures.append(Figure(
            NAME, f"inputs per table event, {phase} ({players} players, {form} form, {copy})",
            "inputs",
            ratios, target="(report; goal 1.0)",
            notes=f"per round: median {statistics.median(ratios):.2f}, max {max(ratios):.2f}; "
            f"taps per round: median {statistics.median(i for i, _e in rounds):.0f}, max "
            f"{max(i for i, _e in rounds)}; whole game {inputs} inputs for {events} events "
            f"over {len(rounds)} rounds" + (
                (f"; {fallbacks} of the game's inputs were touches (no button)"
                 if fallbacks else "; buttons and scans alone") if table == "buttons" else
                (f"; {fallbacks} of the game's inputs were player buttons (no way by "
                 "touch)" if fallbacks else "; touch alone"))))
    if total_events:
        figures.append(Figure(
            NAME, f"inputs per table event, whole game ({players} players, {form} form, {copy})",
            "inputs", [total_inputs / total_events], target="(report; goal 1.0)",
            notes=f"{total_inputs} inputs for {total_events} events; {questions} of the "
            "inputs answered what a card shows (printed values asked once per copy)"))
    return figures


def run(size: Size) -> list[Figure]:
    games = GAMES[:1] if size.name == "tiny" else GAMES
    out: list[Figure] = []
    for form, players, seed in games:
        for copy, counts in measure(form, players, seed).items():
            out += figures_for(form, counts, players, copy)
    return out


def main(argv: list[str] | None = None) -> int:
    """The touch table's figures; with `--buttons`, the buttons' and scanner's beside them:
    per game and phase, the median inputs per table event of each (and the maximum)."""
    args = sys.argv[1:] if argv is None else argv
    if "--buttons" not in args:
        for form, players, seed in GAMES:
            for copy, counts in measure(form, players, seed).items():
                for f in figures_for(form, counts, players, copy):
                    print(f"| {f.name} | {f.value:.2f} | {max(f.runs):.2f} | {f.notes} |")
        return 0
    print("| inputs per table event | touch: median (max) | buttons + scanner: median (max) "
          "| buttons + scanner: whole game |")
    print("|---|---|---|---|")
    for form, players, seed in GAMES:
        touch = measure(form, players, seed, "touch")
        pressed = measure(form, players, seed, "buttons")
        for copy in COPIES:
            mine = {f.name: f for f in figures_for(form, touch[copy], players, copy)}
            theirs = figures_for(form, pressed[copy], players, copy, "buttons")
            for f in theirs:
                t = mine.get(f.name)
                said = f"{t.value:.2f} ({max(t.runs):.2f})" if t is not None else "-"
                print(f"| {f.name.replace('inputs per table event, ', '')} | {said} | "
                      f"{f.value:.2f} ({max(f.runs):.2f}) | {f.notes} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
