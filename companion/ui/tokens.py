"""The design tokens every layout and scene draws with: spacing names and palette roles.

Lengths are for the 800x480 panel (`Canvas.u` scales them); a layout writes
`c.u(GAP)`, never `c.u(8)`, so that "the gap between two controls" is one number
for the whole product. Colours are roles (what a colour is *for*), never RGB
literals in a scene or layout: tests/ui/test_tokens.py checks both.

Names by size, smallest first, then the names added later (appended, so that changes
made side by side merge); a layout that needs a length no name here gives adds a name
(with what it is for) rather than writing a literal.
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
#: A message's or a dialog's inset from its box (a little more than WIDE).
INSET = 20
#: The tallest a key or a row of choices grows where room allows (a comfortable finger).
TALL = 64
#: A control's or a panel's rounded corner (the radius `Canvas.rect` draws by default).
CORNER = 8
#: A goods cube's rounded corner.
CUBE_CORNER = 4

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

#: A fire's button among the cards to reveal (Supply's grid).
CARD_FIRE: Colour = (150, 52, 40)
#: A ship's button among the cards to reveal (Supply's grid).
CARD_SHIP: Colour = (58, 80, 110)
#: Any other card's button among the cards to reveal, and a fireman's value's button.
CARD_OTHER: Colour = (70, 82, 100)
#: An error's words on the screen's background (a file that cannot be read, a refusal).
ERROR_TEXT: Colour = (240, 120, 100)
#: A table's every other row, behind its numbers (statistics, results).
BAND: Colour = (30, 35, 45)
#: A chart's zero line.
ZERO_LINE: Colour = (70, 76, 90)
#: A setup step's mark while the step is not done.
MARK_OPEN: Colour = (60, 66, 80)
#: The outline of a place where a cube could be (a contract's empty symbol).
EMPTY_PLACE: Colour = (90, 96, 110)
#: The hardware check: a part that answers, a part that does not, a problem's note.
PART_OK: Colour = (110, 210, 130)
PART_MISSING: Colour = (240, 110, 100)
PART_PROBLEM: Colour = (240, 150, 120)
#: A QR code's modules and its quiet border (scanners want black on white).
QR_DARK: Colour = (0, 0, 0)
QR_LIGHT: Colour = (255, 255, 255)
#: Words on a coloured mark: dark on a light colour, light on a dark one (`readable_on`).
INK_DARK: Colour = (20, 20, 20)
INK_LIGHT: Colour = (250, 250, 250)
#: A player badge's colour for a seat without a known colour.
NO_COLOUR: Colour = (128, 128, 128)
#: The rim around a player's badge and around a goods cube.
BADGE_RIM: Colour = (15, 15, 15)
CUBE_RIM: Colour = (10, 10, 10)

#: A fire's flame (the Fire screen's banner).
FLAME: Colour = (250, 150, 40)
#: Points a player gains (a fire's gain: its arrow and number).
GAIN: Colour = (70, 190, 100)
#: Points a player loses (a fire's loss: its arrow and number).
LOSS: Colour = (230, 80, 70)
