"""scripts/install.sh and uninstall.sh into a temporary DESTDIR: what they lay down and keep."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.pi.pitools import REPO, UNIT_NAME, run

APP = "speicherstadt-companion"
CONF = Path("etc") / APP
UNIT = Path("etc/systemd/system") / UNIT_NAME
WANTS = Path("etc/systemd/system/multi-user.target.wants") / UNIT_NAME
RULE = Path("etc/udev/rules.d/99-speicherstadt-reader.rules")
LINK = Path("usr/local/bin") / APP
STATE = Path("var/lib") / APP
SHIPPED_CONFIG = sorted(p.name for p in (REPO / "config").glob("*.yaml"))


def install(root: Path, *flags: str, src: Path = REPO) -> str:
    result = run(
        ["bash", str(src / "scripts" / "install.sh"), "--no-venv", *flags],
        env={**os.environ, "DESTDIR": str(root)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def uninstall(root: Path, src: Path = REPO) -> str:
    result = run(
        ["bash", str(src / "scripts" / "uninstall.sh")], env={**os.environ, "DESTDIR": str(root)}
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def tree(root: Path) -> dict[str, str]:
    """Every path under root -> its content, link target or "dir"."""
    out = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if path.is_symlink():
            out[rel] = "-> " + os.readlink(path)
        elif path.is_dir():
            out[rel] = "dir"
        else:
            out[rel] = path.read_text(errors="replace") + f" mode={path.stat().st_mode & 0o777:o}"
    return out


def test_lays_down_every_file(tmp_path: Path) -> None:
    install(tmp_path)
    assert (tmp_path / UNIT).read_text() == (REPO / "systemd" / UNIT_NAME).read_text()
    assert os.readlink(tmp_path / WANTS) == f"/{UNIT}"
    assert os.readlink(tmp_path / LINK) == f"/opt/{APP}/venv/bin/{APP}"
    for name in SHIPPED_CONFIG:
        installed = tmp_path / CONF / name
        assert installed.read_bytes() == (REPO / "config" / name).read_bytes()
        assert installed.stat().st_mode & 0o777 == 0o644
    # The phones' page and the camera: their units are there, enabled by nobody yet.
    for extra in ("phones", "camera"):
        name = f"{APP}-{extra}.service"
        unit = Path("etc/systemd/system") / name
        assert (tmp_path / unit).read_text() == (REPO / "systemd" / name).read_text()
        assert not (tmp_path / "etc/systemd/system/multi-user.target.wants" / name).exists()
    # The state is systemd's (StateDirectory=) and the program is left out with --no-venv.
    assert not (tmp_path / STATE).exists()
    assert not (tmp_path / "opt" / APP / "venv").exists()


def test_the_staged_venv_sees_the_system_lgpio(staged_root: Path) -> None:
    venv = staged_root / "opt" / APP / "venv"
    assert "include-system-site-packages = true" in (venv / "pyvenv.cfg").read_text()
    assert os.access(venv / "bin" / APP, os.X_OK)


def test_a_second_run_changes_nothing(tmp_path: Path) -> None:
    install(tmp_path)
    before = tree(tmp_path)
    install(tmp_path)
    assert tree(tmp_path) == before


def test_keeps_the_owners_config_and_puts_the_new_one_beside_it(tmp_path: Path) -> None:
    install(tmp_path)
    edited = tmp_path / CONF / "companion.yaml"
    edited.write_text(edited.read_text().replace("language: en", "language: de"))
    output = install(tmp_path)
    assert "language: de" in edited.read_text()
    dist = tmp_path / CONF / "companion.yaml.dist"
    assert dist.read_bytes() == (REPO / "config" / "companion.yaml").read_bytes()
    assert "companion.yaml.dist" in output
    # An untouched file gets no .dist.
    assert not (tmp_path / CONF / "hardware.yaml.dist").exists()


def test_installs_the_udev_rule_when_the_repo_has_one(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for part in ("scripts", "systemd", "config"):
        shutil.copytree(REPO / part, src / part)
    (src / "hardware").mkdir(exist_ok=True)
    rule = 'SUBSYSTEM=="tty", SYMLINK+="speicherstadt-reader"\n'
    (src / "hardware" / RULE.name).write_text(rule)
    (src / "hardware" / "README.md").write_text("# builder's guide\n")
    root = tmp_path / "root"
    install(root, src=src)
    assert (root / RULE).read_text() == rule
    assert (root / "opt" / APP / "doc" / "README.md").is_file()
    uninstall(root, src=src)
    assert not (root / RULE).exists()


def test_uninstall_removes_all_but_the_state(tmp_path: Path) -> None:
    install(tmp_path)
    journal = tmp_path / STATE / "journal.jsonl"
    journal.parent.mkdir(parents=True)
    journal.write_text('{"action": "start"}\n')
    (tmp_path / CONF / "hardware.yaml").write_text("buttons:\n  enabled: false\n")
    output = uninstall(tmp_path)
    left = {k for k, v in tree(tmp_path).items() if v != "dir"}
    assert left == {
        str(STATE / "journal.jsonl"),
        *(str(STATE / "config-before-uninstall" / name) for name in SHIPPED_CONFIG),
    }, output
    assert journal.read_text() == '{"action": "start"}\n'
    kept = tmp_path / STATE / "config-before-uninstall" / "hardware.yaml"
    assert kept.read_text() == "buttons:\n  enabled: false\n"
    # Uninstalling twice is fine too.
    uninstall(tmp_path)


def test_make_targets_pass_destdir(tmp_path: Path) -> None:
    result = run(["make", "-s", "install", f"DESTDIR={tmp_path}", "INSTALL_FLAGS=--no-venv"])
    assert result.returncode == 0, result.stderr
    assert (tmp_path / UNIT).is_file()
    result = run(["make", "-s", "uninstall", f"DESTDIR={tmp_path}"])
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / UNIT).exists()


def test_refuses_an_unknown_option(tmp_path: Path) -> None:
    result = run(
        ["bash", str(REPO / "scripts" / "install.sh"), "--frobnicate"],
        env={**os.environ, "DESTDIR": str(tmp_path)},
    )
    assert result.returncode != 0
    assert "unknown option --frobnicate" in result.stderr
    assert not any(tmp_path.iterdir())


def test_live_install_needs_root() -> None:
    if os.geteuid() == 0:
        return  # as root a live run would install for real; not here
    env = {k: v for k, v in os.environ.items() if k != "DESTDIR"}
    result = run(["bash", str(REPO / "scripts" / "install.sh")], env=env)
    assert result.returncode != 0
    assert "run as root" in result.stderr
