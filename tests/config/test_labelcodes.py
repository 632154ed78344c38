"""The label codes: one per catalogue card, stable, and a damaged code names no card."""

from __future__ import annotations

from importlib import resources

import yaml
from hypothesis import given
from hypothesis import strategies as st

from companion import labelcodes


def test_every_catalogue_card_has_a_code_and_no_other():
    shipped = yaml.safe_load(resources.files("companion").joinpath("data/cards.yaml").read_text())
    ids = [card["id"] for card in shipped["cards"]]
    assert sorted(ids) == sorted(labelcodes.CARD_IDS)
    assert len(set(labelcodes.CARD_IDS)) == len(labelcodes.CARD_IDS) == 54


def test_codes_round_trip_and_are_fixed():
    for card_id in labelcodes.CARD_IDS:
        assert labelcodes.card_for_barcode(labelcodes.barcode(card_id)) == card_id
        assert labelcodes.card_for_marker(labelcodes.marker_id(card_id)) == card_id
    # Printed labels never change meaning: pin a few.
    assert labelcodes.barcode("A-coffee-roaster") == "77470003"
    assert labelcodes.marker_id("E-fire") == 53
    assert labelcodes.card_for_marker(54) is None
    assert labelcodes.card_for_marker(-1) is None


@given(st.sampled_from(labelcodes.CARD_IDS), st.integers(0, 7), st.integers(1, 9))
def test_one_wrong_digit_names_no_card(card_id, position, delta):
    code = labelcodes.barcode(card_id)
    wrong = code[:position] + str((int(code[position]) + delta) % 10) + code[position + 1:]
    assert labelcodes.card_for_barcode(wrong) is None


def test_not_label_codes():
    for text in ["", "7747000", "774700031", "ABCDEFGH", "04A23B1C9D", "77479996"]:
        assert labelcodes.card_for_barcode(text) is None
