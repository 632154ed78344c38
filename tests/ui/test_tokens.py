"""The UI draws with shared tokens (issue 36): `companion/ui/tokens.py` holds every colour
and the spacing names; no other module writes an RGB literal, defines its own GAP- or
FINGER-like constant equal to a token, or measures with `c.u(<number>)`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import companion.ui
from companion.ui import tokens

UI = Path(companion.ui.__file__).parent
#: Every module of companion/ui but tokens.py itself (none is exempt).
MODULES = sorted(p for p in UI.rglob("*.py") if p.name != "tokens.py" or p.parent != UI)

#: The spacing tokens: their names and the lengths they stand for.
SPACING = {name: value for name, value in vars(tokens).items()
           if name.isupper() and type(value) is int}
#: Names that say "a spacing length" (GAP, FINGER, PAD and their kin).
SPACING_LIKE = re.compile("|".join(sorted(SPACING)) + r"|SPACING|SPACE|CELL|APART|INSET")


def _ints(nodes: list[ast.expr]) -> bool:
    return all(isinstance(n, ast.Constant) and type(n.value) is int and 0 <= n.value <= 255
               for n in nodes)


def rgb_literals(source: str) -> list[str]:
    """Each colour written as numbers in `source` ("line: (r, g, b)"): a tuple of three
    0..255 integers, `Color(r, g, b)`, or "#rrggbb". A tuple that is unpacked into names
    (`A, B, C = 1, 2, 3`) is three numbers, not a colour."""
    tree = ast.parse(source)
    unpacked = {id(node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3 and _ints(node.elts) \
                and id(node) not in unpacked:
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and len(node.args) >= 3 and _ints(node.args[:3]) \
                and (getattr(node.func, "attr", None) or getattr(node.func, "id", "")) == "Color":
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and re.fullmatch(r"#[0-9a-fA-F]{6}", node.value):
            found.append(f"{node.lineno}: {node.value!r}")
    return found


def spacing_copies(source: str) -> list[str]:
    """Each module-level constant in `source` named like a spacing (GAP, FINGER, PAD...) whose
    value equals a spacing token: a second name for a length tokens.py already names."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            pairs: list[tuple[ast.expr, ast.expr]] = []
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs += zip(target.elts, node.value.elts, strict=False)
                else:
                    pairs.append((target, node.value))
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            pairs = [(node.target, node.value)]
        else:
            continue
        for target, value in pairs:
            if isinstance(target, ast.Name) and SPACING_LIKE.search(target.id) \
                    and isinstance(value, ast.Constant) and type(value.value) is int \
                    and value.value in SPACING.values():
                found.append(f"{node.lineno}: {target.id} = {value.value}")
    return found


def unit_literals(source: str) -> list[str]:
    """Each `c.u(…)` in `source` whose length is only numbers (`c.u(8)`, `c.u(2 * 8)`), and
    each `u(…)` of the kind, where the scaling is handed on as `u` (Purchase's grid)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and node.args \
                and (isinstance(node.func, ast.Attribute) and node.func.attr == "u"
                     or isinstance(node.func, ast.Name) and node.func.id == "u") \
                and not any(isinstance(n, ast.Name | ast.Attribute | ast.Call)
                            for n in ast.walk(node.args[0])):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def _found(check) -> list[str]:
    return [f"{path.relative_to(UI)}:{place}" for path in MODULES
            for place in check(path.read_text(encoding="utf-8"))]


def test_no_colour_is_written_as_numbers_outside_the_palette():
    assert _found(rgb_literals) == []


def test_no_module_names_a_spacing_token_again():
    assert _found(spacing_copies) == []


def test_no_length_is_measured_from_a_number_literal():
    assert _found(unit_literals) == []


def test_the_checks_find_what_they_look_for():
    """Each check fails on a module that breaks its rule, and passes the forms it allows."""
    assert rgb_literals("ERR = (240, 120, 100)\nc.rect(r, (1, 2, 3))\n") == [
        "1: (240, 120, 100)", "2: (1, 2, 3)"]
    assert rgb_literals("x = pygame.Color(10, 20, 30)\ny = '#aabbcc'\n") == [
        "1: pygame.Color(10, 20, 30)", "2: '#aabbcc'"]
    assert rgb_literals("A, B, C = 100, 150, 22\nsizes = (2, 3, 4, 5)\nr = (1, 300, 2)\n") == []
    assert spacing_copies("GAP = 8\nFINGER, ROW = 56, 58\nCELL_GAP: int = 4\n") == [
        "1: GAP = 8", "2: FINGER = 56", "3: CELL_GAP = 4"]
    assert spacing_copies("APART = 14\nROW = 8\nCOUNTS = 4\n") == []
    assert unit_literals("a = c.u(8)\nb = c.u(2 * 8)\nd = self.u(-4)\ne = u(56)\n") == [
        "1: c.u(8)", "2: c.u(2 * 8)", "3: self.u(-4)", "4: u(56)"]
    assert unit_literals("a = c.u(GAP)\nb = c.u(2 * WIDE)\nd = c.u(size)\ne = c.u(t.GAP)\n"
                         "f = u(FINGER)\ng = menu(8)\n") == []


def test_the_checks_read_every_module_of_the_ui():
    """No module is exempt, the frame's and the phases' included: only the palette's own
    module may write its numbers."""
    checked = {path.relative_to(UI).as_posix() for path in MODULES}
    assert checked == {path.relative_to(UI).as_posix() for path in UI.rglob("*.py")} - {
        "tokens.py"}
    assert {"core.py", "bar.py", "layouts/round.py", "layouts/loading.py", "views/loading.py",
            "layouts/purchase.py", "layouts/fire.py", "layouts/income.py"} <= checked


def test_each_palette_role_is_its_own_colour():
    """Two roles for one colour would be one colour under two names: a screen could not
    tell which to use. (Two lengths may be equal: a corner is no gap.)"""
    colours = {name: value for name, value in vars(tokens).items()
               if name.isupper() and isinstance(value, tuple)}
    assert colours and all(len(v) == 3 and _ints([ast.Constant(x) for x in v])
                           for v in colours.values())
    assert len(set(colours.values())) == len(colours)
