"""The touchscreen app's screens (pygame-ce): one scene per screen, on a stack.

`core.UI` holds the stack and draws the bottom bar; `game.GameController`
submits actions to the game session and picks the screen for each state;
`scenes/` holds one module per screen. Only this package imports pygame.
"""
