"""Fixtures of the scene tests (tests/ui/conftest.py's apply here too)."""

from __future__ import annotations

import pytest

from companion.ui.i18n import set_language


@pytest.fixture
def language(request):
    """The table's language for one test (parametrized with indirect=True); English after."""
    set_language(request.param)
    yield request.param
    set_language("en")
