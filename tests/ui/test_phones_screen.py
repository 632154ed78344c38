"""The Phones screen: the live page's code and the table's Wi-Fi, read off the screen by
ZBar as a phone would, over the app's own settings and a real state directory."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion import app
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store.phones import TOKEN_FILE, read_token
from companion.ui import qr
from companion.ui.core import UI
from companion.ui.memory import MemoryStore
from companion.ui.scenes.phones import wifi_text
from tests.ui.zbar import decode

#: The official 7" panel: 800 x 480 pixels on 154.2 mm x 85.9 mm (docs/phones.md).
MM_PER_PX = (154.2 / 800, 85.9 / 480)


def table(tmp_path: Path, phones_yaml: str) -> tuple[UI, Path]:
    """The app's services from a config folder whose companion.yaml has `phones_yaml`."""
    config = tmp_path / "config"
    config.mkdir()
    for name in ("cards.yaml", "hardware.yaml"):
        (config / name).write_bytes((SHIPPED_CONFIG_DIR / name).read_bytes())
    (config / "companion.yaml").write_text("language: en\n" + phones_yaml)
    state_dir = tmp_path / "state"
    settings, _hardware = app.load_settings(config, state_dir)
    services = app.make_services(settings, state_dir, config, MemoryStore(), None)  # type: ignore[arg-type]
    ui = UI(services, (800, 480))
    ui.open("home")
    ui.render()
    return ui, state_dir


def shot(ui: UI, path: Path) -> list[str]:
    surface = ui.render()
    pygame.image.save(surface, str(path))
    return decode(path)


def code_width_px(surface: pygame.Surface, x0: int, x1: int) -> int:
    """The width of the white square (a code with its quiet zone) between x0 and x1."""
    y = surface.get_height() // 2
    white = [x for x in range(x0, x1) if surface.get_at((x, y))[:3] == (255, 255, 255)]
    return white[-1] - white[0] + 1


def test_the_wifi_code_then_the_page_code_read_as_a_phone_reads_them(tmp_path):
    """With the table's Wi-Fi: its code first (a phone joins the network), then a tap turns
    to the page's; each alone, as large as without Wi-Fi, and the texts fit the screen (two
    codes side by side left the text a column 40 px wide at 800x480)."""
    from tests.ui.framecheck import problems

    ui, state_dir = table(tmp_path, "phones:\n  bind: 10.42.0.1\n  port: 8080\n  wifi:\n"
                                    "    ssid: Speicher;stadt\n    password: kaffee-und-tee\n")
    assert read_token(state_dir) is None
    ui.press("phones")
    token = read_token(state_dir)
    assert token is not None and len(token) == 32  # made on the way, 128 bits
    url = f"http://10.42.0.1:8080/?t={token}"
    wifi = "WIFI:T:WPA;S:Speicher\\;stadt;P:kaffee-und-tee;;"
    assert shot(ui, tmp_path / "wifi.png") == [wifi]
    assert problems(ui.canvas.describe(ui.top.name, ui.language)) == []
    surface = ui.render()
    assert code_width_px(surface, 0, 500) / qr.modules(wifi) * min(MM_PER_PX) >= 1.9
    ui.press("switch")
    assert shot(ui, tmp_path / "page.png") == [url]
    assert problems(ui.canvas.describe(ui.top.name, ui.language)) == []
    # The page's code: its modules in mm on the 7" panel, for a phone at arm's length.
    surface = ui.render()
    assert code_width_px(surface, 0, 500) / qr.modules(url) * min(MM_PER_PX) >= 1.9
    ui.press("switch")
    assert shot(ui, tmp_path / "back.png") == [wifi]


def test_without_wifi_the_page_code_takes_the_room_and_loopback_is_explained(tmp_path):
    ui, state_dir = table(tmp_path, "")
    ui.press("phones")
    token = read_token(state_dir)
    found = shot(ui, tmp_path / "phones.png")
    assert found == [f"http://127.0.0.1:8080/?t={token}"]
    assert "Only this machine can open it" in " ".join(" ".join(ui.canvas.texts).split())
    surface = ui.render()
    url = found[0]
    px = code_width_px(surface, 0, 500) / qr.modules(url)
    assert px * min(MM_PER_PX) >= 1.9  # docs/phones.md: 11 px = 1.97 mm alone


def test_a_new_address_takes_two_taps_and_locks_out_the_old_one(tmp_path):
    ui, state_dir = table(tmp_path, "phones:\n  bind: 192.168.1.20\n")
    ui.press("settings")
    ui.press("phones")  # from Settings, where the owner looks for it too
    old = read_token(state_dir)
    ui.press("rotate")
    assert read_token(state_dir) == old  # one tap only asks
    ui.press("rotate")
    new = read_token(state_dir)
    assert new is not None and new != old
    assert (state_dir / TOKEN_FILE).stat().st_mode & 0o077 == 0
    assert shot(ui, tmp_path / "rotated.png") == [f"http://192.168.1.20:8080/?t={new}"]


@pytest.mark.parametrize("bad", ["bind: 10.42.0", "port: 0", "wifi:\n    password: short"])
def test_a_bad_phones_setting_is_named(tmp_path, bad):
    from companion.config.settings import check_companion_file

    path = tmp_path / "companion.yaml"
    path.write_text("phones:\n  " + bad + "\n")
    settings, errors = check_companion_file(path)
    assert settings is None and errors
    assert "phones" in errors[0].message


def test_wifi_text_escapes_what_the_format_reserves():
    assert wifi_text('a;b,c:d"e\\f', "") == 'WIFI:T:nopass;S:a\\;b\\,c\\:d\\"e\\\\f;;'
    assert wifi_text("Tisch", "geheim123") == "WIFI:T:WPA;S:Tisch;P:geheim123;;"
