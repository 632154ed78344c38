"""Idle on the round screen, measured from outside in /proc, against a pygame loop at
clock.tick(60); and the first tap after a quiet spell.

The app starts as a table starts it (`python -m companion --simulate --state-dir DIR`,
SDL's dummy driver, $NOTIFY_SOCKET and a 30 s watchdog as under systemd) on a
5-player game in progress, which it resumes on its round screen. Once it has sent
READY=1 nobody touches it: after 5 s without input (the figure's definition) its
CPU time is read from `/proc/<pid>/task/*/schedstat` (nanoseconds on a CPU, every
thread) at the start and the end of the window, and `/proc/<pid>/stat` (utime +
stime, 10 ms ticks) as a cross-check; wake-ups are the threads' context switches
(`/proc/<pid>/task/*/status`). The baseline and the reference loops are measured
the same way, from outside, one right before each app run.

A second variant emulates a Pi's input devices (`_app_child.py serve-evdev`): the
loop watches a FIFO as it watches `/dev/input/event*` under KMS/DRM, so nothing
polls while idle.

The first tap after a quiet spell: `_app_child.py wake` waits until the loop says
it is in its deepest idle state (`Runner.idle_state`), which is where a minute of
quiet leaves it, then taps Undo/Redo and times it to the next frame.
"""

from __future__ import annotations

import os
import signal
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks import (
    APP,
    BARE,
    ROOT,
    Figure,
    Size,
    check_child,
    child_env,
    percentile,
    python,
    ratio_at_most,
    run_child,
    unavailable,
    value_at_most,
)
from benchmarks import games as G
from benchmarks.adapters import NotAvailable, seed_game
from benchmarks.startup import app_available

NAME = "idle"
#: "Idle after 5 s without input": the window starts this long after READY=1.
QUIET_S = 5.0
#: The first tap after a quiet spell must reach the screen within this.
WAKE_LIMIT_MS = 100.0


def round_screen_game(actions: tuple | None = None) -> tuple:  # type: ignore[type-arg]
    """A game (by default a 5-player one) stopped in the Loading phase of round 3."""
    actions = actions or G.game(0)
    dones = 0
    for i, action in enumerate(actions):
        if action.type == "done":
            dones += 1
            if dones == 2:
                # Into round 3, up to its Loading phase: stop at its first move or done.
                for j in range(i + 1, len(actions)):
                    if actions[j].type in ("move", "convert", "market_sell", "done"):
                        return actions[:j]
    return actions[: len(actions) // 2]


# --- measuring a process from outside ----------------------------------------------------


def proc_sample(pid: int) -> dict[str, float]:
    """CPU seconds (schedstat, and stat's ticks) and context switches of every thread of `pid`."""
    tick = os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    stat_cpu = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    sched = 0.0
    switches = 0
    threads = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as f:
                sched += int(f.read().split()[0]) / 1e9
            with open(f"/proc/{pid}/task/{task}/status", encoding="ascii") as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        switches += int(line.split()[1])
            threads += 1
        except (FileNotFoundError, ProcessLookupError):
            continue  # a thread that ended meanwhile
    return {"sched": sched, "stat": stat_cpu, "switches": switches, "threads": threads,
            "wall": time.monotonic()}


def hwm_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Window:
    """One process's idle window: CPU (% of a core), wake-ups per second, peak memory."""

    def __init__(self, before: dict[str, float], after: dict[str, float], rss: float) -> None:
        wall = after["wall"] - before["wall"]
        self.cpu = (after["sched"] - before["sched"]) / wall * 100
        self.stat_cpu = (after["stat"] - before["stat"]) / wall * 100
        self.wakeups = (after["switches"] - before["switches"]) / wall
        self.threads = after["threads"]
        self.rss = rss


def measure(proc: subprocess.Popen[str], settle_s: float, seconds: float) -> Window:
    time.sleep(settle_s)
    before = proc_sample(proc.pid)
    time.sleep(seconds)
    after = proc_sample(proc.pid)
    return Window(before, after, hwm_mib(proc.pid))


def stop(proc: subprocess.Popen[str], what: str) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise RuntimeError(f"{what} did not stop within 30 s of SIGTERM") from None


def bare_window(seconds: float, loop: str = "tick60") -> Window:
    """The bare pygame loop `loop`, measured from outside after its first frame."""
    proc = subprocess.Popen([python(), BARE, str(seconds + 30), loop], env=child_env(),
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("MARK first_frame"):
            err = proc.stderr.read() if proc.stderr else ""
            raise RuntimeError(f"bare pygame loop: {line!r} {err}")
        return measure(proc, 1.0, seconds)
    finally:
        proc.kill()
        proc.communicate()


def app_window(state_dir: str, seconds: float, evdev: bool = False) -> Window:
    """The app resumed on the round screen, measured from outside after QUIET_S of quiet."""
    with tempfile.TemporaryDirectory(prefix="bench-notify-") as tmp:
        address = os.path.join(tmp, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(address)
        sock.settimeout(120)
        env = child_env(NOTIFY_SOCKET=address, WATCHDOG_USEC="30000000")
        argv = ([python(), APP, "serve-evdev", state_dir] if evdev else
                [python(), "-m", "companion", "--simulate", "--state-dir", state_dir])
        proc = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        try:
            while sock.recv(256) != b"READY=1":
                pass
            window = measure(proc, QUIET_S, seconds)
            stop(proc, "the app")
            return window
        except BaseException:
            proc.kill()
            raise
        finally:
            sock.close()
            if proc.poll() is None:
                proc.kill()
            proc.communicate()


def run(size: Size) -> list[Figure]:
    seconds = size.idle_seconds
    repeats = size.runs
    base: list[Window] = []
    refs: dict[str, list[Window]] = {"wait": [], "sleep20": []}
    app: list[Window] = []
    evdev: list[Window] = []
    missing = app_available()
    wake: dict[str, list[float]] = {"": [], "-evdev": []}
    reached: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-idle-") as tmp:
        if missing is None:
            try:
                seed_game(Path(tmp), round_screen_game())
            except NotAvailable as exc:
                missing = str(exc)
        for _ in range(repeats):
            base.append(bare_window(seconds))
            if missing is None:
                app.append(app_window(tmp, seconds))
                evdev.append(app_window(tmp, seconds, evdev=True))
            for loop, values in refs.items():
                values.append(bare_window(seconds / 2, loop))  # steady; half the time will do
        for _ in range(repeats if missing is None else 0):
            for variant in wake:
                child = check_child(run_child(
                    [python(), APP, "wake" + variant, tmp, str(max(1, size.samples // 20))],
                    timeout=600), "the app, first tap after a quiet spell")
                for line in child.stdout.splitlines():
                    if line.startswith("LAT wake "):
                        wake[variant].extend(float(v) for v in line.split()[2:])
                reached.append(child.marks().get("idle_reached_s", float("nan")))
    baseline = "pygame loop at clock.tick(60)"
    base_cpu = [w.cpu for w in base]

    def notes(windows: list[Window], extra: str = "") -> str:
        return (f"from /proc: schedstat per run {', '.join(f'{w.cpu:.3f}' for w in windows)} "
                f"%; /proc/<pid>/stat (10 ms ticks) per run "
                f"{', '.join(f'{w.stat_cpu:.2f}' for w in windows)} %; wake-ups (context "
                f"switches, every thread) {', '.join(f'{w.wakeups:.1f}' for w in windows)}/s; "
                f"threads {windows[-1].threads}" + (f"; {extra}" if extra else ""))

    base_note = notes(base)
    references = [
        Figure(NAME, "idle CPU, bare loop blocked in pygame.event.wait(1000)", "% of a core",
               [w.cpu for w in refs["wait"]], baseline, base_cpu,
               notes="reference, nothing drawn: pygame-ce's event.wait polls SDL's queue with a "
               "1 ms sleep (SDL_Delay(1)) when the video driver cannot block, as under dummy "
               "and KMS/DRM; " + notes(refs["wait"])),
        Figure(NAME, "idle CPU, bare loop: 20 ms sleep then pygame.event.get()", "% of a core",
               [w.cpu for w in refs["sleep20"]], baseline, base_cpu,
               notes="reference, nothing drawn: what the loop did all the time before "
               "(pumping SDL 50 times a second); " + notes(refs["sleep20"])),
    ]
    what = f"idle CPU on the round screen, {QUIET_S:g} s after the last input, over {seconds:g} s"
    if missing:
        return [unavailable(NAME, what, "% of a core", missing, "ratio <= 0.2"), *references]
    figures = [
        Figure(NAME, what, "% of a core", [w.cpu for w in app], baseline, base_cpu,
               target="ratio <= 0.2", check=ratio_at_most(0.2),
               notes="SDL's dummy driver: no input device to watch, so the idle loop pumps "
               f"SDL every 60 ms (IDLE_PUMP_S); {notes(app)}. Baseline: {base_note}"),
        Figure(NAME, "idle CPU on the round screen, input devices watched (a Pi's evdev, "
               "emulated)", "% of a core", [w.cpu for w in evdev], baseline, base_cpu,
               notes="the loop sleeps in poll() on the device, the intent bus and the stop "
               "signals (2 s at most, and the watchdog's 15 s); " + notes(evdev)),
        Figure(NAME, "peak memory (RSS), resumed on the round screen", "MiB",
               [w.rss for w in app], "bare pygame-ce, running its loop", [w.rss for w in base],
               target="ratio <= 2.0", check=ratio_at_most(2.0),
               notes="VmHWM of the same runs, read at the end of the window"),
        *references,
    ]
    for variant, label in (("", "SDL pumped every 60 ms when idle (this machine)"),
                           ("-evdev", "input devices watched (a Pi's evdev, emulated)")):
        lat = wake[variant]
        name = f"first tap after a quiet spell to frame, p95 ({label})"
        if not lat:
            figures.append(unavailable(NAME, name, "ms", "no sample reached the screen",
                                       f"<= {WAKE_LIMIT_MS:g} ms"))
            continue
        figures.append(Figure(
            NAME, name, "ms", [percentile(lat, 95)], target=f"<= {WAKE_LIMIT_MS:g} ms",
            check=value_at_most(WAKE_LIMIT_MS),
            notes=f"{len(lat)} taps on Undo/Redo (engine + journal sync), each once the loop "
            f"said it was in its deepest idle state (reached {statistics.median(reached):.1f} s "
            f"after the last input; it stays there however long the quiet lasts, so this is "
            f"the first tap after a minute); every sample: "
            + ", ".join(f"{v:.1f}" for v in lat) + " ms"))
    return figures
