"""The club's unit (issue 37): it verifies, it is hardened like the table's units, and it
runs the league's server as its own user, with the schema brought up to date first."""

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

CLUB_UNIT_NAME = "speicherstadt-club.service"
CLUB_UNIT = REPO / "systemd" / CLUB_UNIT_NAME


def test_verify_as_unprivileged_user(open_tmp: Path) -> None:
    analyze = require_tool("systemd-analyze")
    d = directives(CLUB_UNIT.read_text())
    # The club's machine has the program in its own venv: a stand-in of it in a root.
    for line in d["ExecStart"] + d["ExecStartPre"]:
        program = open_tmp / line.split()[0].lstrip("/")
        program.parent.mkdir(parents=True, exist_ok=True)
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
    unit_dir = open_tmp / UNIT_DIR.lstrip("/")
    unit_dir.mkdir(parents=True, exist_ok=True)
    (unit_dir / CLUB_UNIT_NAME).write_text(CLUB_UNIT.read_text())
    for path in [open_tmp, *open_tmp.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o555 if path.is_dir() else path.stat().st_mode | 0o444)
    result = run(as_unprivileged(
        [analyze, "verify", "--recursive-errors=no", "--man=no", f"--root={open_tmp}",
         f"{UNIT_DIR}/{CLUB_UNIT_NAME}"]))
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert output.strip() == "", output


def test_security_exposure_is_at_most_two(open_tmp: Path) -> None:
    exposure, output = security_exposure(open_tmp, CLUB_UNIT)
    assert exposure <= MAX_EXPOSURE, f"exposure {exposure} > {MAX_EXPOSURE}:\n{output}"


def test_the_unit_serves_the_league_with_the_schema_up_to_date() -> None:
    d = directives(CLUB_UNIT.read_text())
    one = {key: values[-1] for key, values in d.items()}
    assert one["User"] == "speicherstadt-club" and one["Type"] == "notify"
    assert one["ExecStartPre"].endswith("club init")
    assert " club serve " in one["ExecStart"]
    assert "SPEICHERSTADT_CLUB_DB=" in " ".join(d["Environment"])
    # Not the table's: `make install` on a Pi leaves it out.
    assert "club" not in (REPO / "scripts" / "install.sh").read_text().split(
        "for extra in", 1)[1].split(";", 1)[0]
