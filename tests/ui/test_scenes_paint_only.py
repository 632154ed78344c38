"""A scene paints what its layout placed (`companion/ui/layouts/`): no scene module does
position arithmetic of its own (issue 19), and none places things with `layout`'s flows,
rows, columns or grids."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.ui

UI = Path(companion.ui.__file__).parent
#: The scene modules: `scenes/`, and the results screen the final and past-game screens share.
SCENES = sorted((UI / "scenes").glob("*.py")) + [UI / "results.py"]
#: A rectangle's coordinates: a sum of these is position arithmetic.
COORDINATES = {"x", "y", "w", "h", "left", "right", "top", "bottom", "width", "height",
               "centerx", "centery", "center", "topleft", "topright", "bottomleft",
               "bottomright", "midleft", "midright", "midtop", "midbottom", "size"}
#: Rectangle methods and layout calls that move, grow or cut a rectangle.
MOVES = {"move", "move_ip", "inflate", "inflate_ip", "clip", "union", "clamp", "inset",
         "scale_by"}
#: `companion.ui.layout`'s calls that place things (`layout.rows(…)`, a flow taking
#: room: `Flow(…)`, `….take(…)`): a scene gets its places from its layout instead.
#: (Fitting a text into the box it was given, `layout.fit` or `layout.draw_text`, is
#: painting.)
PLACING = {"Flow", "take", "rows", "columns", "grid", "button_grid", "paged_grid",
           "slot_grid", "grouped_grid", "answers_layout", "cube_row", "grid_cells",
           "columns_for", "slot_fit"}


def _is_unit(node: ast.AST) -> bool:
    """`c.u(…)`: a length in the screen's unit."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
        and node.func.attr == "u"


def _positional(node: ast.AST) -> bool:
    return any(_is_unit(n) or (isinstance(n, ast.Attribute) and n.attr in COORDINATES)
               for n in ast.walk(node))


def position_arithmetic(source: str) -> list[str]:
    """Each place in `source` that works out a position: "line: what"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if _is_unit(node):
            found.append(f"{node.lineno}: c.u(…)")
        elif (isinstance(node, ast.BinOp) or isinstance(node, ast.UnaryOp)
              and isinstance(node.op, ast.USub | ast.UAdd)) and _positional(node):
            found.append(f"{node.lineno}: arithmetic on a position")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "Rect" and len(node.args) > 1:
                found.append(f"{node.lineno}: a rectangle made of numbers")
            elif isinstance(func, ast.Attribute) and name in MOVES:
                found.append(f"{node.lineno}: .{name}(…)")
            elif name in PLACING and (name in ("Flow", "take") or isinstance(func, ast.Attribute)
                                      and getattr(func.value, "id", "") == "layout"):
                found.append(f"{node.lineno}: {name}(…) places things")
    return found


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.name)
def test_a_scene_paints_what_its_layout_placed(path):
    assert position_arithmetic(path.read_text(encoding="utf-8")) == []


def test_the_rule_finds_position_arithmetic():
    assert position_arithmetic("r = pygame.Rect(box.x + c.u(8), box.y, 10, 10)\n") == [
        "1: a rectangle made of numbers", "1: arithmetic on a position", "1: c.u(…)"]
    assert position_arithmetic("inner = box.inflate(-4, -4)\n") == ["1: .inflate(…)"]
    assert position_arithmetic("x = -area.w\n") == ["1: arithmetic on a position"]
    assert position_arithmetic("flow = layout.Flow(c, plan.area, plan.gap)\n"
                               "row = flow.take(plan.row_h)\n") == [
        "1: Flow(…) places things", "2: take(…) places things"]
    # `not` is no arithmetic (the test still flags the measure inside: `c.u`).
    assert position_arithmetic("if not shown.w:\n    pass\n") == []
    # Painting what was placed is not position arithmetic.
    assert position_arithmetic("c.text(label, plan.title, BODY, TEXT)\n"
                               "c.button(plan.ok, _('OK'), self.ok)\n"
                               "page = self.page + 1\n") == []
