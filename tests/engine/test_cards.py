"""companion/engine/cards.py: the shipped catalogue as the engine sees it, against docs/cards.md,
and the loader's checks the engine relies on."""

from __future__ import annotations

import re
import shutil
from collections import Counter

import pytest

from companion.config.cards import load_catalogue
from companion.errors import ConfigError
from companion.paths import SHIPPED_CONFIG_DIR


def test_54_cards_by_season_and_kind(catalogue):
    assert len(catalogue) == 54
    assert Counter(c.season for c in catalogue) == {"A": 12, "B": 13, "C": 13, "D": 15, "E": 1}
    kinds = Counter(c.kind for c in catalogue)
    assert kinds["fire"] == 4 and kinds["ship"] == 15 and kinds["fireman"] == 10
    assert kinds["merchant"] == 5 and kinds["counting_office"] == 4 and kinds["contract"] == 10
    assert 15 * 3 == 45  # every ship can be loaded from the bag: 45 cubes for 15 ships


def test_the_known_facts_of_cards_md(catalogue):
    assert catalogue["D-fireman-1"].value == 3
    assert "value" not in catalogue["D-fireman-1"].unverified
    merchants = {c.id: c.good for c in catalogue if c.kind == "merchant"}
    assert merchants == {"A-coffee-roaster": "coffee", "A-tea-taster": "tea",
                         "A-spice-trader": "saffron", "A-carpet-trader": "carpet",
                         "A-vulcanizer": "rubber"}
    for card in catalogue:
        if card.kind == "contract":
            assert 2 <= len(card.goods) <= 4
        if card.kind == "fireman":
            assert 1 <= (card.value or 0) <= 5


def test_placeholders_are_marked_unverified(catalogue):
    for card_id in ("B-fire", "C-fire", "D-fire", "E-fire"):
        assert "points" in catalogue[card_id].unverified
    assert "goods" in catalogue["A-contract-1"].unverified


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [("    good: rubber", "    good: amber", "cards[4].good"),
     ("  - id: A-warehouse\n    kind: warehouse\n",
      "  - id: A-warehouse\n    kind: warehouse\n    good: tea\n", "cards[5].good")],
)
def test_a_bad_good_is_named_by_line_and_key(tmp_path, old, new, key):
    config = tmp_path / "config"
    shutil.copytree(SHIPPED_CONFIG_DIR, config)
    path = config / "cards.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ConfigError, match=rf"cards\.yaml:\d+: {re.escape(key)}: "):
        load_catalogue(config)
