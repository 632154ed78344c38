"""The docs point at what exists: every relative link in README.md and docs/*.md names a file
of the repository and, with a #fragment, a heading (or an explicit anchor) of that file; every
`docs/<name>.md` cited in the code, the tests or the docs exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
CITED = re.compile(r"docs/([a-z0-9-]+\.md)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # no headings inside code blocks
    found = {slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, flags=re.M)}
    found |= set(re.findall(r'<a id="([^"]+)"', text))
    return found


def test_the_slug_is_githubs() -> None:
    assert slug("`setup` — who plays, and the printed values of this copy") == \
        "setup--who-plays-and-the-printed-values-of-this-copy"
    assert slug("Printed values: pinned and corrected") == "printed-values-pinned-and-corrected"


def test_every_relative_link_and_fragment_resolves() -> None:
    broken = []
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto: ...
            path, _, fragment = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            if not dest.exists():
                broken.append(f"{page.name}: {target} (no such file)")
            elif fragment and dest.suffix == ".md" and fragment not in anchors(dest):
                broken.append(f"{page.name}: {target} (no such section)")
    assert not broken, "\n".join(broken)


def test_every_cited_doc_exists() -> None:
    missing = []
    for folder in ("companion", "tests", "docs", "benchmarks", "scripts", "hardware"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".md", ".sh", ".yaml") or not path.is_file():
                continue
            for name in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
                if not (ROOT / "docs" / name).is_file():
                    missing.append(f"{path.relative_to(ROOT)} cites docs/{name}")
    for name in CITED.findall((ROOT / "README.md").read_text(encoding="utf-8")):
        if not (ROOT / "docs" / name).is_file():
            missing.append(f"README.md cites docs/{name}")
    assert not missing, "\n".join(missing)
