"""The JSON cache of the checked configuration: the same results as parsing, never stale."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import fsio
from companion.config import cache
from companion.config.cards import load_catalogue, load_catalogue_data, save_override
from companion.config.settings import ConfigProblems, load_settings
from companion.errors import ConfigError
from companion.paths import SHIPPED_CONFIG_DIR


@pytest.fixture
def config(tmp_path: Path) -> Path:
    folder = tmp_path / "config"
    shutil.copytree(SHIPPED_CONFIG_DIR, folder)
    return folder


@pytest.fixture
def state(tmp_path: Path) -> Path:
    folder = tmp_path / "state"
    folder.mkdir()
    return folder


def _fresh(config: Path, state: Path) -> tuple[object, object]:
    return load_settings(config), load_catalogue(config, state)


def _cards(catalogue: object) -> list[object]:
    return list(catalogue)  # type: ignore[call-overload]


def _spy_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every YAML file parsed from now on, by name."""
    from companion.config import yamlfile

    parsed: list[str] = []
    real = yamlfile.load

    def load(path, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append(Path(path).name)
        return real(path, **kwargs)

    monkeypatch.setattr(yamlfile, "load", load)
    return parsed


def test_a_hit_gives_what_parsing_gives(config: Path, state: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    first = cache.load_config(config, state)
    assert cache.cache_path(state).is_file()
    parsed = _spy_parses(monkeypatch)
    settings, catalogue = cache.load_config(config, state)
    assert parsed == []  # from the cache
    fresh_settings, fresh_catalogue = _fresh(config, state)
    assert settings == fresh_settings == first[0]
    assert _cards(catalogue) == _cards(fresh_catalogue) == _cards(first[1])
    assert catalogue["B-fire"].unverified == {"points"}


def test_the_owners_corrections_are_in_the_cached_catalogue(config: Path, state: Path) -> None:
    contract = next(c for c in load_catalogue_data(config) if c["kind"] == "contract")
    save_override(state, contract["id"], "goods", ["tea", "coffee"])
    cache.load_config(config, state)
    _, catalogue = cache.load_config(config, state)
    assert catalogue[contract["id"]].goods == ("tea", "coffee")
    assert _cards(catalogue) == _cards(load_catalogue(config, state))


def test_editing_a_yaml_file_invalidates(config: Path, state: Path) -> None:
    settings, _ = cache.load_config(config, state)
    assert settings.companion.language == "en"
    path = config / "companion.yaml"
    path.write_text(path.read_text().replace("language: en", "language: de"))
    settings, _ = cache.load_config(config, state)
    assert settings.companion.language == "de"
    assert cache.load_config(config, state)[0] == load_settings(config)


def test_a_new_mtime_alone_invalidates(config: Path, state: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    cache.load_config(config, state)
    path = config / "hardware.yaml"
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    parsed = _spy_parses(monkeypatch)
    cache.load_config(config, state)
    assert "hardware.yaml" in parsed


def test_a_correction_by_save_override_invalidates(config: Path, state: Path) -> None:
    cache.load_config(config, state)  # warm, with no owner's file
    fire = next(c for c in load_catalogue_data(config) if c["kind"] == "fire")
    save_override(state, fire["id"], "points", 7)
    _, catalogue = cache.load_config(config, state)
    assert catalogue[fire["id"]].points == 7
    assert catalogue[fire["id"]].unverified == set()
    save_override(state, fire["id"], "points", 8)  # same size: the inode and mtime change
    _, catalogue = cache.load_config(config, state)
    assert catalogue[fire["id"]].points == 8


def test_removing_the_owners_file_invalidates(config: Path, state: Path) -> None:
    fire = next(c for c in load_catalogue_data(config) if c["kind"] == "fire")
    save_override(state, fire["id"], "points", 7)
    cache.load_config(config, state)
    (state / "cards.yaml").unlink()
    _, catalogue = cache.load_config(config, state)
    assert catalogue[fire["id"]].points == fire["points"]


@pytest.mark.parametrize("content", [b"", b"{not json", b"[1, 2]", b"\xff\xfe",
                                     b'{"version": 1, "sources": {}}'])
def test_a_corrupt_cache_is_ignored_and_rewritten(config: Path, state: Path,
                                                  content: bytes) -> None:
    path = cache.cache_path(state)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    settings, catalogue = cache.load_config(config, state)
    assert settings == load_settings(config)
    assert json.loads(path.read_text())["version"] == cache.VERSION


def test_a_cache_that_matches_but_holds_nonsense_is_ignored(config: Path, state: Path) -> None:
    cache.load_config(config, state)
    path = cache.cache_path(state)
    data = json.loads(path.read_text())
    data["settings"]["companion"]["no_such_setting"] = 1
    path.write_text(json.dumps(data))
    assert cache.load_config(config, state)[0] == load_settings(config)
    assert "no_such_setting" not in path.read_text()


def test_a_cache_it_cannot_use_is_named_in_the_log(config: Path, state: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    """The fault that turned the cache into "parse the YAML again" leaves a debug line
    with its type and message (issue 36: no exception becomes a default unseen)."""
    cache.load_config(config, state)
    path = cache.cache_path(state)
    data = json.loads(path.read_text())
    data["settings"]["companion"]["no_such_setting"] = 1
    path.write_text(json.dumps(data))
    with caplog.at_level("DEBUG", logger="companion.config"):
        cache.load_config(config, state)
    lines = [r.getMessage() for r in caplog.records if r.name == "companion.config"]
    assert any("card cache" in line and str(path) in line and "Error" in line
               for line in lines), lines


def test_another_version_is_ignored(config: Path, state: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    cache.load_config(config, state)
    path = cache.cache_path(state)
    data = json.loads(path.read_text())
    data["version"] = cache.VERSION + 1
    path.write_text(json.dumps(data))
    parsed = _spy_parses(monkeypatch)
    cache.load_config(config, state)
    assert "companion.yaml" in parsed
    assert json.loads(path.read_text())["version"] == cache.VERSION


def test_an_unwritable_cache_does_not_break_loading(config: Path, state: Path) -> None:
    (state / "cache").write_text("a file where the folder should be")
    settings, catalogue = cache.load_config(config, state)
    assert settings == load_settings(config)
    assert len(catalogue) == 54
    assert cache.load_config(config, state)[0] == settings


def test_a_full_disk_does_not_break_loading(config: Path, state: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fsio, "write_all", full)  # the one atomic-write helper
    settings, _ = cache.load_config(config, state)
    assert settings == load_settings(config)
    assert not cache.cache_path(state).exists()


def test_a_read_only_state_dir_does_not_break_loading(config: Path, state: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    state.chmod(0o555)
    try:
        settings, _ = cache.load_config(config, state)
        assert settings == load_settings(config)
    finally:
        state.chmod(0o755)


def test_a_bad_yaml_file_raises_as_without_a_cache_and_is_not_cached(
        config: Path, state: Path) -> None:
    cache.load_config(config, state)
    written = cache.cache_path(state).read_text()
    path = config / "hardware.yaml"
    path.write_text(path.read_text().replace("baudrate: 9600", "baudrate: 9601"))
    with pytest.raises(ConfigProblems) as direct:
        load_settings(config)
    for _ in range(2):
        with pytest.raises(ConfigProblems) as cached:
            cache.load_config(config, state)
        assert cached.value.message == direct.value.message
    assert cache.cache_path(state).read_text() == written  # the good one, still stale


def test_a_bad_catalogue_raises_as_without_a_cache(config: Path, state: Path) -> None:
    cache.load_config(config, state)
    save_path = state / "cards.yaml"
    save_path.write_text("no-such-card: {points: 3}\n")
    with pytest.raises(ConfigError) as direct:
        load_catalogue(config, state, strict=True)
    # The owner's file is a side file for the app: ignored with its warning, never cached
    # (the warning comes again at every start until the file is fixed).
    for _ in range(2):
        warnings: list[str] = []
        _, catalogue = cache.load_config(config, state, warnings)
        assert len(warnings) == 1 and direct.value.message in warnings[0]
        assert "no-such-card" in warnings[0]
        assert catalogue == load_catalogue(config)


def test_check_config_reads_the_yaml_not_the_cache(config: Path, state: Path) -> None:
    cache.load_config(config, state)
    path = cache.cache_path(state)
    data = json.loads(path.read_text())
    # A cache that claims a language the files do not have: check-config must not see it.
    data["settings"]["companion"]["language"] = "fr"
    path.write_text(json.dumps(data))
    assert cache.load_config(config, state)[0].companion.language == "fr"  # the cache is used
    from companion.commands.check_config import check_dir

    errors, summary = check_dir(config, state)
    assert errors == []
    assert "language en" in summary[0]


_NO_YAML = """
import sys
from pathlib import Path
from companion import app
checked, catalogue = app.load_config(Path(sys.argv[1]), Path(sys.argv[2]))
settings, hardware = app.load_settings(Path(sys.argv[1]), Path(sys.argv[2]), checked)
yaml = sorted(m for m in sys.modules if m.split(".")[0] in ("yaml", "_yaml"))
print(len(catalogue), settings["language"], yaml)
"""


def test_a_warm_start_imports_no_yaml(config: Path, state: Path) -> None:
    def run() -> str:
        result = subprocess.run(
            [sys.executable, "-c", _NO_YAML, str(config), str(state)],
            capture_output=True, text=True, check=False,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()

    assert "'yaml'" in run()  # cold: parses the YAML
    assert run() == "54 en []"  # warm: none of it


def test_a_hit_keeps_the_phones_settings(config: Path, state: Path) -> None:
    """The phones' section (issue 22) comes back from the cache as settings, not as a dict."""
    path = config / "companion.yaml"
    path.write_text(path.read_text().replace("bind: 127.0.0.1", "bind: 10.42.0.1\n  wifi:\n"
                                             "    ssid: Tisch\n    password: geheim-123"))
    first, _catalogue = cache.load_config(config, state)
    again, _catalogue = cache.load_config(config, state)
    assert again == first
    assert again.companion.phones.bind == "10.42.0.1"
    assert again.companion.phones.wifi_ssid == "Tisch"


def test_a_hit_keeps_the_club_settings(config: Path, state: Path) -> None:
    """The club's section (issue 37) comes back from the cache as settings, not as a dict."""
    path = config / "companion.yaml"
    path.write_text(path.read_text() + "\nclub:\n  url: http://192.168.1.20:8090/\n"
                    f"  token: {'a1' * 16}\n")
    first, _catalogue = cache.load_config(config, state)
    again, _catalogue = cache.load_config(config, state)
    assert again == first and again.companion.club.configured
    assert again.companion.club.url == "http://192.168.1.20:8090/"
