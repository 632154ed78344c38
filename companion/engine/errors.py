"""The engine's errors: each names the rule a refused action breaks, as data.

A refusal has a stable `code` and its `params` (JSON values); the English sentence,
`str(err)`, is made from them by the one table in `messages.py`. The interface and the
command line translate the code instead of reading the sentence (docs/record-format.md).

    >>> err = RuleError("cannot_pay", player="red", coins=2, price=3)
    >>> err.code, err.params, str(err)
    ('cannot_pay', {'player': 'red', 'coins': 2, 'price': 3}, 'red cannot pay 3 (coins: 2)')
"""

from __future__ import annotations

from typing import Any

from companion.engine.messages import MESSAGES, english


class RuleError(ValueError):
    """An action that breaks a rule of the game, or a malformed action.

    The message says which rule, in plain words, for a person at the table.
    """

    code: str
    """A key of `messages.MESSAGES`, stable across versions."""
    params: dict[str, Any]
    """The values the message names (player and card ids, counts, goods ...), JSON-able."""
    line: int | None = None
    """The record line refused, when the refusal came from `record.iter_states`."""

    def __init__(self, code: str, /, **params: Any) -> None:
        if code not in MESSAGES:
            raise KeyError(f"no message for the refusal code {code!r}")
        self.code = code
        self.params = params
        super().__init__(english(code, params))

    def __reduce__(self) -> tuple[Any, ...]:
        # The default rebuilds from `args` (the English sentence), which is not a code.
        return (_rebuild, (type(self), self.code, self.params, self.line))

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}``."""
        return {"code": self.code, "params": dict(self.params)}


class RecordError(RuleError):
    """A record line that is not a valid action at all (bad JSON, unknown key, wrong type)."""


def _rebuild(
    cls: type[RuleError], code: str, params: dict[str, Any], line: int | None
) -> RuleError:
    """A refusal again, from what `RuleError.__reduce__` keeps (for pickle and copy)."""
    err = cls(code, **params)
    err.line = line
    return err
