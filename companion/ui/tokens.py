"""The design tokens every layout and scene draws with: spacing names and palette roles.

Lengths are for the 800x480 panel (`Canvas.u` scales them); a layout writes
`c.u(GAP)`, never `c.u(8)`, so that "the gap between two controls" is one number
for the whole product. Colours are roles (what a colour is *for*), never RGB
literals in a scene or layout: tests/ui/test_tokens.py checks both.

Names by size, smallest first; a layout that needs a length no name here gives
adds a name (with what it is for) rather than writing a literal.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

# --- spacing (800x480 units) -------------------------------------------------------

#: A hairline: outlines, separators.
HAIRLINE = 1
#: A thin line: a selected control's outline, a stripe's inset.
THIN = 2
#: The tightest gap: between a badge and its text, inside a cell.
TIGHT = 4
#: A snug gap: between lines of small print, a cube's margin.
SNUG = 6
#: The gap between two controls (and between a control and its row's edge).
GAP = 8
#: A little more than a gap: between groups inside one control.
ROOMY = 10
#: A control's padding: text inside a button or a panel.
PAD = 12
#: A wide padding: between a screen's edge and its content, between two groups.
WIDE = 16
#: A screen's margin where room allows.
MARGIN = 24
#: Half a finger: the least height of a line a finger still hits beside others.
HALF_FINGER = 28
#: A finger: the least size of anything tapped (UX.md: 7 mm on the 7-inch panel).
FINGER = 56

# --- palette roles -------------------------------------------------------------------

#: The screen's background.
BG: Colour = (24, 28, 36)
#: A panel, a button's face at rest.
PANEL: Colour = (38, 44, 56)
#: A chosen panel.
PANEL_HI: Colour = (56, 66, 84)
#: Text and key numbers.
TEXT: Colour = (240, 240, 232)
#: Secondary text, ticks, lines that stay in the background.
MUTED: Colour = (170, 176, 188)
#: What to look at: coins, the chosen control's outline.
ACCENT: Colour = (242, 176, 52)
#: The way forward (OK, Confirm).
PRIMARY: Colour = (46, 140, 84)
#: A step that cannot be taken back without Undo (End for all, Delete).
DANGER: Colour = (196, 58, 48)
#: An error message's background.
WARN_BG: Colour = (120, 36, 30)
#: A message's background.
INFO_BG: Colour = (40, 78, 120)
#: A control that cannot be used now.
DISABLED: Colour = (70, 74, 82)

#: Each player colour's marks (badges, stripes, legend).
PLAYER_COLOURS: dict[str, Colour] = {
    "red": (214, 60, 52),
    "blue": (58, 112, 214),
    "green": (52, 160, 82),
    "yellow": (232, 196, 40),
    "purple": (146, 84, 196),
}
#: Each good's cube colour.
GOOD_COLOURS: dict[str, Colour] = {
    "coffee": (120, 74, 40),
    "tea": (60, 150, 70),
    "saffron": (236, 200, 40),
    "rubber": (235, 235, 228),
    "carpet": (196, 48, 48),
}
#: A fire's flame (the Fire screen's banner).
FLAME: Colour = (250, 150, 40)
#: Points a player gains (a fire's gain: its arrow and number).
GAIN: Colour = (70, 190, 100)
#: Points a player loses (a fire's loss: its arrow and number).
LOSS: Colour = (230, 80, 70)
