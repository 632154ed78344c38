"""The phones' unit: it verifies, it is hardened like the app's, and it may only read the
state directory."""

from __future__ import annotations

from pathlib import Path

from tests.pi.pitools import (
    MAX_EXPOSURE,
    REPO,
    as_unprivileged,
    require_tool,
    run,
    security_exposure,
)
from tests.pi.test_pi_unit import UNIT_DIR, directives

PHONES_UNIT_NAME = "speicherstadt-companion-phones.service"
PHONES_UNIT = REPO / "systemd" / PHONES_UNIT_NAME
STATE = "/var/lib/speicherstadt-companion"


def test_verify_as_unprivileged_user_against_the_installed_program(staged_root: Path) -> None:
    analyze = require_tool("systemd-analyze")
    installed = staged_root / UNIT_DIR.lstrip("/") / PHONES_UNIT_NAME
    assert installed.read_text() == PHONES_UNIT.read_text()
    program = directives(installed.read_text())["ExecStart"][0].split()[0]
    assert (staged_root / program.lstrip("/")).is_file(), f"{program} was not installed"
    # Installed, not enabled: a table without phones runs no server.
    assert not (staged_root / UNIT_DIR.lstrip("/") / "multi-user.target.wants"
                / PHONES_UNIT_NAME).exists()
    result = run(as_unprivileged(
        [analyze, "verify", "--recursive-errors=no", "--man=no", f"--root={staged_root}",
         f"{UNIT_DIR}/{PHONES_UNIT_NAME}"]))
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert output.strip() == "", output


def test_security_exposure_is_at_most_two(open_tmp: Path) -> None:
    exposure, output = security_exposure(open_tmp, PHONES_UNIT)
    assert exposure <= MAX_EXPOSURE, f"exposure {exposure} > {MAX_EXPOSURE}:\n{output}"


def test_it_reads_the_state_directory_and_can_write_nothing() -> None:
    d = directives(PHONES_UNIT.read_text())
    one = {key: values[-1] for key, values in d.items()}
    assert one["ExecStart"].endswith("speicherstadt-companion serve")
    assert one["Type"] == "notify"
    assert one["User"] == "companion"
    # StateDirectory= would make the state directory writable: only read-only access.
    assert "StateDirectory" not in d
    assert STATE in one["ReadOnlyPaths"].split()
    env = dict(v.split("=", 1) for v in d["Environment"])
    assert env["STATE_DIRECTORY"] == STATE
    assert one["ProtectSystem"] == "strict" and one["PrivateTmp"] == "yes"
    assert not any(k in d for k in ("ReadWritePaths", "CacheDirectory", "LogsDirectory",
                                    "RuntimeDirectory"))
    # Only the local networks: nothing on the internet can reach it.
    assert one["IPAddressDeny"] == "any"
    assert "0.0.0.0/0" not in one["IPAddressAllow"] and "any" not in one["IPAddressAllow"]
    assert one["PrivateDevices"] == "yes"


def test_no_directive_newer_than_bookworm() -> None:
    text = PHONES_UNIT.read_text()
    for newer in ("ProtectControlGroups=private", "PrivateUsers=self", "ProtectHostname=private",
                  "MemoryZSwapWriteback", "PrivatePIDs", "SetLoginEnvironment",
                  "RestrictFileSystems"):
        assert newer not in text, newer
