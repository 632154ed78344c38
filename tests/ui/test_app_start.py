"""What the app has imported when its first frame is on screen.

Every module loaded before the first frame is paid for at every start, in time and in
resident memory (benchmarks/startup.py measures both). These are the ones that must wait
until a screen or a command needs them; each comes with what it costs or drags in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.store.phones import read_token

# The app run as `speicherstadt-companion --simulate --state-dir DIR`; at its first frame,
# the names in sys.modules are printed and the process ends there.
_CHILD = """
import dataclasses, inspect, json, os, sys
import pygame
real = pygame.display.flip
def first(*args, **kwargs):
    real(*args, **kwargs)
    built = sorted(f"{name}.{cls.__qualname__}" for name, module in list(sys.modules.items())
                   if name.startswith("companion") and module is not None
                   for cls in vars(module).values()
                   if inspect.isclass(cls) and dataclasses.is_dataclass(cls)
                   and cls.__module__ == name)
    print(json.dumps({"modules": sorted(sys.modules), "dataclasses": built}), flush=True)
    os._exit(0)
pygame.display.flip = pygame.display.update = first
from companion.cli import main
main(["--simulate", "--state-dir", sys.argv[1]])
print("no frame", file=sys.stderr)
sys.exit(3)
"""

#: Not before the first frame, with why.
LATER = {
    # hashlib links OpenSSL's libcrypto: ~3.5 MiB resident and 5-20 ms (issue 19's start).
    # The phones' token is made with os.urandom, which is what secrets.token_hex does.
    "secrets": "the phones' token",
    "hmac": "the phones' server compares tokens with it",
    "hashlib": "OpenSSL's libcrypto",
    "_hashlib": "OpenSSL's libcrypto",
    "ssl": "OpenSSL",
    # The history and the journal load when a game or the history is first asked for.
    "sqlite3": "the history",
    "_sqlite3": "the history",
    # Heavy libraries of single screens or other processes.
    "babel": "dates and numbers (History, Statistics)",
    "qrcode": "the BG Stats and phones screens",
    "cv2": "the camera process",
    "numpy": "the camera process",
    "PIL": "the labels command",
    "gpiozero": "the buttons, started right after the first frame",
    "http.server": "the phones' server (its own process)",
}

#: Not before the first frame of every later start (the first start checks the YAML files:
#: PyYAML imports datetime), with why.
LATER_WARM = {
    "yaml": "the config cache is read instead",
    "datetime": "the store's times",
}


def _at_first_frame(state_dir: Path) -> tuple[set[str], list[str]]:
    """(the modules loaded, the project's dataclasses built) when the first frame is shown."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("RUNTIME_DIRECTORY", None)
    done = subprocess.run([sys.executable, "-c", _CHILD, str(state_dir)],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return set(found["modules"]), found["dataclasses"]


def test_the_first_frame_comes_before_every_heavy_module(tmp_path: Path) -> None:
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    first, _built = _at_first_frame(state_dir)  # the first start: YAML checked, token made
    assert read_token(state_dir) is not None
    again, built = _at_first_frame(state_dir)  # every later start (each boot)
    for modules, later in ((first, LATER), (again, {**LATER, **LATER_WARM})):
        early = {name: why for name, why in later.items() if name in modules}
        assert early == {}, f"imported before the first frame: {early}"
    assert "companion.store.phones" in again  # the check sees the token's module loaded
    # A dataclass compiles its methods with exec as its module loads (~0.5 ms each on this
    # machine): the settings and the YAML document are plain classes, the engine's values
    # `companion.engine.values` types.
    assert built == [], f"dataclasses built before the first frame: {built}"
