"""Tags to cards: the canonical form of a tag, and the owner's tag map.

The tag map is `tags.json` in the state directory, a JSON object mapping each
normalised tag to a card id. It is written atomically (temporary file, fsync,
rename), so a power cut leaves the old map or the new one, never half a file.
A map changed by another process (`enroll` while the app runs) is picked up
at the next lookup.

A printed label's barcode (`companion.labelcodes`) names its card by itself:
`lookup` resolves it without the map, so labels need no enrollment, and
`bind` refuses to give a label's code to a card (it could only contradict the
label). Enrolled RFID tags go through the map as before.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from pathlib import Path

from companion.config.sidefiles import TAGS_FILE, read_json
from companion.errors import CompanionError, ConfigError
from companion.fsio import atomic_write
from companion.labelcodes import BARCODE_PREFIX, CARD_IDS, barcode, card_for_barcode

log = logging.getLogger("companion.inputs")


#: Longest tag accepted (a long Code 128 barcode fits; noise does not).
MAX_TAG_LEN = 64
#: Shortest tag accepted: shorter strings are more likely noise or a sketch's chatter.
MIN_TAG_LEN = 4

# Labels that reader sketches print before the tag ("Card UID: 04 A2 3B 1C").
_PREFIX = re.compile(
    r"^(?:card\s*uid|uid|tag\s*id|tag|card\s*id|card|id)\s*[:=#]?\s*", re.IGNORECASE
)
# Groups of letters and digits, separated by one space, colon, dash or dot each.
_GROUPED = re.compile(r"^[0-9A-Za-z]+(?:[ :.\-][0-9A-Za-z]+)*$")


class TagError(CompanionError, ValueError):
    """Text that is not a tag; the message says why."""


def label_card(tag: str) -> str | None:
    """The card a printed label's code names (any spelling of the tag), or None when
    `tag` is not a label code."""
    try:
        return card_for_barcode(normalise_tag(tag))
    except TagError:
        return None


def _subsequence(short: str, long: str) -> bool:
    keys = iter(long)
    return all(ch in keys for ch in short)


def damaged_label(tag: str) -> bool:
    """True for a code typed by a keyboard scanner that is a printed label read wrong: a
    label's code with one or two keys lost (on an X11 desktop, SDL takes the second key
    of "77" or "00" typed within 2 ms for a key repeat and drops it), one key doubled, or
    8 digits that start as every label does but fail its check digit. Only for keyboard
    scanners: an RFID tag's number may look like this."""
    if not tag.isdigit() or card_for_barcode(tag) is not None:
        return False
    if len(tag) == 8:
        return tag.startswith(BARCODE_PREFIX)
    if len(tag) in (6, 7):
        return any(_subsequence(tag, barcode(card_id)) for card_id in CARD_IDS)
    if len(tag) == 9:  # a key doubled: one digit taken out makes a label
        return any(card_for_barcode(tag[:i] + tag[i + 1:]) is not None for i in range(9))
    return False


class TagInUse(CompanionError):
    """The tag is already bound to another card."""

    def __init__(self, tag: str, card_id: str) -> None:
        super().__init__(f"tag {tag} is already bound to {card_id}")
        self.tag = tag
        self.card_id = card_id


def normalise_tag(text: str) -> str:
    """The canonical form of a tag: upper-case letters and digits, nothing else.

    Strips a label such as `Card UID:`, surrounding white space, and the
    spaces, colons, dashes or dots between groups (`04 a2:3b` -> `04A23B`).
    Raises `TagError` for text that is not a tag: other characters, no digit
    at all (a sketch's "Ready" is not a tag), too short or too long.
    """
    body = text.strip()
    body = _PREFIX.sub("", body, count=1)
    if not body:
        raise TagError("empty tag")
    if len(body) > 3 * MAX_TAG_LEN:
        raise TagError(f"too long ({len(body)} characters)")
    if not body.isascii() or not _GROUPED.match(body):
        raise TagError(f"not a tag: {body[:40]!r}")
    tag = re.sub(r"[ :.\-]", "", body).upper()
    if not any(ch.isdigit() for ch in tag):
        raise TagError(f"not a tag (no digit): {tag[:40]!r}")
    if len(tag) < MIN_TAG_LEN:
        raise TagError(f"too short: {tag!r}")
    if len(tag) > MAX_TAG_LEN:
        raise TagError(f"too long ({len(tag)} characters)")
    return tag


class TagMap:
    """The owner's tag -> card id map, kept in `tags.json` in the state directory.

    Thread-safe: the reader thread looks tags up while an enroll screen binds.
    """

    def __init__(self, path: Path, *, strict: bool = True) -> None:
        """Load `path` (a missing file is an empty map).

        With `strict`, an unreadable or invalid file raises `ConfigError`;
        without, it is logged and the map starts empty (and is not saved over
        the broken file unless something is bound).
        """
        self.path = Path(path)
        self._lock = threading.Lock()
        self._tags: dict[str, str] = {}
        self._stamp: tuple[int, int, int] | None = None
        self.problem: str | None = None
        try:
            self._load()
        except ConfigError as exc:
            if strict:
                raise
            self.problem = exc.message
            log.warning("%s", exc.message)

    @classmethod
    def in_state_dir(cls, state_dir: Path, *, strict: bool = True) -> TagMap:
        """The tag map of a state directory."""
        return cls(Path(state_dir) / TAGS_FILE, strict=strict)

    def _file_stamp(self) -> tuple[int, int, int] | None:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        # A rename gives a new inode, so a rewrite within one mtime tick is still seen.
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def _load(self) -> None:
        stamp = self._file_stamp()
        if stamp is None:
            self._tags, self._stamp = {}, None
            return
        # The side files' one reader: bounded size and depth, no key given twice.
        data = read_json(self.path)
        if data is None:  # removed since the stamp was taken
            data = {}
        if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in data.items()
        ):
            raise ConfigError(f"{self.path}: the tag map must map tags to card ids (strings)")
        self._tags = {}
        for raw, card_id in data.items():
            try:
                self._tags[normalise_tag(raw)] = card_id
            except TagError as exc:
                log.warning("%s: ignoring %r: %s", self.path, raw, exc.message)
        self._stamp = stamp

    def _refresh(self) -> None:
        """Reload when another process changed the file."""
        if self._file_stamp() != self._stamp:
            try:
                self._load()
                self.problem = None
            except ConfigError as exc:
                # Keep the map we have; a half-edited file must not forget every card.
                if self.problem != exc.message:
                    log.warning("%s", exc.message)
                self.problem = exc.message

    def lookup(self, tag: str) -> str | None:
        """The card `tag` (any spelling) names: a printed label's card, else the card
        bound to it in the map; None when it is neither."""
        try:
            key = normalise_tag(tag)
        except TagError:
            return None
        labelled = card_for_barcode(key)
        if labelled is not None:
            return labelled
        with self._lock:
            self._refresh()
            return self._tags.get(key)

    def tag_of(self, card_id: str) -> str | None:
        """The tag bound to `card_id`, or None."""
        with self._lock:
            self._refresh()
            for tag, bound in self._tags.items():
                if bound == card_id:
                    return tag
        return None

    def items(self) -> dict[str, str]:
        """A copy of the whole map."""
        with self._lock:
            self._refresh()
            return dict(self._tags)

    def bind(self, tag: str, card_id: str) -> str:
        """Bind `tag` to `card_id` and save; returns the canonical tag.

        A card has one tag: binding a new tag to it replaces the old one.
        Raises `TagInUse` when the tag belongs to another card (unbind that
        card first, or, for a printed label's code, it names another card) and
        `TagError` when `tag` is not a tag or is the label code of the card itself
        (which needs no binding).
        """
        key = normalise_tag(tag)
        labelled = card_for_barcode(key)
        if labelled is not None:
            if labelled != card_id:
                raise TagInUse(key, labelled)
            raise TagError(f"{key} is the printed label of {card_id}: it needs no enrollment")
        with self._lock:
            self._refresh()
            owner = self._tags.get(key)
            if owner is not None and owner != card_id:
                raise TagInUse(key, owner)
            new = {t: c for t, c in self._tags.items() if c != card_id}
            new[key] = card_id
            self._save(new)
        return key

    def unbind_card(self, card_id: str) -> bool:
        """Forget the tag of `card_id`; True when it had one."""
        with self._lock:
            self._refresh()
            new = {t: c for t, c in self._tags.items() if c != card_id}
            if len(new) == len(self._tags):
                return False
            self._save(new)
        return True

    def _save(self, tags: dict[str, str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(dict(sorted(tags.items())), indent=2, ensure_ascii=False) + "\n"
        atomic_write(self.path, text)
        self._tags = tags
        self._stamp = self._file_stamp()
        self.problem = None


