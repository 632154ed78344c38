"""View models: what a screen shows, as plain data worked out from the game's state.

A view model holds no positions, colours or pygame objects: the screen's layout
(`companion.ui.layouts`) places it and its scene paints it. So what a screen says can be
tested without pygame (`tests/ui/views/`).
"""
