"""`serve`: the phones' page as a reader beside the game (no browser here: tests/phones/
test_pages.py drives one). Each test runs the real command as its own process."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.engine import Setup
from companion.store import GameSession
from companion.store.journal import JOURNAL_NAME, Lock
from companion.store.phones import TOKEN_FILE, read_token, rotate_token
from tests.phones.phonetools import (
    REPO,
    can_read_only,
    catalogue,
    expected_state,
    get,
    record_actions,
    rss_kib,
    serve_process,
    serving,
    until,
    wait_for_url,
)

RECORD = "third-fire-ending.jsonl"


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    return tmp_path / "state"


def start_game(state_dir: Path, count: int = 10) -> GameSession:
    actions = record_actions(RECORD)
    setup = actions[0]
    assert isinstance(setup, Setup)
    session = GameSession.start(state_dir, catalogue(), setup)
    for action in actions[1 : count + 1]:
        session.submit(action)
    return session


def tree(folder: Path) -> dict[str, tuple[int, bytes, int]]:
    """Every file under `folder`: (mode, bytes, mtime) by relative path."""
    out = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        out[str(path.relative_to(folder))] = (
            st.st_mode, path.read_bytes() if path.is_file() else b"", st.st_mtime_ns)
    return out


def test_the_session_makes_a_128_bit_token_and_serve_prints_the_page_address(state_dir):
    start_game(state_dir).close()
    token = read_token(state_dir)
    assert token is not None and len(token) >= 32 and int(token, 16) >= 0
    assert (state_dir / TOKEN_FILE).stat().st_mode & 0o077 == 0  # the owner's only
    with serving(state_dir) as served:
        assert served.url.startswith("http://127.0.0.1:") and served.url.endswith(f"/?t={token}")
        status, headers, body = get(served.url)
        assert status == 200 and b"<!doctype html>" in body
        assert token.encode() in body  # the page's own files are asked for with it


def test_without_a_token_serve_says_how_to_get_one(state_dir):
    state_dir.mkdir()
    process = serve_process(state_dir)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "no phone token" in err and "start the app once" in err and "Traceback" not in err
    assert list(state_dir.iterdir()) == []  # serve wrote nothing


def test_no_token_or_a_wrong_one_is_refused_with_403_on_every_path(state_dir):
    start_game(state_dir).close()
    with serving(state_dir) as served:
        wrong = "0" * len(served.token)
        for path in ("/", "/app.js", "/style.css", "/state.json", "/events", "/words/en.json",
                     "/nothing"):
            for token in (None, wrong, served.token[:-1], served.token + "0", ""):
                url = served.at(path, token) if token != "" else served.base + path + "?t="
                status, headers, body = get(url)
                assert status == 403, (path, token)
                assert served.token.encode() not in body
                assert headers["X-Content-Type-Options"] == "nosniff"
        # the token twice is not the token
        assert get(served.at("/") + "&t=" + served.token)[0] == 403


def test_only_get_and_head_on_the_pages_and_nothing_outside_them(state_dir):
    start_game(state_dir).close()
    with serving(state_dir) as served:
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
            status, headers, _ = get(served.at("/"), method)
            assert status == 405 and headers["Allow"] == "GET, HEAD", method
        status, headers, body = get(served.at("/"), "HEAD")
        assert status == 200 and body == b"" and int(headers["Content-Length"]) > 0
        for path in ("/../pyproject.toml", "/pages/index.html", "/index.html", "/%2e%2e/x",
                     "/words/xx.json", "/words/../server.py", "//etc/passwd", "/phones-token",
                     "/" + JOURNAL_NAME):
            assert get(served.at(path))[0] == 404, path


def test_every_answer_carries_strict_security_headers(state_dir):
    start_game(state_dir).close()
    with serving(state_dir) as served:
        for path in ("/", "/app.js", "/state.json"):
            status, headers, _ = get(served.at(path))
            assert status == 200
            csp = headers["Content-Security-Policy"]
            assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
            assert "script-src 'self'" in csp and "unsafe-inline" not in csp
            assert headers["Referrer-Policy"] == "no-referrer"
            assert headers["X-Content-Type-Options"] == "nosniff"
            assert headers["Cache-Control"] == "no-store"
            assert headers["Server"] == "speicherstadt-companion"  # no Python version


def test_the_state_follows_the_journal_through_undo_a_torn_tail_and_a_new_game(state_dir):
    cat = catalogue()
    actions = record_actions(RECORD)
    session = start_game(state_dir, 10)
    with serving(state_dir) as served:
        def shown(count: int) -> dict:
            return until(served, lambda d: bool(d["game"]) and d["game"]["actions"] == count)

        assert shown(10)["game"]["state"] == expected_state(actions, 10, cat)
        from companion.engine import Undo

        session.submit(Undo())
        after_undo = shown(11)["game"]["state"]
        assert after_undo == expected_state(actions, 9, cat)  # undo: the state of 9 actions
        session.close()
        # a torn tail (a write cut short): left out, as the app resumes it
        with open(state_dir / JOURNAL_NAME, "ab") as journal:
            journal.write(b'{"type": "pass", "play')
        data = json.loads(get(served.at("/state.json"))[2])
        assert data["game"]["actions"] == 11 and data["problem"] is None
        # a new game replaces the journal: the page follows it
        session = GameSession.start(state_dir, cat, actions[0], abandon_current=True)  # type: ignore[arg-type]
        session.close()
        assert shown(0)["game"]["state"] == expected_state(actions, 0, cat)


def test_a_damaged_journal_keeps_the_last_good_game_on_the_page_with_a_note(state_dir):
    start_game(state_dir, 6).close()
    with serving(state_dir) as served:
        assert json.loads(get(served.at("/state.json"))[2])["game"]["actions"] == 6
        journal = state_dir / JOURNAL_NAME
        lines = journal.read_bytes().split(b"\n")
        lines[2] = b'{"type": "garbage"}'
        journal.write_bytes(b"\n".join(lines))
        data = until(served, lambda d: bool(d["problem"]))
        assert "line 3" in data["problem"] and data["game"]["actions"] == 6


def test_a_rotated_token_locks_out_the_old_address_at_once(state_dir):
    start_game(state_dir).close()
    with serving(state_dir) as served:
        old = served.token
        new = rotate_token(state_dir)
        assert get(served.at("/", old))[0] == 403
        assert get(served.at("/", new))[0] == 200


def test_serve_never_takes_the_lock_and_kill_9_never_changes_the_state_directory(state_dir):
    start_game(state_dir, 20).close()
    before = tree(state_dir)
    rng = random.Random(22)
    for _round in range(4):
        process = serve_process(state_dir)
        url = wait_for_url(process)
        # While it serves (with a phone listening), the writer's lock is free.
        import urllib.request

        stream = urllib.request.urlopen(url.replace("/?", "/events?"), timeout=30)
        stream.readline()
        lock = Lock(state_dir)
        lock.release()
        # at a random moment of the stream
        for _ in range(rng.randrange(0, 3)):
            stream.readline()
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
        stream.close()
        assert tree(state_dir) == before


def test_kill_9_of_serve_while_feed_writes_never_changes_what_feed_wrote(state_dir, tmp_path):
    """`feed` journals action by action while serve is killed and restarted beside it:
    the journal ends as exactly the record, and feed never waited for serve."""
    start_game(state_dir, 0).close()
    record = (Path(__file__).parent.parent / "records" / RECORD)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    feed = subprocess.Popen(
        [sys.executable, "-m", "companion", "feed", str(record), "--state-dir", str(state_dir),
         "--delay", "0.01"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert feed.stdout is not None
    kills = 0
    rng = random.Random(7)
    while feed.poll() is None and kills < 6:
        process = serve_process(state_dir)
        wait_for_url(process)
        for _ in range(rng.randrange(1, 15)):  # a random number of acknowledged actions
            if not feed.stdout.readline():
                break
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
        kills += 1
    out, err = feed.communicate(timeout=120)
    assert feed.returncode == 0, err
    assert kills >= 2
    from companion.engine import replay

    text = (state_dir / JOURNAL_NAME).read_text(encoding="utf-8")
    result = replay(text, catalogue())
    assert result.error is None and result.state is not None
    assert result.state.to_json() == expected_state(record_actions(RECORD), 107, catalogue())


@pytest.mark.skipif(not can_read_only(), reason="needs unprivileged user namespaces (unshare)")
def test_a_format_1_game_leaves_the_state_directory_byte_identical(state_dir):
    """A game of an older version (a format 1 journal) with serve's state directory
    read-only, as the unit has it: serve writes nothing, not even its pinned values; the
    page says the table pins the game first, then shows it with the values the app pinned
    (not the catalogue's), and the folder stays byte for byte (and time for time) the same."""
    from companion.store.journal import game_key
    from companion.store.pins import PINS_FILE
    from tests.store.storetools import generated, record_of

    start_game(state_dir, 0).close()  # the token, as the app makes it
    (state_dir / JOURNAL_NAME).unlink()
    from companion.engine import Reveal

    actions, _final = generated(37, 2, "quick", 0.0)
    fire = next(i for i, a in enumerate(actions) if isinstance(a, Reveal) and a.card == "B-fire")
    record = record_of(actions[:fire + 4])
    (state_dir / "current-game.v1.jsonl").write_text(record)
    before = tree(state_dir)
    with serving(state_dir, read_only=True) as served:
        data = json.loads(get(served.at("/state.json"))[2])
        assert data["game"] is None and data["notice"] == "not_pinned"
        assert tree(state_dir) == before
        # The app opens the game and pins its values (here: a fire worth 9 points).
        setup = record.splitlines()[0]
        pins = {game_key(setup): {"B-fire": {"points": 9}, "C-fire": {"points": 7}}}
        (state_dir / PINS_FILE).write_text(json.dumps(pins))
        before = tree(state_dir)
        data = until(served, lambda d: d["game"] is not None, within=20)
        assert "notice" not in data and data["game"]["actions"] == fire + 3
        fires = {f["card"]: f["points"] for f in data["game"]["fires"]}
        assert fires == {"B-fire": 9}, fires  # the catalogue's placeholder is not 9
        # A damaged pins file is the app's to set aside: serve neither renames nor rewrites it.
        (state_dir / PINS_FILE).write_text("{damaged")
        before = tree(state_dir)
        until(served, lambda d: d.get("notice") == "not_pinned")
    assert tree(state_dir) == before
    assert sorted(before) == ["current-game.v1.jsonl", "phones-token", PINS_FILE]


def test_phones_that_never_read_do_not_block_feed_or_the_page(state_dir):
    """Six phones that connect and stop reading (a phone in a pocket): the game is fed on,
    and a seventh phone still sees each action."""
    import socket

    start_game(state_dir, 0).close()
    with serving(state_dir) as served:
        host, port = served.base.split("//")[1].split(":")
        stalled = []
        for _ in range(6):
            sock = socket.create_connection((host, int(port)), timeout=30)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.sendall(f"GET /events?t={served.token} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            stalled.append(sock)
        actions = record_actions(RECORD)
        done = threading.Event()

        def play() -> None:
            with GameSession.resume(state_dir, catalogue()) as session:  # type: ignore[union-attr]
                for action in actions[1:]:
                    session.submit(action)
            done.set()

        writer = threading.Thread(target=play)
        writer.start()
        writer.join(timeout=120)
        assert done.is_set(), "the writer was blocked"
        data = until(served, lambda d: d["game"]["actions"] == len(actions) - 1)
        assert data["game"]["phase"] == "over"
        for sock in stalled:
            sock.close()


def test_memory_stays_flat_over_a_two_hour_game_with_six_phones(state_dir):
    """A long evening: three whole games (with undo and redo), six phones listening. What
    serve holds grows by at most 5 MiB from the end of the first game to the end."""
    from tests.store.storetools import generated

    games = [generated(seed, players=5, undo_rate=0.1)[0] for seed in (3, 4, 5)]
    session = GameSession.start(state_dir, catalogue(), games[0][0])  # type: ignore[arg-type]
    with serving(state_dir) as served:
        stop = threading.Event()

        def phone() -> None:
            import urllib.request

            with urllib.request.urlopen(served.at("/events"), timeout=60) as stream:
                while not stop.is_set() and stream.readline():
                    pass

        phones = [threading.Thread(target=phone, daemon=True) for _ in range(6)]
        for thread in phones:
            thread.start()
        marks = []
        for index, game in enumerate(games):
            if index:
                session = GameSession.start(state_dir, catalogue(), game[0])  # type: ignore[arg-type]
            for action in game[1:]:
                session.submit(action)
            session.close()
            # the page has caught up with the end of this game
            last = len(game) - 1
            until(served, lambda d: d["game"]["actions"] == last)  # noqa: B023
            marks.append(rss_kib(served.process.pid))
        stop.set()
        assert sum(len(g) for g in games) > 300
        assert marks[-1] - marks[0] <= 5 * 1024, marks


def test_serve_never_loads_pygame_or_yaml_beyond_the_configuration():
    """The page's words come from `companion.texts` (the catalogues, names and rules
    texts below the UI): neither pygame nor any module of the table's screens loads."""
    code = ("import sys; from companion.phones import server; "
            "from companion.paths import SHIPPED_CONFIG_DIR; "
            "from companion.config.cards import load_catalogue; "
            "server.words_tables(load_catalogue(SHIPPED_CONFIG_DIR)); "
            "print(sorted(m for m in sys.modules "
            "if m.split('.')[0] == 'pygame' or m.startswith('companion.ui')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("club", ["", "http://192.168.1.20:8090/"])
def test_the_page_links_to_the_club_s_league_only_when_the_table_has_a_club(tmp_path, club):
    import urllib.request

    from companion.phones import server
    from tests.phones.phonetools import catalogue as shipped

    httpd = server.make_server(tmp_path, shipped(), {}, lambda: "ab" * 16, "127.0.0.1", 0,
                               club_url=club)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        port = httpd.server_address[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/?t={'ab' * 16}") as answer:
            page = answer.read().decode()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/words/de.json?t={'ab' * 16}"
                                    ) as answer:
            words = json.loads(answer.read())
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert f'data-club="{club}"' in page and "{{club}}" not in page
    # The page's script picks among the languages of companion.languages, default first.
    assert f'data-languages="{" ".join(server.PAGE_LANGUAGES)}"' in page
    assert words["page"]["club"] == "Die Liga des Vereins (alle Tische)"


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_signal_ends_serve_cleanly_while_phones_follow_the_game(state_dir, stop):
    """Ctrl-C and systemd's stop (SIGTERM) end `serve` at the loop's next turn, with a
    phone's stream open: exit status 0, no traceback. The signal only asks the loop to
    stop (before, a KeyboardInterrupt raised anywhere in the loop could land while it held
    the workers' queue lock, and the close after it then waited on that lock for ever)."""
    import socket

    start_game(state_dir).close()
    process = serve_process(state_dir)
    try:
        url = wait_for_url(process)
        host, port = url.split("//")[1].split("/")[0].split(":")
        token = url.rsplit("t=", 1)[1]
        stream = socket.create_connection((host, int(port)), timeout=30)
        stream.sendall(f"GET /events?t={token} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        assert stream.recv(12).startswith(b"HTTP/1.")  # the stream is open
        status, _headers, _body = get(url)
        assert status == 200
        process.send_signal(stop)
        _out, err = process.communicate(timeout=60)
        stream.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "Traceback" not in err, err
