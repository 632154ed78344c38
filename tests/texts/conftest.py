"""The words' tests switch the process's one language: each leaves it English again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.texts.i18n import set_language


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    yield
    set_language("en")
