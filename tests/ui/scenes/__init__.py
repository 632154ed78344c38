"""Tests of companion/ui/scenes, a file per scene module: tests/ui/scenes/test_X.py tests
companion/ui/scenes/X.py (tests/test_layout_of_tests.py checks it)."""
