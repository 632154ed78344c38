"""docs/record-format.md, "Refusal codes", lists exactly the codes of `MESSAGES`, each with
the parameters its English template names: a code added, removed or given other
parameters without the public format's page following it fails here."""

from __future__ import annotations

import re
from pathlib import Path

from companion.engine.messages import MESSAGES, placeholders

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"
ROW = re.compile(r"^\| `([a-z0-9_]+)` \| ([^|]*) \|\s*$")


def documented() -> dict[str, list[str]]:
    """The codes of the "Refusal codes" section, with their parameters as the table names them."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## Refusal codes\n", 1)[1].split("\n## ", 1)[0]
    found: dict[str, list[str]] = {}
    for line in section.splitlines():
        match = ROW.match(line)
        if match:
            code, params = match.groups()
            assert code not in found, f"{code} is listed twice"
            found[code] = [] if params.strip() == "—" else [
                p.strip() for p in params.split(",")]
    return found


def test_the_section_is_found_and_lists_codes() -> None:
    assert len(documented()) > 50


def test_every_code_in_messages_is_documented() -> None:
    missing = sorted(set(MESSAGES) - set(documented()))
    assert not missing, f"codes missing from docs/record-format.md: {missing}"


def test_every_documented_code_is_in_messages() -> None:
    unknown = sorted(set(documented()) - set(MESSAGES))
    assert not unknown, f"docs/record-format.md lists codes the engine does not have: {unknown}"


def test_each_code_is_documented_with_its_parameters() -> None:
    wrong = {code: (params, placeholders(MESSAGES[code]))
             for code, params in documented().items()
             if code in MESSAGES and params != placeholders(MESSAGES[code])}
    assert not wrong, f"documented parameters differ from the templates': {wrong}"


def test_every_code_named_anywhere_in_the_page_exists() -> None:
    # Codes quoted in the prose (e.g. "(`record_format_newer`)") must be real codes too.
    text = DOC.read_text(encoding="utf-8")
    quoted = set(re.findall(r"`([a-z]+(?:_[a-z0-9]+)+)`", text))
    not_codes = {"last_round", "first_player", "market_sell", "confirm_value", "final_scores",
                 "counting_offices", "chamber_of_commerce", "boatsmen_church", "st_michaelis"}
    unknown = sorted(quoted - set(MESSAGES) - not_codes)
    assert not unknown, f"docs/record-format.md names unknown codes: {unknown}"
