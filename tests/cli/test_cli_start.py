"""Starting the app parses its options without importing any command module."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion import cli


def test_help_still_lists_every_command(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for name in ("replay", "score", "status", "feed", "export", "history", "check-config",
                 "reader-test", "enroll"):
        assert name in out, name


@pytest.mark.parametrize("argv", [
    [], ["--simulate"], ["--state-dir", "/tmp/x", "--sim"], ["--state-dir=/tmp/x"],
    ["--config", "c", "--screenshot-dir", "s"], ["--sim", "--sim"],
    ["--simulate", "--port", "hid-replay:scans.events"], ["--port=loop://"],
])
def test_the_app_options_parse_as_with_the_full_parser(argv) -> None:
    light = cli.app_args(argv)
    assert light is not None
    assert vars(light) == vars(cli.build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["-h"], ["--version"], ["replay", "x.jsonl"], ["--s"], ["--state-dir"], ["--bogus"],
    ["nosuch"], ["--", "x"],
])
def test_commands_help_and_errors_go_to_the_full_parser(argv) -> None:
    assert cli.app_args(argv) is None


def test_parsing_the_app_options_imports_no_command_module() -> None:
    code = ("import sys; from companion import cli; cli.app_args(['--simulate']); "
            "print(sorted(m for m in sys.modules if m.startswith('companion.commands')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_reader_port_on_the_command_line_is_checked_before_the_window(tmp_path) -> None:
    """`--port` (issue 31): a scanner's replay file must exist; a malformed scanner port
    is refused in plain words; a serial port or URL is left to the reader."""
    from companion import app
    from companion.errors import UsageError

    events = tmp_path / "scans.events"
    events.write_text("0.0 1 2 1\n", encoding="utf-8")
    assert app.reader_port(f"hid-replay:{events}") == f"hid-replay:{events}"
    assert app.reader_port("loop://") == "loop://"
    assert app.reader_port(None) is None
    with pytest.raises(UsageError, match="no such file"):
        app.reader_port(f"hid-replay:{tmp_path / 'missing'}")
    with pytest.raises(UsageError, match="speed"):
        app.reader_port(f"hid-replay:{events}?speed=fast")
