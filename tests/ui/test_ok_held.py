"""OK held (the OK button's long press, issue 31) on every registered screen: it does what
the screen's legend names for it ("ok-held": only quick Purchase before a round's first
entry, in the mixed form), and elsewhere nothing: no action recorded, no screen opened or
closed, and never OK's action as well. It says so, so that a slow OK is no mystery."""

from __future__ import annotations

from companion.inputs import intents as it
from companion.ui.i18n import _
from companion.ui.shots import PICTURES, build


def test_ok_held_does_nothing_on_a_screen_whose_legend_does_not_name_it(tmp_path):
    named = []
    for n, name in enumerate(PICTURES):
        ui = build(name, (800, 480), "en", tmp_path / str(n), 4)
        ui.render()
        said = ui.legend()
        if said.get("ok-held"):
            named.append((name, ui.top.name))
            continue
        game = ui.game
        overlay = ui.top.overlay
        stack = list(ui.stack)
        while overlay and len(stack) > 1 and stack[-1].overlay:
            stack.pop()  # a rules text closes at any button, as at OK (and nothing else)
        before = (game.state if game is not None else None, stack, stack[-1].name)
        ui.intent(it.OkHeld())
        after = (game.state if game is not None else None, list(ui.stack), ui.top.name)
        assert after == before, name
        if not ui.top.captures_intents and not overlay:  # the hardware test names it
            assert ui.message is not None and ui.message.text == _(
                "OK held: nothing to do here. A short press is OK."), name
        ui.render()  # and the screen still draws
    # The one screen that names it: quick Purchase with the switch offered.
    assert {top for _name, top in named} <= {"purchase"}
