"""The event loop: taps, keys and intents in; a frame out only when something changed."""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.engine.words import Phase  # noqa: E402
from companion.errors import CompanionError  # noqa: E402
from companion.inputs import intents as it  # noqa: E402
from companion.ui import canvas  # noqa: E402
from companion.ui.canvas import BG, BODY, LARGE, MUTED, TEXT, Canvas  # noqa: E402
from companion.ui.core import UI  # noqa: E402
from companion.ui.display import Display  # noqa: E402
from companion.ui.services import Services  # noqa: E402

log = logging.getLogger("companion.ui")

#: The longest the loop waits on the intent bus before it pumps SDL's queue again: taps and
#: keys are seen at most this late (touch-to-frame p95 <= 25 ms), and the watchdog is fed
#: at least this often. Not `pygame.event.wait`: with a video driver that cannot block
#: (dummy, KMS/DRM) it polls SDL every millisecond, ~1000 wake-ups a second.
WAIT_S = 0.02


def init_pygame() -> None:
    """Only the display and fonts: never the mixer, so no sound device is needed."""
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as exc:
        driver = os.environ.get("SDL_VIDEODRIVER") or "automatic"
        raise CompanionError(
            f"cannot open the display ({exc}; video driver: {driver}). On a desktop, run it "
            "inside your graphical session; on the Pi's console use SDL_VIDEODRIVER=kmsdrm and "
            "membership of the groups video and render; with no screen at all, "
            "SDL_VIDEODRIVER=dummy"
        ) from None


def quit_pygame() -> None:
    canvas.forget_fonts()  # fonts die with the font module
    pygame.quit()


def show_fatal(message: str, size: tuple[int, int] = (800, 480), wait_s: float = 30.0) -> None:
    """Show why the app cannot start, until a tap, a key or `wait_s` seconds."""
    try:
        screen = pygame.display.set_mode(size)
    except pygame.error:
        return
    c = Canvas(screen)
    c.fill(BG)
    c.text("The companion cannot start", (c.u(20), c.u(20)), LARGE, (240, 120, 100))
    c.paragraph(message, pygame.Rect(c.u(20), c.u(80), c.w - c.u(40), c.h - c.u(160)), BODY,
                TEXT)
    # Say how this screen goes away: nothing else on it can be tapped.
    c.paragraph(f"Tap the screen to close (it closes by itself after {wait_s:.0f} s). "
                "Correct the file named above, then start the companion again.",
                pygame.Rect(c.u(20), c.h - c.u(80), c.w - c.u(40), c.u(70)), BODY, MUTED)
    pygame.display.flip()
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        event = pygame.event.wait(500)
        if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                          pygame.FINGERDOWN):
            return


class Runner:
    """Opens the display and runs the loop until the window is closed.

    The inputs are given started (`inputs`, `bus`), or as `start_inputs() -> (inputs, bus)`,
    called right after the first frame (importing gpiozero is not on the way to it).
    """

    def __init__(self, *, services: Services, inputs: Any, bus: Any, simulate: bool,
                 screenshot_dir: str | None, notifier: Any,
                 problems: list[str] | None = None,
                 start_inputs: Callable[[], tuple[Any, Any]] | None = None) -> None:
        display = services.settings.get("display") or {}
        size = tuple(display.get("size") or (800, 480))
        try:
            self.display = Display((int(size[0]), int(size[1])),
                                   display.get("fullscreen", "auto"),
                                   int(display.get("rotation", 0)))
        except pygame.error as exc:
            raise CompanionError(f"cannot open the display: {exc}") from None
        self.simulator = getattr(inputs, "simulator", None) if inputs is not None else None
        services.simulator = self.simulator
        services.tagmap = getattr(inputs, "tagmap", None) if inputs is not None else None
        self.running = True
        services.quit = self.stop
        services.simulate = simulate
        services.hardware_problems = list(problems or [])
        self.ui = UI(services, self.display.logical)
        self.bus = bus
        self.start_inputs = start_inputs
        self.simulate = simulate
        self.notifier = notifier
        self.shots = Path(screenshot_dir) if screenshot_dir else None
        self.shot_count = 0
        #: Keys held down on the simulated buttons: key -> role.
        self.held: dict[int, str] = {}
        self.held_since: dict[int, float] = {}
        self.last_screen: Any = None
        if bus is not None:
            self.attach_inputs(inputs, bus)

    def attach_inputs(self, inputs: Any, bus: Any) -> None:
        """Take intents from `bus`, and the simulator and tag map from `inputs`, from now on."""
        self.bus = bus
        if bus is not None:
            # The loop blocks on the bus itself (`wait_intents`), so a put wakes it at once:
            # no waker, and nothing posted to pygame from the adapters' threads.
            bus.set_waker(None)
        if inputs is not None:
            self.simulator = getattr(inputs, "simulator", None)
            self.ui.services.simulator = self.simulator
            self.ui.services.tagmap = getattr(inputs, "tagmap", None)

    def stop(self) -> None:
        self.running = False

    # --- input ------------------------------------------------------------------------
    def player_colour(self, number: int) -> str | None:
        """Key 1-5: the colour of the n-th player at the table (or of the n-th button)."""
        game = self.ui.game
        colours = game.state.players if game is not None else it.COLOURS
        return colours[number - 1] if number <= len(colours) else None

    def key(self, event: Any) -> None:
        """Keys stand in for the buttons: through the simulated GPIO pins when simulating."""
        sim = self.simulator
        role: str | None = None
        intent: Any = None
        if pygame.K_1 <= event.key <= pygame.K_5:
            colour = self.player_colour(event.key - pygame.K_0)
            role, intent = colour, it.PlayerButton(colour) if colour else None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            role, intent = "ok", it.Ok()
        elif event.key == pygame.K_BACKSPACE:
            if event.mod & pygame.KMOD_SHIFT:
                role, intent = "undo-long", it.Redo()
            else:
                role, intent = "undo", it.Undo()
        elif event.key == pygame.K_ESCAPE:
            intent = it.Back()
        if intent is None:
            return
        if role == "undo-long":
            # Shift+Backspace stands for the long press itself: holding the simulated
            # button for the long-press time would leave the table 1.2 s without an answer.
            self.ui.intent(intent)
            return
        if sim is not None and role is not None:
            try:
                if hasattr(sim, "press_down"):
                    # Held like the real button: Backspace held long is a long press (Redo).
                    sim.press_down(role)
                    self.held[event.key] = role
                    self.held_since[event.key] = time.monotonic()
                else:
                    sim.press(role)
                return
            except Exception as exc:  # noqa: BLE001 - fall back to the direct path
                log.warning("simulated press failed: %s", exc)
        self.ui.intent(intent)

    def min_hold(self) -> float:
        """How long a simulated button must stay down to count (a margin over debounce)."""
        buttons = getattr(self.simulator, "_buttons", None)
        debounce = getattr(getattr(buttons, "settings", None), "debounce_s", 0.03)
        return float(debounce) * 2 + 0.01

    def key_up(self, event: Any) -> None:
        role = self.held.pop(event.key, None)
        since = self.held_since.pop(event.key, None)
        if role is not None and self.simulator is not None:
            # A key is one clean press, but its up may follow its down at once (a quick
            # tap, or both events queued while the loop was busy). A button released
            # within the debounce time never counted, so keep it down long enough.
            if since is not None:
                rest = self.min_hold() - (time.monotonic() - since)
                if rest > 0:
                    time.sleep(rest)
            try:
                self.simulator.release(role)
            except Exception as exc:  # noqa: BLE001
                log.warning("simulated release failed: %s", exc)

    def handle(self, event: Any) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return
        if event.type == pygame.KEYUP:
            self.key_up(event)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.ui.dirty = True
            return
        pos = self.display.tap_position(event, time.monotonic())
        if pos is not None:
            self.ui.touch(pos)

    def wait_intents(self, timeout_s: float) -> list[Any]:
        """The intents on the bus, waiting up to `timeout_s` for the first (a put wakes it)."""
        bus = self.bus
        if bus is None:
            time.sleep(timeout_s)
            return []
        first = bus.wait(timeout_s)
        if first is None:
            return []
        return [first, *bus.drain()]

    def drain_intents(self, intents: list[Any] | None = None) -> None:
        if self.bus is None:
            return
        for intent in (intents or []) + self.bus.drain():
            self.ui.intent(intent)

    # --- output -----------------------------------------------------------------------
    def frame(self) -> None:
        surface = self.ui.render()
        self.display.present(surface)
        top = self.ui.top
        if self.shots is not None and top is not self.last_screen:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.shot_count += 1
            stem = self.shots / f"{self.shot_count:03d}-{top.name}"
            pygame.image.save(surface, str(stem.with_suffix(".png")))
            # Beside each picture, what it shows: texts and tap targets (docs/frames.md).
            stem.with_suffix(".json").write_text(json.dumps(
                self.ui.canvas.describe(top.name, self.ui.language), ensure_ascii=False),
                encoding="utf-8")
        self.last_screen = top

    def run(self) -> int:
        ui = self.ui
        ui.open("home")
        session = getattr(ui.top, "session", None)
        if session is not None and session.state.phase != Phase.OVER:
            ui.open_game(session)  # after a power cut, straight back into the game
        if ui.services.hardware_problems:
            ui.error(" ".join(ui.services.hardware_problems))
        self.frame()
        if self.start_inputs is not None:
            self.attach_inputs(*self.start_inputs())
        if self.notifier is not None:
            self.notifier.ready()
        while self.running:
            if self.notifier is not None:
                self.notifier.watchdog()
            timeout = WAIT_S
            deadline = ui.next_deadline()
            if deadline is not None:
                timeout = max(0.001, min(WAIT_S, deadline - ui.clock() + 0.001))
            intents = self.wait_intents(timeout)
            events = pygame.event.get()
            try:
                for ev in events:
                    self.handle(ev)
                self.drain_intents(intents)
            except Exception as exc:  # noqa: BLE001 - the game goes on; the journal is safe
                log.exception("error while handling input")
                ui.error(f"Internal error ({type(exc).__name__}: {exc}); the game is saved.")
            ui.tick()
            if ui.dirty and self.running:
                self.frame()
        if ui.game is not None:
            ui.game.close()
        return 0
