"""The image's boot settings (speicherstadt.yaml on the FAT partition): checked with the
configuration's rules, each error named, and applied to a system folder
(`apply-boot-settings --root`), through the real command and real files."""

from __future__ import annotations

import argparse
import hashlib
import os
from pathlib import Path

import pytest

from companion.commands import boot_settings
from companion.config import settings as config
from companion.config.bootsettings import BootSettings, check_boot_file

ROOT = Path(__file__).resolve().parents[2]
KEY = ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK4Yrx0tKQhO+JvKaXWAsFxEdGoPH4zpyPyNz80TVm6d "
       "owner@laptop")


def check(tmp_path: Path, text: str) -> tuple[BootSettings | None, list[str]]:
    path = tmp_path / "speicherstadt.yaml"
    path.write_text(text, encoding="utf-8")
    settings, errors = check_boot_file(path)
    return settings, [e.message for e in errors]


def test_the_shipped_file_is_valid_and_changes_nothing_but_ssh_off() -> None:
    settings, errors = check_boot_file(ROOT / "image" / "boot" / "speicherstadt.yaml")
    assert errors == []
    assert settings == BootSettings()


def test_a_full_file(tmp_path: Path) -> None:
    settings, errors = check(tmp_path, f"""
language: de
timezone: Europe/Berlin
wifi:
  country: de
  ssid: Speicherstadt
  password: 12345678
phones: true
ssh:
  enabled: true
  authorized_keys:
    - {KEY}
""")
    assert errors == []
    assert settings == BootSettings(language="de", timezone="Europe/Berlin", wifi_country="DE",
                                    wifi_ssid="Speicherstadt", wifi_password="12345678",
                                    phones=True, ssh=True, ssh_keys=(KEY,))


def test_a_windows_editor_s_file_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "speicherstadt.yaml"
    path.write_bytes(b"\xef\xbb\xbflanguage: fr\r\nssh: false\r\n")
    settings, errors = check_boot_file(path)
    assert errors == [] and settings == BootSettings(language="fr")


def test_every_error_is_named_with_its_line_and_key(tmp_path: Path) -> None:
    _, errors = check(tmp_path, """language: nl
timezone: Europe/Berln
wifi:
  country: XX
  ssid: ""
  password: short
phones: yes please
ssh:
  enabled: true
  authorized_keys:
    - ssh-ed25519 AAAA-not-base64
colour: red
""")
    text = "\n".join(errors)
    assert "speicherstadt.yaml:1: language: 'nl' is not one of en, de, fr" in text
    assert "speicherstadt.yaml:2: timezone: 'Europe/Berln' is not a time zone " \
           "(did you mean Europe/Berlin?)" in text
    assert ":4: wifi.country: 'XX' is not a country's code" in text
    assert ":5: wifi.ssid: a Wi-Fi name must be 1 to 32 bytes long" in text
    assert ":6: wifi.password: a Wi-Fi password must be 8 to 63 bytes long" in text
    assert ":7: phones: must be true or false, not 'yes please'" in text
    assert ":11: ssh.authorized_keys[0]: the key's text is damaged" in text
    assert ":12: colour: unknown setting; known here: language, timezone, wifi, phones, ssh" \
        in text
    assert len(errors) == 8


@pytest.mark.parametrize(("text", "expected"), [
    ("wifi:\n  ssid: Table\n", "wifi: the Wi-Fi needs its country"),
    ("wifi:\n  country: DE\n  password: long-enough\n",
     "wifi: a password needs the network's name"),
    ("ssh: true\n", "ssh: ssh needs your public key"),
    ("ssh:\n  enabled: true\n  authorized_keys: [ssh-dss AAAA]\n",
     "'ssh-dss' is not a public key kind"),
    ("ssh:\n  enabled: true\n  authorized_keys: "
     "[ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIK4Yrx0tKQhO+JvKaXWAsFxEdGoPH4zpyPyNz80TVm6d]\n",
     "does not match its kind"),
    ("timezone: 3\n", "timezone: must be a time zone such as Europe/Berlin, not 3"),
    ("wifi:\n  country: Germany\n", "must be the country's two letters"),
    ("language: [de]\n", "is not one of en, de, fr"),
    ("- a list\n", "must be a group of settings"),
    ("language: de\n  bad: indent\n", "speicherstadt.yaml"),
])
def test_each_mistake_has_its_message(tmp_path: Path, text: str, expected: str) -> None:
    settings, errors = check(tmp_path, text)
    assert settings is None
    assert any(expected in e for e in errors), errors


def system(tmp_path: Path) -> Path:
    """A system folder as the image has it: the shipped companion.yaml installed."""
    root = tmp_path / "root"
    (root / "etc" / "speicherstadt-companion").mkdir(parents=True)
    (root / "etc" / "speicherstadt-companion" / "companion.yaml").write_bytes(
        (ROOT / "config" / "companion.yaml").read_bytes())
    return root


def run(tmp_path: Path, root: Path, text: str, calls: list[list[str]]) -> int:
    boot = tmp_path / "boot"
    boot.mkdir(exist_ok=True)
    (boot / "speicherstadt.yaml").write_text(text, encoding="utf-8")
    args = argparse.Namespace(file=str(boot / "speicherstadt.yaml"), root=str(root),
                              stamp=boot_settings.DEFAULT_STAMP, check=False)
    return boot_settings.run(args, systemctl=lambda a: calls.append(list(a)))


def test_applied_to_a_system_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = system(tmp_path)
    calls: list[list[str]] = []
    text = (f"language: fr\ntimezone: Europe/Paris\nwifi:\n  country: FR\n  ssid: 'Table \"1\"'\n"
            f"  password: 'pa ss\"word'\nphones: true\nssh:\n  enabled: true\n"
            f"  authorized_keys: ['{KEY}']\n")
    assert run(tmp_path, root, text, calls) == 0
    conf = root / "etc/speicherstadt-companion/companion.yaml"
    companion, errors = config.check_companion_file(conf)
    assert errors == [] and companion is not None
    assert companion.language == "fr"
    assert companion.phones.bind == "0.0.0.0"
    assert (companion.phones.wifi_ssid, companion.phones.wifi_password) == \
        ('Table "1"', 'pa ss"word')
    assert "# How Demand and Purchase are entered" in conf.read_text()  # comments kept
    assert (root / "etc/localtime").readlink() == Path("/usr/share/zoneinfo/Europe/Paris")
    assert (root / "etc/timezone").read_text() == "Europe/Paris\n"
    wpa = (root / "etc/wpa_supplicant/wpa_supplicant-wlan0.conf").read_text()
    psk = hashlib.pbkdf2_hmac("sha1", b'pa ss"word', b'Table "1"', 4096, 32).hex()
    ssid_hex = b'Table "1"'.hex()
    assert "country=FR\n" in wpa and f"ssid={ssid_hex}\n" in wpa
    assert f"psk={psk}\n" in wpa and "pa ss" not in wpa
    assert (root / "etc/wpa_supplicant/wpa_supplicant-wlan0.conf").stat().st_mode & 0o777 == 0o600
    assert (root / "root/.ssh/authorized_keys").read_text() == KEY + "\n"
    assert ["enable", "ssh.service"] in calls
    assert ["enable", "speicherstadt-companion-phones.service"] in calls
    assert ["enable", "wpa_supplicant@wlan0.service"] in calls
    assert "applied: ssh on (1 key(s))" in capsys.readouterr().out

    # The same file again: nothing to do (every boot runs it).
    calls.clear()
    assert run(tmp_path, root, text, calls) == 0
    assert calls == [] and "applied before, unchanged" in capsys.readouterr().out

    # ssh off again, phones off: the units are disabled, the page bound to this Pi only.
    assert run(tmp_path, root, "phones: false\nssh: false\n", calls) == 0
    assert ["disable", "ssh.service"] in calls
    assert ["disable", "speicherstadt-companion-phones.service"] in calls
    companion, _ = config.check_companion_file(conf)
    assert companion is not None and companion.phones.bind == "127.0.0.1"
    assert companion.language == "fr"


def test_a_bad_file_changes_nothing_and_says_why_on_the_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = system(tmp_path)
    before = (root / "etc/speicherstadt-companion/companion.yaml").read_bytes()
    calls: list[list[str]] = []
    assert run(tmp_path, root, "language: de\nssh: true\n", calls) == 2
    assert calls == []
    assert (root / "etc/speicherstadt-companion/companion.yaml").read_bytes() == before
    report = (tmp_path / "boot" / "speicherstadt-errors.txt").read_text()
    assert "NOT applied" in report and "ssh needs your public key" in report
    assert "ssh needs your public key" in capsys.readouterr().err
    # Corrected: applied, and the errors file is gone.
    assert run(tmp_path, root, "language: de\nssh: false\n", calls) == 0
    assert not (tmp_path / "boot" / "speicherstadt-errors.txt").exists()


def test_an_open_network_has_no_key() -> None:
    assert "key_mgmt=NONE" in boot_settings.wpa_conf("DE", "Cafe", "")
    assert "network" not in boot_settings.wpa_conf("DE", "", "")


def test_no_file_nothing_to_do(tmp_path: Path) -> None:
    args = argparse.Namespace(file=str(tmp_path / "none.yaml"), root=str(tmp_path),
                              stamp=boot_settings.DEFAULT_STAMP, check=False)
    assert boot_settings.run(args, systemctl=lambda a: None) == 0


def test_a_boot_file_that_is_no_file_is_named_never_waited_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A named pipe (or a device) under the settings' name is never opened for reading, so
    the boot never hangs on it; it is named, and nothing is applied."""
    os.mkfifo(tmp_path / "speicherstadt.yaml")
    calls: list[list[str]] = []
    args = argparse.Namespace(file=str(tmp_path / "speicherstadt.yaml"), root=str(tmp_path),
                              stamp=boot_settings.DEFAULT_STAMP, check=False)
    assert boot_settings.run(args, systemctl=lambda a: calls.append(list(a))) == 2
    assert calls == [] and "named pipe" in capsys.readouterr().err
