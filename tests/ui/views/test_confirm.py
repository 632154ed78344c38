"""companion/ui/views/confirm.py: the one-tap answers to a printed-value question."""

from __future__ import annotations

from itertools import chain

from companion.engine import GOODS
from companion.engine.words import printed_for_field
from companion.ui.views.confirm import answer_for, answers, confirm_view


def flat(field: str):
    return list(chain.from_iterable(answers(field)))


def test_every_set_of_two_to_four_different_goods_is_one_answer_grouped_by_size():
    groups = answers("goods")
    printed = printed_for_field("goods")
    assert [len(g[0].goods) for g in groups] == list(range(printed.low, printed.high + 1))
    assert [len(g) for g in groups] == [10, 10, 5]  # C(5,2), C(5,3), C(5,4)
    values = [a.value for a in flat("goods")]
    assert len(set(values)) == len(values) == 25
    for answer in flat("goods"):
        assert len(set(answer.goods)) == len(answer.goods)  # no good twice
        assert answer.goods == answer.value
        # Told by their initials (and painted in their colours): "Co·Te".
        assert answer.label == "\u00b7".join({"coffee": "Co", "tea": "Te", "saffron": "Sa",
                                              "rubber": "Ru", "carpet": "Ca"}[g]
                                             for g in answer.goods)
        assert answer.key == "goods:" + "+".join(answer.goods)


def test_a_card_s_goods_in_any_order_find_their_answer_and_repeated_goods_none():
    for answer in flat("goods"):
        assert answer_for("goods", tuple(reversed(answer.goods))) == answer
        assert answer_for("goods", list(answer.goods)) == answer
    assert answer_for("goods", ("tea", "tea")) is None  # entered good by good
    assert answer_for("goods", ("coffee", "tea", "tea", "saffron")) is None
    assert all(g in GOODS for a in flat("goods") for g in a.goods)


def test_numbers_a_fireman_s_values_and_a_fire_s_usual_points():
    assert [a.value for a in flat("value")] == [1, 2, 3, 4, 5]
    assert [a.label for a in flat("value")] == ["1", "2", "3", "4", "5"]
    assert [a.value for a in flat("points")] == list(range(1, 11))
    assert answer_for("points", 7).key == "value:7"
    assert answer_for("points", 0) is None and answer_for("points", 12) is None  # steps


def test_the_guess_is_said_as_one_and_left_out_where_the_card_is_told_by_its_face():
    view = confirm_view("Fire 2? (Spring)", "points", "2")
    assert view.guess == "Printed value? 2 (unconfirmed guess)"
    assert view.question == "How many points does this fire show?"
    told = confirm_view("Contract ?", "goods", None)
    assert told.guess == "" and told.title == "Contract ?"
    assert told.groups == answers("goods")


def test_the_view_models_need_no_pygame():
    import subprocess
    import sys

    code = ("import sys; import companion.ui.views.confirm, companion.ui.views.fire; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
