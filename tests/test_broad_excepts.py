"""No exception is turned into a default unseen (issue 36).

A *broad* handler is a bare ``except:``, or one that catches ``Exception`` or
``BaseException`` (alone or in a tuple). Such a handler swallows faults nobody
foresaw, so every one in companion/ must do one of three things in its body:

1. **log**: call a logger's ``debug``/``info``/``warning``/``error``/``exception``/
   ``critical``/``log`` method (the module's ``log = logging.getLogger(...)``), with the
   exception's type and message, so the fault can be found in the app's log;
2. **re-raise**: contain a ``raise`` (as is, or as another error);
3. **say why not**: carry the comment ``# unlogged: <reason>`` on its ``except`` line,
   for the rare handler that must stay silent (e.g. inside the logging set-up itself).

Narrow handlers (``except OSError``, ``except (KeyError, ValueError)``) are not checked:
they name what they expect. The rule reads the source with `ast`; it does not run it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"
BROAD = frozenset({"Exception", "BaseException"})
LOGS = frozenset({"debug", "info", "warning", "error", "exception", "critical", "log"})
REASON = re.compile(r"#.*\bunlogged:\s*\S")


def _is_broad(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(
        (isinstance(c, ast.Name) and c.id in BROAD)
        or (isinstance(c, ast.Attribute) and c.attr in BROAD)
        for c in caught
    )


def _logs_or_raises(handler: ast.ExceptHandler) -> bool:
    for node in ast.walk(ast.Module(body=handler.body, type_ignores=[])):
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                node.func.attr in LOGS):
            return True
    return False


def offenders(source: str, name: str = "<source>") -> list[str]:
    """``name:line: except ...`` for every broad handler of `source` that neither logs,
    re-raises, nor carries ``# unlogged: <reason>``."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ExceptHandler) and _is_broad(node):
            line = lines[node.lineno - 1]
            if not _logs_or_raises(node) and not REASON.search(line):
                found.append(f"{name}:{node.lineno}: {line.strip()}")
    return found


def test_every_broad_except_in_companion_logs_reraises_or_says_why() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += offenders(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, (
        "these broad excepts turn a fault into a default unseen; log it "
        '(log.warning("... (%s: %s)", type(exc).__name__, exc)), re-raise, or mark the '
        "line `# unlogged: <reason>`:\n" + "\n".join(found)
    )


def test_the_rule_tells_silent_handlers_from_the_others() -> None:
    silent = (
        "try:\n    f()\nexcept Exception:\n    x = None\n",
        "try:\n    f()\nexcept:\n    pass\n",
        "try:\n    f()\nexcept (OSError, BaseException):\n    return_value = 0\n",
        "try:\n    f()\nexcept builtins.Exception:\n    pass  # unlogged\n",
    )
    for source in silent:
        assert len(offenders(source)) == 1, source
    fine = (
        "try:\n    f()\nexcept Exception as exc:\n    log.debug('%s', exc)\n    x = None\n",
        "try:\n    f()\nexcept Exception:\n    cleanup()\n    raise\n",
        "try:\n    f()\nexcept Exception as exc:\n    raise ValueError('bad') from exc\n",
        "try:\n    f()\nexcept Exception:  # unlogged: the logger itself failed\n    pass\n",
        "try:\n    f()\nexcept (KeyError, ValueError):\n    x = None\n",
    )
    for source in fine:
        assert offenders(source) == [], source
