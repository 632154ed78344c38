"""Compile the `.po` catalogues to the `.mo` files `gettext` reads: `python -m
companion.ui.msgfmt [LOCALE_DIR]`.

The build runs it (`setup.py`'s build step, and `make` before the tests on a fresh
clone); the app itself only reads `.mo` files, through the standard library's
`gettext`. Our own few lines rather than GNU msgfmt (not on every machine) or
Babel (a dependency for one build step). It understands what our catalogues use:
`msgid`, `msgid_plural`, `msgstr`, `msgstr[n]`, continued lines, C escapes, and
`#, fuzzy` (left out, except the header).
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

#: msgid (with "\0" and the plural msgid for plural entries) -> msgstr ("\0"-joined forms).
Catalogue = dict[str, str]


class PoError(ValueError):
    """A .po file this reader does not understand; names the file and the line."""


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if not (text.startswith('"') and text.endswith('"')):
        raise PoError(f"{where}: expected a quoted string, got {text!r}")
    return str(ast.literal_eval(text))


def parse(text: str, name: str = "<po>") -> Catalogue:
    """The entries of a .po file: msgid -> msgstr (plural ones joined by NUL)."""
    out: Catalogue = {}
    entry: dict[str, list[str]] = {}
    current: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal entry, fuzzy
        if "msgid" in entry:
            msgid = "".join(entry["msgid"])
            if "msgid_plural" in entry:
                msgid += "\0" + "".join(entry["msgid_plural"])
                forms = sorted(k for k in entry if k.startswith("msgstr["))
                msgstr = "\0".join("".join(entry[k]) for k in forms)
            else:
                msgstr = "".join(entry.get("msgstr", []))
            if msgstr.replace("\0", "") and (not fuzzy or msgid == ""):
                out[msgid] = msgstr
        entry, fuzzy = {}, False

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if any(k.startswith("msgstr") for k in entry):
                    flush()  # the comment belongs to the next entry
                fuzzy = True
            continue
        if line.startswith('"'):
            if current is None:
                raise PoError(f"{where}: a continued string with nothing to continue")
            current.append(_unquote(line, where))
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword == "msgid" and any(k.startswith("msgstr") for k in entry):
            flush()
        if keyword not in ("msgid", "msgid_plural", "msgstr") and not (
                keyword.startswith("msgstr[") and keyword.endswith("]")):
            raise PoError(f"{where}: unknown keyword {keyword!r}")
        current = entry[keyword] = [_unquote(rest, where)]
    flush()
    return out


def to_mo(catalogue: Catalogue) -> bytes:
    """The GNU .mo bytes of `catalogue` (little-endian, no hash table)."""
    keys = sorted(catalogue)
    ids = [k.encode("utf-8") for k in keys]
    strs = [catalogue[k].encode("utf-8") for k in keys]
    n = len(keys)
    start = 7 * 4 + 16 * n
    offsets: list[int] = []
    data = b""
    for blob in ids + strs:
        offsets += [len(blob), start + len(data)]
        data += blob + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, start)
    return header + struct.pack(f"<{4 * n}I", *offsets) + data


def compile_dir(locale_dir: Path) -> list[Path]:
    """Every `<lang>/LC_MESSAGES/*.po` under `locale_dir` compiled beside itself."""
    written = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = to_mo(parse(po.read_text(encoding="utf-8"), str(po)))
        if not mo.is_file() or mo.read_bytes() != data:
            mo.write_bytes(data)
        written.append(mo)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    locale_dir = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "locale"
    try:
        for mo in compile_dir(locale_dir):
            print(mo)
    except (OSError, PoError) as exc:
        print(f"msgfmt: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
