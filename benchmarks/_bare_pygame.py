"""The baseline program: bare pygame-ce, as little as a pygame app can be.

    python -m benchmarks._bare_pygame [IDLE_SECONDS [LOOP]]

Initialises the display and the font module, opens an 800x480 window, draws
one line of text and flips once; prints ``MARK first_frame <monotonic>`` and
``MARK hwm_kib <KiB>`` (VmHWM, the peak resident memory up to that frame).
With IDLE_SECONDS it then runs the classic loop (events, fill, flip,
``clock.tick(60)``) for that long and prints the CPU time the loop used.
LOOP chooses other idle loops, for reference (nothing is drawn in them):
``wait`` blocks in ``pygame.event.wait(1000)``, as an app that redraws only on
change does; ``sleep20`` sleeps 20 ms in Python between two pumps of the
event queue (``pygame.event.get``).
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Run as a script: its folder (benchmarks/) must not shadow anything the program imports.
if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    del sys.path[0]

import pygame  # noqa: E402


def main() -> None:
    idle = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((800, 480))
    font = pygame.font.Font(None, 32)
    screen.fill((20, 30, 40))
    screen.blit(font.render("Speicherstadt", True, (240, 240, 240)), (20, 20))
    pygame.display.flip()
    first = time.monotonic()
    with open("/proc/self/status") as status:  # as benchmarks/_app_child.py: vm_hwm_kib
        hwm = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    print(f"MARK first_frame {first:.6f}", flush=True)
    print(f"MARK hwm_kib {hwm}", flush=True)
    loop = sys.argv[2] if len(sys.argv) > 2 else "tick60"
    if idle > 0 and loop != "tick60":
        c0, w0 = time.process_time(), time.monotonic()
        while time.monotonic() - w0 < idle:
            if loop == "wait":
                pygame.event.wait(1000)
            else:
                time.sleep(0.02)
                pygame.event.get()
        print(f"MARK idle_cpu {time.process_time() - c0:.6f}")
        print(f"MARK idle_wall {time.monotonic() - w0:.6f}")
    elif idle > 0:
        clock = pygame.time.Clock()
        c0, w0 = time.process_time(), time.monotonic()
        while time.monotonic() - w0 < idle:
            for _event in pygame.event.get():
                pass
            screen.fill((20, 30, 40))
            pygame.display.flip()
            clock.tick(60)
        print(f"MARK idle_cpu {time.process_time() - c0:.6f}")
        print(f"MARK idle_wall {time.monotonic() - w0:.6f}")
    pygame.quit()


if __name__ == "__main__":
    main()
