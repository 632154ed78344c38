"""Side files in the state directory never stop the app: a bad one is ignored with a
warning naming it, logged and shown on the Home screen (companion.config.sidefiles)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion import app
from companion.config import sidefiles
from companion.config.cards import load_catalogue_data, save_override
from companion.errors import ConfigError
from companion.inputs.tagmap import TagMap
from companion.paths import SHIPPED_CONFIG_DIR

REPO = Path(__file__).resolve().parents[2]

#: Each bad side file, as the attack left them.
BAD = {
    "deep tags.json": ("tags.json", "[" * 100_000 + "]" * 100_000),
    "huge tags.json": ("tags.json", json.dumps({f"{i:08d}": "A-ship-1" for i in range(20_000)})),
    "tags.json with a key twice": ("tags.json", '{"0004A23B": "A-ship-1", "0004A23B": "B-ship-1"}'),
    "wrong-typed ui-settings.json": ("ui-settings.json", '{"display": {"size": "big"}}'),
    "bad language in ui-settings.json": ("ui-settings.json", '{"language": "klingon"}'),
    "deep ui-settings.json": ("ui-settings.json", '{"display": ' + "[" * 5000 + "]" * 5000 + "}"),
    "bad owner cards.yaml": ("cards.yaml", "B-fire: {points: many}\n"),
    "owner cards.yaml that is not YAML": ("cards.yaml", "B-fire: [\n"),
}


def _state(tmp_path: Path, name: str, text: str) -> Path:
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    (state / name).write_text(text, encoding="utf-8")
    return state


@pytest.mark.parametrize("case", list(BAD))
def test_the_app_starts_with_a_bad_side_file_and_home_names_it(tmp_path, monkeypatch, case):
    from companion.ui import runner

    name, text = BAD[case]
    _state(tmp_path, name, text)
    seen: dict[str, list[str]] = {"warnings": []}
    original_frame = runner.Runner.frame

    def frame(self):
        original_frame(self)
        seen["warnings"] = list(self.ui.services.file_warnings)
        import pygame

        pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(runner.Runner, "frame", frame)
    options = argparse.Namespace(simulate=True, state_dir=str(tmp_path / "state"), config=None,
                                 screenshot_dir=str(tmp_path / "shots"))
    assert app.run(options) == 0
    assert (tmp_path / "shots" / "001-home.png").exists()
    path = str(tmp_path / "state" / name)
    assert len(seen["warnings"]) == 1 and path in seen["warnings"][0], seen["warnings"]
    assert seen["warnings"][0].startswith("ignored: ")
    # On the Home screen itself, by its name (the frame description has what was drawn).
    frame = json.loads((tmp_path / "shots" / "001-home.json").read_text(encoding="utf-8"))
    drawn = " ".join(t["text"] for t in frame["texts"])
    assert f"Ignored as damaged: {name}." in drawn, drawn


def test_a_bad_language_in_ui_settings_is_not_blamed_on_companion_yaml(tmp_path):
    state = _state(tmp_path, "ui-settings.json", '{"language": "klingon"}')
    warnings: list[str] = []
    settings, _ = app.load_settings(SHIPPED_CONFIG_DIR, state, None, warnings)
    assert settings["language"] == "en"
    assert "ui-settings.json" in warnings[0] and "companion.yaml" not in warnings[0].split("(")[0]
    assert "klingon" in warnings[0]


def test_good_ui_settings_override_companion_yaml(tmp_path):
    state = _state(tmp_path, "ui-settings.json",
                   '{"language": "de", "display": {"rotation": 180, "size": [1024, 600]}}')
    warnings: list[str] = []
    settings, _ = app.load_settings(SHIPPED_CONFIG_DIR, state, None, warnings)
    assert warnings == []
    assert settings["language"] == "de"
    assert settings["display"] == {"size": [1024, 600], "fullscreen": "auto", "rotation": 180}


@pytest.mark.parametrize("case", [c for c in BAD if BAD[c][0] == "tags.json"])
def test_the_tag_map_starts_empty_on_a_bad_file_and_says_why(tmp_path, case):
    name, text = BAD[case]
    state = _state(tmp_path, name, text)
    tags = TagMap.in_state_dir(state, strict=False)
    assert tags.items() == {}
    assert str(state / name) in tags.problem
    with pytest.raises(ConfigError):
        TagMap.in_state_dir(state)


def test_a_huge_side_file_is_not_read_whole(tmp_path):
    path = tmp_path / "tags.json"
    with open(path, "w") as handle:
        handle.write("{" + " " * (64 * 1024 * 1024) + "}")
    with pytest.raises(ConfigError) as caught:
        sidefiles.read_json(path)
    assert caught.value.message == (
        f"{path}: larger than {sidefiles.MAX_JSON_BYTES // 1024} KB; "
        "the companion never writes it that big")


def test_a_bad_owner_cards_yaml_is_still_an_error_for_check_config_and_commands(tmp_path):
    state = _state(tmp_path, "cards.yaml", BAD["bad owner cards.yaml"][1])
    with pytest.raises(ConfigError):
        load_catalogue_data(SHIPPED_CONFIG_DIR, state, strict=True)
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "check-config", str(SHIPPED_CONFIG_DIR),
         "--state-dir", str(state)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert proc.returncode == 2
    assert f"{state / 'cards.yaml'}:1" in proc.stderr


def test_a_correction_sets_a_damaged_owner_file_aside(tmp_path):
    state = _state(tmp_path, "cards.yaml", "B-fire: [\n")
    save_override(state, "B-fire", "points", 4)
    aside = list(state.glob("cards.yaml.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text() == "B-fire: [\n"  # kept, never deleted
    cards = {c["id"]: c for c in load_catalogue_data(SHIPPED_CONFIG_DIR, state, strict=True)}
    assert cards["B-fire"]["points"] == 4 and cards["B-fire"]["verified"]["points"]


def test_the_fatal_screen_stays_under_systemd_until_the_service_is_stopped(tmp_path):
    """A bad companion.yaml: the message stays on screen (no black console), the app tells
    systemd it started (no start timeout, no restart loop), and SIGTERM ends it."""
    config = tmp_path / "config"
    shutil.copytree(SHIPPED_CONFIG_DIR, config)
    (config / "companion.yaml").write_text("language: klingon\n", encoding="utf-8")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    address = str(tmp_path / "notify")
    sock.bind(address)
    env = {**os.environ, "NOTIFY_SOCKET": address, "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--config", str(config), "--state-dir",
         str(tmp_path / "state")], env=env, cwd=REPO, stderr=subprocess.PIPE, text=True)
    try:
        sock.settimeout(240)  # only reached when broken; the app is awaited, not timed
        messages = []
        while not any("READY=1" in m for m in messages):
            messages.append(sock.recv(4096).decode())
        assert any("STATUS=cannot start:" in m and "klingon" in m
                   for m in messages + [sock.recv(4096).decode()])
        assert proc.poll() is None  # still showing the message
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=240)
    finally:
        proc.kill()
        proc.wait()
        sock.close()
    assert "klingon" in err and "Traceback" not in err
    assert proc.returncode == 2
