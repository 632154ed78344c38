"""The card catalogue: the shipped file, its checks, and the owner's corrections."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.config.cards import load_catalogue, load_catalogue_data, save_override
from companion.errors import ConfigError
from companion.paths import SHIPPED_CONFIG_DIR


def test_shipped_catalogue_has_54_cards_with_placeholders_flagged():
    cards = load_catalogue_data(SHIPPED_CONFIG_DIR)
    assert len(cards) == 54
    by_id = {c["id"]: c for c in cards}
    # The one known printed value (docs/cards.md): the Autumn fireman removed for 2/3/5 players.
    assert by_id["D-fireman-1"]["value"] == 3
    assert by_id["D-fireman-1"]["verified"] == {"value": True}
    unverified = [c["id"] for c in cards if not all(c["verified"].values())]
    assert "E-fire" in unverified and "A-contract-1" in unverified
    assert len(unverified) == 4 + 9 + 10  # fires, firemen other than D-fireman-1, contracts
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    assert catalogue["B-fire"].unverified == {"points"}
    assert len(catalogue.deck_for(2)) == 52 and len(catalogue.deck_for(4)) == 54


@pytest.fixture
def config(tmp_path) -> Path:
    folder = tmp_path / "config"
    folder.mkdir()
    shutil.copy(SHIPPED_CONFIG_DIR / "cards.yaml", folder / "cards.yaml")
    return folder


def _edit(config: Path, old: str, new: str) -> None:
    path = config / "cards.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _line_of(config: Path, needle: str) -> int:
    for number, line in enumerate((config / "cards.yaml").read_text().splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


@pytest.mark.parametrize(
    ("old", "new", "key", "needle"),
    [
        ("value: {value: 2, verified: false}\n  - id: B-fire",
         "value: {value: 7, verified: false}\n  - id: B-fire", "cards[11].value", "value: 7"),
        ("goods: {value: [coffee, tea], verified: false}",
         "goods: {value: [coffee, gold], verified: false}", "cards[7].goods", "gold"),
        ("kind: counting_office\n    season: A", "kind: office\n    season: A", "cards[6].kind",
         "kind: office"),
        ("    good: rubber", "    good: rubber\n    colour: black", "cards[4].colour", "colour"),
        ("points: {value: 2, verified: false}", "points: {value: 2, verified: maybe}",
         "cards[12].points.verified", "maybe"),
    ],
)
def test_a_bad_value_is_named_by_file_line_and_key(config, old, new, key, needle):
    _edit(config, old, new)
    with pytest.raises(ConfigError) as caught:
        load_catalogue(config)
    message = str(caught.value)
    assert message.startswith(f"{config / 'cards.yaml'}:{_line_of(config, needle)}: {key}:")


def test_wrong_count_per_season_is_refused(config):
    _edit(config, "kind: counting_office\n    season: B", "kind: counting_office\n    season: A")
    with pytest.raises(ConfigError, match=r"13 Winter \(A\) cards; the game has 12"):
        load_catalogue(config)


def test_duplicate_id_and_broken_yaml_are_refused(config):
    _edit(config, "id: A-tea-taster", "id: A-coffee-roaster")
    with pytest.raises(ConfigError, match="A-coffee-roaster is given twice"):
        load_catalogue(config)
    (config / "cards.yaml").write_text("cards: [\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_catalogue(config)


def test_owner_corrections_override_and_are_verified(config, tmp_path):
    state = tmp_path / "state"
    save_override(state, "B-fire", "points", 3)
    save_override(state, "A-contract-1", "goods", ("tea", "tea", "carpet"))
    catalogue = load_catalogue(config, state)
    assert catalogue["B-fire"].points == 3 and catalogue["B-fire"].unverified == frozenset()
    assert catalogue["A-contract-1"].goods == ("tea", "tea", "carpet")
    assert catalogue["A-contract-1"].contract_points == 8
    # The shipped file is untouched; a bad correction is named in the owner's file.
    assert load_catalogue(config)["B-fire"].points == 2
    (state / "cards.yaml").write_text("B-fireman-1: {value: 9}\n")
    with pytest.raises(ConfigError, match=r"cards.yaml:1: B-fireman-1.value: .*1-5"):
        load_catalogue(config, state, strict=True)
    # For the app it is a side file: ignored (all of it), with a warning naming it.
    warnings: list[str] = []
    cards = {c["id"]: c for c in load_catalogue_data(config, state, warnings=warnings)}
    assert cards["B-fire"]["points"] == 2 and cards["B-fire"]["verified"] == {"points": False}
    assert len(warnings) == 1 and "cards.yaml:1: B-fireman-1.value:" in warnings[0]


def test_confirmed_values_are_what_a_new_game_carries(config, tmp_path):
    from companion.config.cards import confirmed_values
    from companion.engine import Setup, new_game

    state = tmp_path / "state"
    assert confirmed_values(config, state) == {"D-fireman-1": {"value": 3}}
    save_override(state, "C-fire", "points", 6)
    values = confirmed_values(config, state)
    assert values["C-fire"] == {"points": 6}
    # Carried in setup.cards, the value holds even against a catalogue without the correction.
    game = new_game(Setup(players=("red", "blue"), first="red", cards=values),
                    load_catalogue(config))
    assert game.catalogue["C-fire"].points == 6
    assert game.catalogue["C-fire"].unverified == frozenset()
    assert game.catalogue["B-fire"].unverified == {"points"}
