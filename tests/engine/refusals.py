"""Asserting a refusal by its code and parameters, never by its English sentence.

The sentence is made from the code and the parameters by `companion.engine.messages`;
its wording is tested there (test_messages.py), and may change without a rule changing.
"""

from __future__ import annotations

from typing import Any

from companion.engine import RuleError


def refused(err: BaseException, code: str, **params: Any) -> None:
    """Assert `err` is the refusal `code` with (at least) these parameters."""
    assert isinstance(err, RuleError), repr(err)
    assert err.code == code, f"refused as {err.code} {err.params}, not {code}"
    for name, value in params.items():
        assert name in err.params, f"{err.code} has no parameter {name!r}: {err.params}"
        got = err.params[name]
        if isinstance(got, tuple):
            got = list(got)
        assert got == value, f"{err.code}: {name} is {got!r}, not {value!r}"
