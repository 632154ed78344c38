"""The camera's systemd unit: it verifies, it is hardened like the app's, it reaches the
camera and the app's socket and nothing else."""

from __future__ import annotations

import shlex
from pathlib import Path

from tests.pi.pitools import (
    MAX_EXPOSURE,
    REPO,
    UNIT,
    as_unprivileged,
    require_tool,
    run,
    security_exposure,
)
from tests.pi.test_pi_unit import UNIT_DIR, directives

CAMERA_UNIT_NAME = "speicherstadt-companion-camera.service"
CAMERA_UNIT = REPO / "systemd" / CAMERA_UNIT_NAME


def test_verify_as_unprivileged_user_against_the_installed_program(staged_root: Path,
                                                                  open_tmp: Path) -> None:
    analyze = require_tool("systemd-analyze")
    # The staged install has the program; the camera unit is put beside the app's there.
    unit_dir = staged_root / UNIT_DIR.lstrip("/")
    installed = unit_dir / CAMERA_UNIT_NAME
    installed.write_text(CAMERA_UNIT.read_text())
    installed.chmod(0o644)
    try:
        result = run(as_unprivileged(
            [analyze, "verify", "--recursive-errors=no", "--man=no", f"--root={staged_root}",
             f"{UNIT_DIR}/{CAMERA_UNIT_NAME}"]))
    finally:
        installed.unlink()
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert output.strip() == "", output


def test_security_exposure_is_at_most_the_apps_limit(open_tmp: Path) -> None:
    exposure, output = security_exposure(open_tmp, CAMERA_UNIT)
    assert exposure <= MAX_EXPOSURE, f"exposure {exposure} > {MAX_EXPOSURE}:\n{output}"


def test_the_unit_reaches_the_camera_and_the_apps_socket_only() -> None:
    d = directives(CAMERA_UNIT.read_text())
    one = {key: values[-1] for key, values in d.items()}
    app = {key: values[-1] for key, values in directives(UNIT.read_text()).items()}
    assert one["User"] == app["User"] == "companion"  # the socket is 0600, the app's user's
    assert one["SupplementaryGroups"].split() == ["video"]
    assert one["RestrictAddressFamilies"] == "AF_UNIX"
    assert one["PrivateNetwork"] == "yes" and one["DevicePolicy"] == "closed"
    assert "PrivateDevices" not in d
    assert set(d["DeviceAllow"]) == {"char-video4linux rw", "char-media rw",
                                     "char-dma_heap rw", "/dev/vchiq rw"}
    # It writes nothing: no state, cache or runtime directory of its own (the app's
    # RuntimeDirectory= would be removed with this unit if it named it too).
    for key in ("StateDirectory", "CacheDirectory", "RuntimeDirectory", "ReadWritePaths"):
        assert key not in d, key
    argv = shlex.split(one["ExecStart"])
    assert argv[:2] == ["/opt/speicherstadt-companion/venv/bin/speicherstadt-companion",
                        "camera"]
    socket = argv[argv.index("--socket") + 1]
    assert socket == f"/run/{app['RuntimeDirectory']}/camera.sock"
    assert one["RestartPreventExitStatus"] == "2"
    # Every hardening directive of the app's unit that is not about its devices.
    for key in ("NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp", "PrivateIPC",
                "ProtectKernelTunables", "ProtectKernelModules", "ProtectControlGroups",
                "RestrictNamespaces", "MemoryDenyWriteExecute", "SystemCallFilter",
                "LockPersonality", "RestrictSUIDSGID", "CapabilityBoundingSet"):
        assert one[key] == app[key], key
