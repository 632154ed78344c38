"""What the club takes (companion/club/games.py): replayed, finished, within the limits."""

from __future__ import annotations

import pytest

from companion.club.games import Refused, check, same_name
from companion.engine.record import MAX_RECORD_BYTES
from tests.club.clubtools import named_game, timed
from tests.store.storetools import shipped_catalogue


def test_a_finished_game_gives_ranks_with_the_tie_breaks_and_its_key() -> None:
    record = timed(named_game(7, ("Anna", "Ben", "Clara")), 0)
    game = check(record.encode(), shipped_catalogue())
    assert len(game.key) == 20 and game.season == "2026"
    ranked = sorted(game.seats, key=lambda s: (-s.points, -s.coins))
    assert [s.rank for s in ranked][0] == 1
    for better, worse in zip(ranked, ranked[1:], strict=False):
        assert better.rank <= worse.rank
        assert (better.rank == worse.rank) == ((better.points, better.coins)
                                               == (worse.points, worse.coins))
    assert {s.norm for s in game.seats} == {"anna", "ben", "clara"}


@pytest.mark.parametrize("make, code", [
    (lambda r: r.replace('"type"', "'type'", 1), "line_not_json"),
    (lambda r: "\n".join(r.splitlines()[:30]) + "\n", "game_not_finished"),
    (lambda r: b"\xff" + r.encode(), "record_not_utf8"),
    (lambda r: "", "record_empty"),
    (lambda r: r + " " * MAX_RECORD_BYTES, "record_too_big"),
])
def test_refusals_carry_a_code_and_a_reason(make, code) -> None:
    record = timed(named_game(8, ("Anna", "Ben")), 0)
    data = make(record)
    with pytest.raises(Refused) as refused:
        check(data if isinstance(data, bytes) else data.encode(), shipped_catalogue())
    assert refused.value.code == code and refused.value.reason


def test_a_seat_without_a_name_is_no_league_player() -> None:
    record = named_game(9, ("Anna", "Ben")).replace('"Ben"', '""', 1)
    game = check(record.encode(), shipped_catalogue())
    assert [s.norm for s in game.seats] == ["anna", None]


def test_names_match_as_the_table_matches_them() -> None:
    assert same_name("  ANNA ") == same_name("anna") == same_name("Anna")
    assert same_name("Cafe\u0301") == same_name("Café")
