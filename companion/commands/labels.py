"""`labels --out DIR`: printable sheets of card labels, so cards need no RFID tags.

Each label names its card twice, for two kinds of reader: a Code 128 barcode
(digits only, for a USB barcode scanner) and an ArUco marker (for the camera);
both come from the fixed table in `companion.labelcodes`, so a label needs no
enrollment. Beside them, the card's name and season as the table sees them
(`companion.ui.names`, in the table's language; no pygame is loaded).

A label is `LABEL_MM` (52 × 26 mm): it sits in a corner of a card's face or
behind a clear sleeve. The marker is 16.3 mm (6 cells of 2.7 mm, with a white
margin of a cell), the barcode's bars 0.254 mm (10 mil). Sheets are A4, 27
labels each, with corner marks to cut along; print them at 100 % ("actual
size"), never "fit to page".

Written: `labels.pdf` (every page), `labels-N.png` (each page), `labels.json`
(`{"dictionary", "markers": {card_id: marker_id}, "barcodes": {card_id: code}}`,
which the camera reads).

Drawn with Pillow (PNG and PDF: one library, 50 ms to import; fpdf2 took 1.3 s
and would add nothing a 300 dpi page lacks, as the bars and marker cells are
whole pixels), the barcode encoded by python-barcode. Both are the optional
extra `labels` and are imported only by this command.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

from companion import labelcodes
from companion.commands.common import refuse_non_file
from companion.errors import CompanionError, UsageError
from companion.fsio import atomic_write

HELP = "print sheets of card labels (barcode and camera marker) that need no enrollment"

#: One label, in millimetres (width, height).
LABEL_MM = (52.0, 26.0)
#: A4, in millimetres.
PAGE_MM = (210.0, 297.0)
#: Between two labels (cutting room), in millimetres.
GAP_MM = 4.0
#: Columns and rows of labels on a page.
COLUMNS, ROWS = 3, 9
#: Dots per inch of the pages (the PDF's and the PNGs').
DPI = 300
#: Barcode module (narrowest bar) in pixels at DPI: 3 px = 0.254 mm (10 mil).
MODULE_PX = 3
#: Marker cell in pixels at DPI: 32 px = 2.71 mm, so the marker (6 cells) is 16.3 mm.
CELL_PX = 32
#: The barcode's quiet zone on each side, in modules (Code 128 asks for 10).
QUIET_MODULES = 10

FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSansCondensed-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
)

MISSING = (
    "the labels command needs Pillow and python-barcode, which the companion does not "
    "install by default: pip install 'speicherstadt-companion[labels]' "
    "(in the checkout: .venv/bin/pip install -e '.[labels]')"
)


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `labels` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "labels",
        help=HELP,
        description=HELP + f". A4 sheets, {COLUMNS * ROWS} labels of "
        f"{LABEL_MM[0]:g} x {LABEL_MM[1]:g} mm a page; print at 100 %%.",
    )
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="folder for labels.pdf, labels-N.png and labels.json")
    parser.add_argument("--language", choices=("en", "de", "fr"),
                        help="language of the card names (default: the table's)")
    parser.set_defaults(func=run)
    return parser


def mm(value: float) -> int:
    """Millimetres as pixels at DPI."""
    return round(value * DPI / 25.4)


def load_libraries() -> tuple[Any, Any, Any]:
    """Pillow's Image and ImageDraw, and python-barcode's Code128; a message if missing."""
    try:
        from barcode import Code128  # type: ignore[import-untyped, import-not-found, unused-ignore]
        from PIL import Image, ImageDraw
    except ImportError as exc:
        raise CompanionError(f"{MISSING} ({exc.name} is missing)") from None
    return Image, ImageDraw, Code128


def font(size_px: int) -> Any:
    """A bold sans-serif font (DejaVu, else Pillow's own) of `size_px` pixels."""
    from PIL import ImageFont

    for path in FONT_FILES:
        if Path(path).is_file():
            return ImageFont.truetype(path, size_px)
    return ImageFont.load_default(size_px)


def fitted(draw: Any, text: str, width: int, size_px: int) -> Any:
    """The largest font up to `size_px` in which `text` fits `width` pixels."""
    while size_px > 12:
        face = font(size_px)
        if draw.textlength(text, font=face) <= width:
            return face
        size_px -= 2
    return font(size_px)


def barcode_modules(code: str, code128: Any) -> str:
    """The bars of `code` as modules, '1' black, '0' white (python-barcode's encoding)."""
    modules = "".join(code128(code).build())
    if set(modules) - {"0", "1"}:
        raise CompanionError(f"python-barcode gave an unexpected pattern for {code}")
    return modules


def draw_label(draw: Any, x: int, y: int, name: str, season: str, code: str,
               marker: int, code128: Any) -> None:
    """One label with its top left corner at (x, y) pixels."""
    from companion.labelmarkers import marker_cells

    w, h = mm(LABEL_MM[0]), mm(LABEL_MM[1])
    # Corner marks to cut along (outside the label, so they never touch a code).
    mark, off = mm(2.0), mm(0.8)
    for cx, cy, dx, dy in ((x, y, -1, -1), (x + w, y, 1, -1), (x, y + h, -1, 1),
                           (x + w, y + h, 1, 1)):
        draw.line([(cx + dx * off, cy), (cx + dx * (off + mark), cy)], fill=0, width=2)
        draw.line([(cx, cy + dy * off), (cx, cy + dy * (off + mark))], fill=0, width=2)
    # The marker, a white cell's margin around it (the label's own white).
    side = 6 * CELL_PX
    mx, my = x + CELL_PX, y + (h - side) // 2
    for row, cells in enumerate(marker_cells(marker)):
        for col, black in enumerate(cells):
            if black:
                draw.rectangle([mx + col * CELL_PX, my + row * CELL_PX,
                                mx + (col + 1) * CELL_PX - 1, my + (row + 1) * CELL_PX - 1],
                               fill=0)
    # Name, season, barcode and its digits in the rest.
    left = mx + side + CELL_PX
    width = x + w - mm(1.0) - left
    draw.text((left, y + mm(1.5)), name, font=fitted(draw, name, width, mm(3.2)), fill=0)
    draw.text((left, y + mm(5.4)), season, font=fitted(draw, season, width, mm(2.6)), fill=0)
    modules = barcode_modules(code, code128)
    bars_w = len(modules) * MODULE_PX
    bx = left + max(QUIET_MODULES * MODULE_PX, (width - bars_w) // 2)
    top, bottom = y + mm(9.6), y + mm(20.2)
    for i, bit in enumerate(modules):
        if bit == "1":
            draw.rectangle([bx + i * MODULE_PX, top, bx + (i + 1) * MODULE_PX - 1, bottom],
                           fill=0)
    digits = font(mm(2.4))
    draw.text((bx + bars_w // 2, bottom + mm(0.6)), code, font=digits, fill=0, anchor="mt")


def card_texts(args: argparse.Namespace) -> list[tuple[str, str, str]]:
    """(card id, name, season) of every card with a label, in the table's language."""
    from companion.commands.bgstats_export import table_language
    from companion.commands.common import catalogue_for
    from companion.ui import i18n, names

    catalogue = catalogue_for(args)
    i18n.set_language(args.language or table_language(args))
    missing = [card.id for card in catalogue if card.id not in labelcodes.CARD_IDS]
    if missing:
        print(f"labels: no label code for {', '.join(missing)} (not in the label table)",
              file=sys.stderr)
    def plain(text: str) -> str:  # the screens' soft hyphens (U+00AD): a label never breaks
        return text.replace("\u00ad", "")

    def name(card_id: str) -> str:
        # A value still a guess is never printed: the label says "Fireman ?" and goes on
        # any card of that kind and season; the table confirms what it shows the first
        # time the card is seen, as for any unconfirmed card (docs/labels.md).
        card = catalogue[card_id]
        return names.asked(card.kind) if card.unverified else names.card_name(card)

    return [(card_id, plain(name(card_id)), plain(names.season(catalogue[card_id].season)))
            for card_id in labelcodes.CARD_IDS if card_id in catalogue]


def render_pages(cards: list[tuple[str, str, str]]) -> list[Any]:
    """The sheets as 1-bit images at DPI."""
    image, image_draw, code128 = load_libraries()
    page_w, page_h = mm(PAGE_MM[0]), mm(PAGE_MM[1])
    label_w, label_h, gap = mm(LABEL_MM[0]), mm(LABEL_MM[1]), mm(GAP_MM)
    grid_w = COLUMNS * label_w + (COLUMNS - 1) * gap
    grid_h = ROWS * label_h + (ROWS - 1) * gap
    x0, y0 = (page_w - grid_w) // 2, (page_h - grid_h) // 2
    pages = []
    per_page = COLUMNS * ROWS
    for start in range(0, len(cards), per_page):
        page = image.new("L", (page_w, page_h), 255)
        draw = image_draw.Draw(page)
        for i, (card_id, name, season) in enumerate(cards[start:start + per_page]):
            row, col = divmod(i, COLUMNS)
            draw_label(draw, x0 + col * (label_w + gap), y0 + row * (label_h + gap), name,
                       season, labelcodes.barcode(card_id), labelcodes.marker_id(card_id),
                       code128)
        # Black or white only: crisp bars, and the PDF keeps them losslessly (CCITT G4).
        pages.append(page.point(lambda v: 255 if v >= 128 else 0).convert("1"))
    return pages


def _encoded(page: Any, kind: str, **options: Any) -> bytes:
    """A page (or, for a PDF, the pages) as the file's bytes."""
    buffer = io.BytesIO()
    page.save(buffer, kind, **options)
    return buffer.getvalue()


def run(args: argparse.Namespace) -> int:
    """Write the sheets and labels.json into --out."""
    load_libraries()  # the message before any work
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: is a file, not a folder")
    cards = card_texts(args)
    if not cards:
        raise CompanionError("no card of the catalogue has a label code")
    pages = render_pages(cards)
    names = [f"labels-{number}.png" for number in range(1, len(pages) + 1)]
    names += ["labels.pdf", "labels.json"]
    # Like `export`: a name that is a symbolic link, a named pipe, a device... is left as it
    # was (a rename would replace it), and then nothing is written.
    for name in names:
        refuse_non_file(os.fspath(out / name), "remove it, or give another --out folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        # Each file whole, by a temporary file renamed over it (fsio.atomic_write): a kill
        # at any moment leaves every sheet as it was or as it is now, never torn.
        for name, page in zip(names[:len(pages)], pages, strict=True):
            atomic_write(out / name, _encoded(page, "PNG", dpi=(DPI, DPI)))
        atomic_write(out / "labels.pdf", _encoded(
            pages[0], "PDF", save_all=True, append_images=pages[1:], resolution=DPI,
            title="Speicherstadt card labels"))
        table = {
            "dictionary": labelcodes.ARUCO_DICTIONARY,
            "markers": {card_id: labelcodes.marker_id(card_id) for card_id, _, _ in cards},
            "barcodes": {card_id: labelcodes.barcode(card_id) for card_id, _, _ in cards},
        }
        atomic_write(out / "labels.json", json.dumps(table, indent=2) + "\n")
    except OSError as exc:
        raise CompanionError(f"cannot write the labels into {out}: {exc.strerror or exc}") from None
    print(f"{len(cards)} labels on {len(pages)} A4 pages in {out}: labels.pdf, "
          f"labels-1.png ... labels-{len(pages)}.png, labels.json. Each label is "
          f"{LABEL_MM[0]:g} x {LABEL_MM[1]:g} mm; print at 100 % (actual size).")
    return 0
