"""The table's side of the club: companion.yaml's `club`, the outbox through the app's own
store (companion/app.py, companion/store/outbox.py); Settings' count is tested with the
scene (tests/ui/scenes/test_settings.py)."""

from __future__ import annotations

from pathlib import Path

from companion import app
from companion.config.settings import check_companion
from companion.config.yamlfile import parse
from companion.engine import Setup, parse_line
from companion.engine.actions import Undo
from companion.store import outbox
from companion.store.outbox import Answer
from tests.club.clubtools import named_game
from tests.store.storetools import shipped_catalogue

TOKEN = "0123456789abcdef" * 2


def _club(text: str) -> tuple[object, list[str]]:
    settings, errors = check_companion(parse(text, "companion.yaml"))
    return (settings.club if settings else None), [e.message for e in errors]


def test_the_club_section_is_checked_like_the_rest() -> None:
    club, errors = _club(f"club:\n  url: http://10.0.0.5:8090/\n  token: {TOKEN}\n")
    assert errors == [] and club.configured  # type: ignore[union-attr]
    assert not _club("language: en\n")[0].configured  # type: ignore[union-attr]
    for bad, words in ((f"club:\n  url: ftp://x/\n  token: {TOKEN}\n", "address"),
                       (f"club:\n  url: http://x:99999/\n  token: {TOKEN}\n", "address"),
                       ("club:\n  url: http://x/\n  token: short\n", "32 hex"),
                       ("club:\n  url: http://x/\n", "both"),
                       (f"club:\n  url: http://x/\n  token: {TOKEN}\n  port: 3\n", "port")):
        club, errors = _club(bad)
        assert club is None and any(words in e for e in errors), (bad, errors)


def _play(store: object, state_dir: Path, seed: int) -> object:
    lines = named_game(seed, ("Anna", "Ben")).splitlines()
    setup = parse_line(lines[0])
    assert isinstance(setup, Setup)
    session = store.start(state_dir, shipped_catalogue(), setup)  # type: ignore[attr-defined]
    for line in lines[1:]:
        session.submit(parse_line(line))
    return session


def test_a_finished_game_waits_in_the_outbox_through_the_app_s_store(tmp_path: Path) -> None:
    woken = []
    store = app.open_store(club=True, finished=lambda: woken.append(1))
    session = _play(store, tmp_path, 31)
    assert session.finished and woken  # type: ignore[attr-defined]
    waiting = outbox.waiting(tmp_path)
    assert [p.stem for p in waiting] == [session.key]  # type: ignore[attr-defined]
    assert waiting[0].read_text() == session.record_text()  # type: ignore[attr-defined]
    session.submit(Undo())  # type: ignore[attr-defined]  # reopened: it waits no more
    assert outbox.count(tmp_path) == 0
    session.close()  # type: ignore[attr-defined]
    # Without a club the table plays as today: nothing waits.
    other = tmp_path / "no-club"
    _play(app.open_store(), other, 32).close()  # type: ignore[attr-defined]
    assert outbox.count(other) == 0


def test_sending_keeps_what_the_club_did_not_take(tmp_path: Path) -> None:
    for key in ("a", "b", "c"):
        outbox.put(tmp_path, key, f"record {key}\n")
    answers = iter([Answer(201, ""), Answer(422, "line 3: bad"), Answer(None, "no network")])
    sent, waiting, problem, refused = outbox.send_waiting(
        tmp_path, "http://club/", TOKEN, sender=lambda *_a: next(answers))
    assert (sent, waiting, problem) == (1, 1, "no network")
    assert refused == [("b", "line 3: bad")]
    kept = outbox.outbox(tmp_path) / outbox.REFUSED_DIR
    assert (kept / "b.jsonl").read_text() == "record b\n"
    assert "line 3: bad" in (kept / "b.reason.txt").read_text()
    sent, waiting, problem, _ = outbox.send_waiting(
        tmp_path, "http://club/", TOKEN, sender=lambda *_a: Answer(403, "forbidden"))
    assert (sent, waiting) == (0, 1) and "token" in str(problem)


def test_the_sender_never_blocks_and_backs_off(tmp_path: Path) -> None:
    outbox.put(tmp_path, "a", "record\n")
    sender = app.ClubSender(tmp_path, "http://127.0.0.1:9/", TOKEN)  # nobody listens there
    sender.start()
    try:
        sender.wake()
        import time

        deadline = time.monotonic() + 60
        while sender.problem is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert sender.problem and "cannot be reached" in sender.problem
        assert outbox.count(tmp_path) == 1
    finally:
        sender.stop()


def test_the_sender_backs_off_to_ten_minutes_and_polls_every_minute_when_well() -> None:
    delays = [app.ClubSender.delay(n) for n in range(12)]
    assert delays[0] == 60.0  # nothing failed: a look every minute (and at every game's end)
    assert delays[1:9] == [5.0, 10.0, 20.0, 40.0, 80.0, 160.0, 320.0, 600.0]
    assert delays[9:] == [600.0] * 3


def test_an_outbox_file_that_is_no_game_the_table_wrote_is_set_aside_unsent(
        tmp_path: Path) -> None:
    """A file in the outbox over a record's limit (or a pipe, a device) is never read whole
    nor sent: the oversized one is kept aside with its reason, a pipe is passed over, the
    rest go."""
    import os

    from companion.engine.record import MAX_RECORD_BYTES

    outbox.put(tmp_path, "big", "x" * (MAX_RECORD_BYTES + 1))
    outbox.put(tmp_path, "good", "record good\n")
    sent_bodies: list[bytes] = []

    def sender(_url: str, _token: str, body: bytes) -> Answer:
        sent_bodies.append(body)
        return Answer(201, "")

    sent, waiting, problem, refused = outbox.send_waiting(
        tmp_path, "http://club/", TOKEN, sender=sender)
    assert (sent, waiting, problem) == (1, 0, None)
    assert sent_bodies == [b"record good\n"]
    assert [key for key, _reason in refused] == ["big"]
    assert (outbox.outbox(tmp_path) / outbox.REFUSED_DIR / "big.jsonl").exists()
    os.mkfifo(outbox.outbox(tmp_path) / "pipe.jsonl")  # not a game: never opened nor sent
    sent, waiting, problem, _ = outbox.send_waiting(
        tmp_path, "http://club/", TOKEN, sender=sender)
    assert (sent, waiting, problem) == (0, 0, None) and len(sent_bodies) == 1
