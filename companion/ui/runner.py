"""The event loop: taps, keys and intents in; a frame out only when something changed."""

from __future__ import annotations

import faulthandler
import json
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.ui.tokens import ERROR_TEXT, INSET

#: The start error screen: the message's top and the advice's height.
MESSAGE_TOP, ADVICE_H = 80, 70

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL must not take SIGTERM/SIGINT: its handler turns them into a QUIT event that the
# loop sees only when it pumps SDL, and 1 start in ~30 lost it (issue 12, item 15).
# `StopSignals` handles them instead (read by SDL at its init, so set before it).
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

import pygame  # noqa: E402

from companion.engine.words import Phase  # noqa: E402
from companion.errors import CompanionError  # noqa: E402
from companion.inputs import intents as it  # noqa: E402
from companion.inputs.wake import InputDevices, Waiter  # noqa: E402
from companion.ui import buttons, canvas  # noqa: E402
from companion.ui.canvas import BG, BODY, LARGE, MUTED, TEXT, Canvas  # noqa: E402
from companion.ui.core import UI  # noqa: E402
from companion.ui.display import Display  # noqa: E402
from companion.ui.i18n import _  # noqa: E402
from companion.ui.keyburst import DAMAGED_LABEL, LAYOUT_ADVICE, KeyBursts, Scan  # noqa: E402
from companion.ui.services import Services  # noqa: E402

log = logging.getLogger("companion.ui")

#: How often SDL's queue is pumped while someone acts: taps and keys are seen at most this
#: late (touch-to-frame p95 <= 25 ms). Not `pygame.event.wait`: with a video driver that
#: cannot block (dummy, KMS/DRM) it polls SDL every millisecond, ~1000 wake-ups a second.
WAIT_S = 0.02
#: The loop pumps at full rate until this long after the last input, tap or frame ...
ACTIVE_S = 3.0
#: ... and then, when SDL's input devices cannot be watched (`Waiter.watching_input`),
#: only this often: the first tap after a quiet spell reaches the screen within this
#: plus a frame (<= 100 ms, with a margin for a loaded CPU), at a quarter of the wake-ups.
IDLE_PUMP_S = 0.06
#: When the input devices are watched (KMS/DRM on the Pi), a touch, a key or an intent wakes
#: the loop by itself; it wakes on its own only this often, to see devices plugged in.
DEEP_S = 2.0
#: Video drivers whose input SDL reads from the evdev devices the loop can watch itself.
EVDEV_DRIVERS = frozenset({"kmsdrm", "evdev"})

#: The signals that stop the app (systemd sends SIGTERM; Ctrl-C; a closed terminal).
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
#: After a stop signal, the longest the app may take to close the game and the devices
#: before it is ended hard (the journal is synced after every action, so nothing is lost).
STOP_GRACE_S = 8.0


class StopSignals:
    """SIGTERM, SIGINT and SIGHUP as a stop request the loop sees at once, and that always ends.

    Python's handlers only mark the signal; the C level writes its number to a pipe
    (`signal.set_wakeup_fd`), which a small thread reads. That thread does not need the
    main thread to turn: at the first signal it records the request, wakes the loop
    (`fileno()` becomes readable) and arms a hard stop after `STOP_GRACE_S` (faulthandler's
    timer: it prints every thread's stack, then exits, even if the main thread hangs); a
    second signal ends the process at once. Install and uninstall on the main thread.
    """

    def __init__(self, grace_s: float = STOP_GRACE_S) -> None:
        self.grace_s = grace_s
        self.signum: int | None = None
        self.count = 0
        self._wake_r, self._wake_w = os.pipe()
        for fd in (self._wake_r, self._wake_w):
            os.set_blocking(fd, False)
        self._sig_r, self._sig_w = os.pipe()
        os.set_blocking(self._sig_w, False)
        self._previous: dict[int, Any] = {}
        self._previous_fd: int | None = None
        self._thread: threading.Thread | None = None
        self.on_stop: Callable[[], None] | None = None

    @property
    def requested(self) -> bool:
        return self.signum is not None

    def fileno(self) -> int:
        """Readable once a stop was requested (for the loop's `poll`)."""
        return self._wake_r

    def install(self) -> bool:
        """Take the stop signals; False (and nothing changed) off the main thread."""
        if threading.current_thread() is not threading.main_thread():
            return False
        self._previous_fd = signal.set_wakeup_fd(self._sig_w, warn_on_full_buffer=False)
        for sig in STOP_SIGNALS:
            self._previous[sig] = signal.signal(sig, self._mark)
        self._thread = threading.Thread(target=self._watch, name="stop-signals", daemon=True)
        self._thread.start()
        return True

    def _mark(self, signum: int, _frame: Any) -> None:
        # On the main thread, whenever it next runs Python code: the watcher thread has
        # (or will have) seen the same signal through the pipe and does the work.
        pass

    def _watch(self) -> None:
        while True:
            try:
                data = os.read(self._sig_r, 64)
            except OSError:
                return
            if not data:
                return  # uninstalled
            for signum in data:
                if signum in STOP_SIGNALS:
                    self.request(signum)

    def request(self, signum: int) -> None:
        """A stop signal arrived (called on the watcher thread; callable from any thread)."""
        self.count += 1
        if self.count > 1:
            # Asked twice: the first stop is taking too long. End now, as SIG_DFL would.
            print(f"companion: {signal.Signals(signum).name} again: stopping now",
                  file=sys.stderr, flush=True)
            os._exit(128 + signum)
        self.signum = signum
        log.info("%s: stopping", signal.Signals(signum).name)
        faulthandler.dump_traceback_later(self.grace_s, exit=True)
        try:
            os.write(self._wake_w, b"!")
        except OSError:
            pass
        if self.on_stop is not None:
            try:
                self.on_stop()
            except Exception:  # noqa: BLE001 - the stop goes on
                log.exception("stop callback failed")

    def uninstall(self, *, keep_guard: bool = True) -> None:
        """Give the signals back (the app is done with them, or a test is).

        After a stop request the hard stop stays armed until the process is gone
        (`keep_guard`): what follows (closing pygame, the interpreter's exit) may hang too.
        """
        if self._previous_fd is not None:
            for sig, handler in self._previous.items():
                signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
            self._previous.clear()
            signal.set_wakeup_fd(self._previous_fd)
            self._previous_fd = None
            os.close(self._sig_w)  # the watcher reads EOF and ends
            if self._thread is not None:
                self._thread.join(1.0)
            for fd in (self._sig_r, self._wake_r, self._wake_w):
                os.close(fd)
        if not (keep_guard and self.requested):
            faulthandler.cancel_dump_traceback_later()


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


def show_fatal(message: str, size: tuple[int, int] = (800, 480), wait_s: float = 30.0,
               notifier: Any = None, stop: StopSignals | None = None) -> None:
    """Show why the app cannot start, until a tap, a key or `wait_s` seconds.

    Under systemd (`notifier` given and $NOTIFY_SOCKET set) the message stays until the
    service is stopped, as the table would be left with a black console otherwise."""
    stay = notifier is not None and bool(os.environ.get("NOTIFY_SOCKET"))
    try:
        screen = pygame.display.set_mode(size)
    except pygame.error:
        return
    c = Canvas(screen)
    c.fill(BG)
    c.text("The companion cannot start", (c.u(INSET), c.u(INSET)), LARGE, ERROR_TEXT)
    c.paragraph(message, pygame.Rect(c.u(INSET), c.u(MESSAGE_TOP), c.w - c.u(2 * INSET),
                                     c.h - c.u(2 * MESSAGE_TOP)), BODY, TEXT)
    # Say how this screen goes away: nothing else on it can be tapped.
    how = ("This message stays until the companion is stopped. Correct the file named "
           "above, then: sudo systemctl restart speicherstadt-companion" if stay else
           f"Tap the screen to close (it closes by itself after {wait_s:.0f} s). "
           "Correct the file named above, then start the companion again.")
    c.paragraph(how, pygame.Rect(c.u(INSET), c.h - c.u(MESSAGE_TOP), c.w - c.u(2 * INSET),
                                 c.u(ADVICE_H)), BODY, MUTED)
    pygame.display.flip()
    if stay:
        notifier.ready()  # started, as far as systemd goes: no start timeout, no restart loop
        notifier.status(f"cannot start: {(message.splitlines() or [''])[0]}")
        # Until the service is stopped: SIGTERM through `stop` (SDL's own signal handlers
        # are off), or a QUIT from the window system.
        while not (stop is not None and stop.requested):
            if pygame.event.wait(500).type == pygame.QUIT:
                break
            notifier.watchdog()
        return
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline and not (stop is not None and stop.requested):
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
                 screenshot_each_input: bool = False,
                 problems: list[str] | Callable[[], list[str]] | None = None,
                 start_inputs: Callable[[], tuple[Any, Any]] | None = None,
                 stop: StopSignals | None = None) -> None:
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
        # The buttons' legend is shown where there are buttons (or keys for them).
        services.buttons = simulate or getattr(inputs, "buttons", None) is not None
        #: `problems` given as a function: the hardware check runs after the first frame.
        self.check_hardware = problems if callable(problems) else None
        services.hardware_problems = [] if callable(problems) else list(problems or [])
        self.ui = UI(services, self.display.logical)
        self.bus = bus
        self.start_inputs = start_inputs
        self.simulate = simulate
        self.notifier = notifier
        self.shots = Path(screenshot_dir) if screenshot_dir else None
        self.shot_count = 0
        #: With `shots`: a frame after every input that changed the picture, not only on a
        #: new screen (docs/frames.md, "Nothing moves under the finger").
        self.each_input = screenshot_each_input
        #: An input was handled since the last frame; the last saved picture's digest.
        self.input_seen = False
        self.last_digest = b""
        #: Keys held down on the simulated buttons: key -> role.
        self.held: dict[int, str] = {}
        self.held_since: dict[int, float] = {}
        #: Tells a barcode scanner's bursts of keys from keys pressed by a person.
        self.bursts = KeyBursts()
        self.last_screen: Any = None
        self.stop_signals = stop
        #: What the loop waits on between two pumps of SDL (made in `run`).
        self.waiter: Waiter | None = None
        #: "active" (pumping SDL every WAIT_S), "idle" (every IDLE_PUMP_S) or "deep" (woken
        #: by the input devices themselves): how the loop waits now, for the benchmarks.
        self.idle_state = "active"
        self.last_activity = time.monotonic()
        #: SDL events the idle wait took out of the queue, for the loop to handle.
        self.pending_events: list[Any] = []
        self._bus_fd: int | None = None
        if bus is not None:
            self.attach_inputs(inputs, bus)

    def attach_inputs(self, inputs: Any, bus: Any) -> None:
        """Take intents from `bus`, and the simulator and tag map from `inputs`, from now on."""
        self.bus = bus
        if bus is not None:
            # The loop blocks on the bus's descriptor itself (`wait_intents`), so a put wakes
            # it at once: no waker, and nothing posted to pygame from the adapters' threads.
            bus.set_waker(None)
            self._bus_fd = bus.fileno()
            if self.waiter is not None:
                self.waiter.add(self._bus_fd)
        if inputs is not None:
            self.ui.services.buttons = self.simulate or getattr(inputs, "buttons", None) \
                is not None
            self.simulator = getattr(inputs, "simulator", None)
            self.ui.services.simulator = self.simulator
            self.ui.services.tagmap = getattr(inputs, "tagmap", None)

    def stop(self) -> None:
        self.running = False

    @property
    def stop_requested(self) -> bool:
        return self.stop_signals is not None and self.stop_signals.requested

    # --- input ------------------------------------------------------------------------
    def player_colour(self, number: int) -> str | None:
        """Key 1-5: the colour of the n-th button: the n-th player at the table, then the
        colours nobody plays (`buttons.order`: a ship's five goods are five buttons at a
        table of two too)."""
        game = self.ui.game
        colours = buttons.order(game.state if game is not None else None)
        return colours[number - 1] if 1 <= number <= len(colours) else None

    def key(self, event: Any) -> None:
        """Keys stand in for the buttons: through the simulated GPIO pins when simulating."""
        sim = self.simulator
        role: str | None = None
        intent: Any = None
        if pygame.K_1 <= event.key <= pygame.K_5:
            colour = self.player_colour(event.key - pygame.K_0)
            role, intent = colour, it.PlayerButton(colour) if colour else None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if event.mod & pygame.KMOD_SHIFT:
                role, intent = "ok-long", it.OkHeld()
            else:
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
        if role in ("undo-long", "ok-long"):
            # Shift+Backspace (Shift+Enter) stands for the long press itself: holding the
            # simulated button for the long-press time would leave the table 1.2 s without
            # an answer.
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
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            # Through the burst filter first: a scanner's keys are a scan, never keys.
            mod = getattr(event, "mod", 0)
            self.act_on_keys(self.bursts.key(
                time.monotonic(), event, down=event.type == pygame.KEYDOWN,
                scancode=getattr(event, "scancode", 0), shift=bool(mod & pygame.KMOD_SHIFT),
                control=bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_GUI))))
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.ui.dirty = True
            return
        now = time.monotonic()  # the event's time: the tap is handled as it comes
        pos = self.display.tap_position(event, now)
        if pos is not None:
            self.ui.touch(pos, at=now)

    def act_on_keys(self, decided: list[Any]) -> None:
        """Handle what the burst filter decided: key events as keys, scans as scans."""
        for item in decided:
            if isinstance(item, Scan):
                self.guarded(self.scanned, item)
            elif item.type == pygame.KEYDOWN:
                self.guarded(self.key, item)
            else:
                self.guarded(self.key_up, item)

    def scanned(self, scan: Scan) -> None:
        """A scanner's burst of keys: the card it names, as the card reader would send it."""
        if scan.tag is None:
            log.info("a burst of keys was no code: %s", scan.problem)
            if scan.problem in (LAYOUT_ADVICE, DAMAGED_LABEL):
                self.ui.error(_(scan.problem))
            return
        from companion.inputs.tagmap import label_card  # with the first scan, not at start

        lookup = getattr(self.simulator, "lookup", None) or getattr(
            self.ui.services.tagmap, "lookup", None) or label_card
        self.ui.intent(it.CardScanned(scan.tag, lookup(scan.tag)))

    def make_waiter(self) -> Waiter:
        """Wait on the intent bus, the stop signals and, where SDL reads them, the devices."""
        always = [self.bus.fileno()] if self.bus is not None else []
        self._bus_fd = always[0] if always else None
        drained = [self.stop_signals.fileno()] if self.stop_signals is not None else []
        devices = None
        driver = ""
        try:
            driver = pygame.display.get_driver().lower()
        except pygame.error:
            pass
        if driver in EVDEV_DRIVERS:
            devices = InputDevices()
            if not devices.fds:
                log.info("no readable input device in %s: the loop pumps SDL on a timer "
                         "when idle", devices.directory)
        return Waiter(always, drained, devices)

    def wait_timeout(self, now: float) -> float:
        """How long the loop may wait now before its next turn, and `idle_state` for it."""
        waiter = self.waiter
        if now - self.last_activity < ACTIVE_S:
            self.idle_state, timeout = "active", WAIT_S
        else:
            # Idle: one turn of the loop per DEEP_S at most; "idle" pumps SDL within it.
            deep = waiter is not None and waiter.watching_input
            self.idle_state, timeout = ("deep" if deep else "idle"), DEEP_S
        interval = self._watchdog_interval
        if interval is not None:
            timeout = min(timeout, interval / 2)
        held = self.bursts.deadline
        if held is not None:  # keys held back: they act as keys when it passes
            timeout = max(0.001, min(timeout, held - now + 0.001))
        deadline = self.ui.next_deadline()
        if deadline is not None:
            timeout = max(0.001, min(timeout, deadline - self.ui.clock() + 0.001))
        return timeout

    def wait_intents(self, timeout_s: float) -> list[Any]:
        """The intents on the bus, waiting up to `timeout_s` for the first (a put wakes it,
        and so do a stop signal and, when watched, a touch or a key).

        In the "idle" state SDL's queue is pumped every IDLE_PUMP_S meanwhile, in as
        little code as can be (each turn wakes a cold CPU): the events it finds end the
        wait and are handled by the loop (`pending_events`)."""
        bus = self.bus
        waiter = self.waiter
        if waiter is None:
            if bus is None:
                time.sleep(timeout_s)
                return []
            first = bus.wait(timeout_s)
            return [] if first is None else [first, *bus.drain()]
        if self.idle_state == "idle":
            end = time.monotonic() + timeout_s
            wait, get = waiter.wait, pygame.event.get
            while True:
                left = end - time.monotonic()
                ready = wait(IDLE_PUMP_S if left > IDLE_PUMP_S else max(0.0, left))
                if ready or left <= IDLE_PUMP_S:
                    break
                events = get()
                if events:
                    self.pending_events = events
                    break
        else:
            ready = waiter.wait(timeout_s)
        if bus is not None and ready and self._bus_fd in ready:
            drained: list[Any] = bus.drain()
            return drained
        return []

    def drain_intents(self, intents: list[Any] | None = None) -> None:
        if self.bus is None:
            return
        for intent in (intents or []) + self.bus.drain():
            self.guarded(self.ui.intent, intent)

    def guarded(self, handler: Callable[[Any], Any], item: Any) -> None:
        try:
            handler(item)
        except Exception as exc:  # noqa: BLE001 - the game goes on; the journal is safe
            log.exception("error while handling input")
            self.ui.error(f"Internal error ({type(exc).__name__}: {exc}); the game is saved.")

    # --- output -----------------------------------------------------------------------
    def frame(self) -> None:
        surface = self.ui.render()
        self.display.present(surface)
        top = self.ui.top
        new_screen = top is not self.last_screen
        changed = False
        if self.shots is not None and getattr(self, "each_input", False):
            # After an input, the picture it made: where the screen is still moving (the
            # score markers sliding), the frame is written when it has come to rest, so no
            # picture catches a marker half-way.
            self.screen_due = getattr(self, "screen_due", False) or new_screen
            self.shot_due = getattr(self, "shot_due", False) or new_screen or \
                getattr(self, "input_seen", False)
            new_screen = False
            if self.shot_due and top.animating_until() <= self.ui.clock():
                import hashlib  # noqa: PLC0415 - only with --screenshot-each-input, not at start

                digest = hashlib.blake2b(pygame.image.tobytes(surface, "RGB"),
                                         digest_size=16).digest()
                changed, self.last_digest = digest != self.last_digest, digest
                changed, self.screen_due, self.shot_due = changed or self.screen_due, False, False
        self.input_seen = False
        if self.shots is not None and (new_screen or changed):
            try:
                self.shots.mkdir(parents=True, exist_ok=True)
                self.shot_count += 1
                stem = self.shots / f"{self.shot_count:03d}-{top.name}"
                pygame.image.save(surface, str(stem.with_suffix(".png")))
                # Beside each picture, what it shows: texts and tap targets (docs/frames.md).
                stem.with_suffix(".json").write_text(json.dumps(
                    self.ui.canvas.describe(top.name, self.ui.language), ensure_ascii=False),
                    encoding="utf-8")
            except (OSError, pygame.error) as exc:
                # A screenshot is a help for the owner, never a reason to stop the table.
                log.warning("screenshots stopped: cannot save in %s (%s)", self.shots, exc)
                self.shots = None
        self.last_screen = top

    def run(self) -> int:
        ui = self.ui
        ui.open("home")
        session = getattr(ui.top, "session", None)
        if session is not None and session.state.phase != Phase.OVER:
            ui.open_game(session)  # after a power cut, straight back into the game
        if ui.services.hardware_problems:
            ui.error(" ".join(ui.services.hardware_problems))
        try:
            if not self.stop_requested:
                self.frame()
            if self.start_inputs is not None and not self.stop_requested:
                self.attach_inputs(*self.start_inputs())
            if self.check_hardware is not None and not self.stop_requested:
                ui.services.hardware_problems = list(self.check_hardware())
                if ui.services.hardware_problems:
                    ui.error(" ".join(ui.services.hardware_problems))
            self.waiter = self.make_waiter()
            if self.notifier is not None:
                self.notifier.ready()
            self._watchdog_interval = None
            interval = getattr(self.notifier, "watchdog_interval", None)
            if callable(interval):
                self._watchdog_interval = interval()
            self.last_activity = time.monotonic()
            self.loop()
        finally:
            if self.waiter is not None:
                self.waiter.close()
            if ui.game is not None:
                ui.game.close()
        return 0

    _watchdog_interval: float | None = None

    def loop(self) -> None:
        ui = self.ui
        while self.running and not self.stop_requested:
            if self.notifier is not None:
                self.notifier.watchdog()
            intents = self.wait_intents(self.wait_timeout(time.monotonic()))
            if self.stop_requested:
                break
            events = self.pending_events + pygame.event.get()
            self.pending_events = []
            if events or intents:
                self.last_activity = time.monotonic()
                self.input_seen = True
            # Each event on its own: one that fails must not take the others (a QUIT) with it.
            for ev in events:
                self.guarded(self.handle, ev)
            for intent in intents:
                self.guarded(ui.intent, intent)
            self.act_on_keys(self.bursts.due(time.monotonic()))
            ui.tick()
            if ui.dirty and self.running:
                self.frame()
                self.last_activity = time.monotonic()
