"""Layouts: where each thing of a screen goes.

A screen is state → view model (`companion.ui.views`: what it shows, plain data) →
layout (this package: every position, as rectangles worked out from the room the screen
has and the texts' measures) → paint (`companion.ui.scenes`: draws what the layout placed,
and registers the tap targets there). A scene does no position arithmetic of its own
(no `c.u(…)`, no sums of coordinates, no rectangles made of numbers, no moved or
inflated rectangles): `tests/ui/test_scenes_paint_only.py` holds it to that. So the places
of a screen can be tested, and kept steady, apart from its drawing.

One module per screen, named as its scene (`layouts/income.py` for `scenes/income.py`).
"""
