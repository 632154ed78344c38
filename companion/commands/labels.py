"""`labels --out DIR`: printable sheets of card labels, so cards need no RFID tags.

Each label names its card twice, for two kinds of reader: a Code 128 barcode
(digits only, for a USB barcode scanner) and an ArUco marker (for the camera);
both come from the fixed table in `companion.labelcodes`, so a label needs no
enrollment. Beside them, the card's name and season as the table sees them
(`companion.texts.names`, in the table's language; no pygame is loaded).

A label is `LABEL_MM` (52 × 26 mm) by default: it sits in a corner of a card's
face or behind a clear sleeve. The marker is 16.3 mm (6 cells of 2.7 mm, with a
white margin of a cell), the barcode's bars 0.254 mm (10 mil). For narrower
cards, `--size W` makes labels W mm wide (32 to 52): from 46 mm the marker
shrinks (never below 14.2 mm: 6 cells of 28 px at 300 dpi) beside the barcode;
below 46 mm the barcode goes under the marker and the label is taller. The
barcode keeps 10 mil and its quiet zones at every size. Sheets are A4, with
corner marks to cut along; print them at 100 % ("actual size"), never "fit to
page".

The last page, "Supply area", holds the four area markers (ids no card uses,
`labelcodes.AREA_MARKERS`) to lay once at the corners of the Supply's row: the
camera counts only the cards inside them (docs/camera.md).

Written: `labels.pdf` (every page), `labels-N.png` (each page), `labels.json`
(`{"dictionary", "marker_mm", "markers": {card_id: marker_id}, "barcodes":
{card_id: code}, "area": [top left, top right, bottom right, bottom left]}`,
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
from companion.languages import LANGUAGES

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
#: The smallest cell: 28 px = 2.37 mm, a marker of 14.2 mm (4x4 bits read well from 14).
MIN_CELL_PX = 28
#: The label widths `--size` takes, mm, and the width from which the barcode fits beside
#: the marker (below it, the label is taller and the barcode goes under the marker).
SIZE_RANGE = (32.0, 52.0)
SIDE_BY_SIDE_MM = 46.0
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
        # A description is printed as written (argparse formats only a help string with
        # %(default)s and the like, and a description naming %(prog)): one "%" here.
        description=HELP + f". A4 sheets, {COLUMNS * ROWS} labels of "
        f"{LABEL_MM[0]:g} x {LABEL_MM[1]:g} mm a page; print at 100 %.",
    )
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="folder for labels.pdf, labels-N.png and labels.json")
    parser.add_argument("--language", choices=LANGUAGES,
                        help="language of the card names (default: the table's)")
    parser.add_argument("--size", type=float, default=LABEL_MM[0], metavar="W",
                        help=f"label width in mm, {SIZE_RANGE[0]:g} to {SIZE_RANGE[1]:g} "
                        f"(default {LABEL_MM[0]:g}): for cards narrower than the default "
                        "label; the marker stays at least 14 mm")
    parser.set_defaults(func=run)
    return parser


class Geometry:
    """A label's size and parts at DPI, for a label `width_mm` wide."""

    def __init__(self, width_mm: float = LABEL_MM[0]) -> None:
        if not SIZE_RANGE[0] <= width_mm <= SIZE_RANGE[1]:
            raise UsageError(f"--size {width_mm:g}: give {SIZE_RANGE[0]:g} to "
                             f"{SIZE_RANGE[1]:g} mm")
        self.width_mm = width_mm
        self.w = mm(width_mm)
        self.beside = width_mm >= SIDE_BY_SIDE_MM
        if self.beside:
            self.cell = max(MIN_CELL_PX, min(CELL_PX, round(CELL_PX * width_mm / LABEL_MM[0])))
            self.h = mm(width_mm / 2)
        else:
            # The marker and its margins (8 cells) leave at least 9 mm for the name.
            self.cell = max(MIN_CELL_PX, min(CELL_PX, (self.w - mm(9.0)) // 8))
            self.h = 7 * self.cell + self.cell // 2 + mm(7.0) + mm(3.6)

    @property
    def marker_mm(self) -> float:
        """The printed marker's side (its black border included), mm."""
        return 6 * self.cell * 25.4 / DPI

    @property
    def height_mm(self) -> float:
        return self.h * 25.4 / DPI


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


def cut_marks(draw: Any, x: int, y: int, w: int, h: int) -> None:
    """Corner marks to cut along, outside the box (so they never touch a code)."""
    mark, off = mm(2.0), mm(0.8)
    for cx, cy, dx, dy in ((x, y, -1, -1), (x + w, y, 1, -1), (x, y + h, -1, 1),
                           (x + w, y + h, 1, 1)):
        draw.line([(cx + dx * off, cy), (cx + dx * (off + mark), cy)], fill=0, width=2)
        draw.line([(cx, cy + dy * off), (cx, cy + dy * (off + mark))], fill=0, width=2)


def draw_marker(draw: Any, mx: int, my: int, marker: int, cell: int) -> None:
    """The marker's 6x6 cells with their top left corner at (mx, my)."""
    from companion.labelmarkers import marker_cells

    for row, cells in enumerate(marker_cells(marker)):
        for col, black in enumerate(cells):
            if black:
                draw.rectangle([mx + col * cell, my + row * cell,
                                mx + (col + 1) * cell - 1, my + (row + 1) * cell - 1], fill=0)


def draw_label(draw: Any, x: int, y: int, name: str, season: str, code: str,
               marker: int, code128: Any, geometry: Geometry | None = None) -> None:
    """One label with its top left corner at (x, y) pixels."""
    g = geometry or Geometry()
    w, h, cell = g.w, g.h, g.cell
    cut_marks(draw, x, y, w, h)
    # The marker, a white cell's margin around it (the label's own white).
    side = 6 * cell
    mx = x + cell
    my = y + (h - side) // 2 if g.beside else y + cell
    draw_marker(draw, mx, my, marker, cell)
    # Name, season, barcode and its digits in the rest.
    left = mx + side + cell
    width = x + w - mm(1.0) - left
    draw.text((left, y + mm(1.5)), name, font=fitted(draw, name, width, mm(3.2)), fill=0)
    draw.text((left, y + mm(5.4)), season, font=fitted(draw, season, width, mm(2.6)), fill=0)
    modules = barcode_modules(code, code128)
    bars_w = len(modules) * MODULE_PX
    if g.beside:
        bx = left + max(QUIET_MODULES * MODULE_PX, (width - bars_w) // 2)
        top, bottom = y + mm(9.6), y + mm(20.2) * h // mm(26.0)
    else:  # under the marker, centred on the label
        bx = x + (w - bars_w) // 2
        top = my + side + cell // 2
        bottom = top + mm(7.0)
    for i, bit in enumerate(modules):
        if bit == "1":
            draw.rectangle([bx + i * MODULE_PX, top, bx + (i + 1) * MODULE_PX - 1, bottom],
                           fill=0)
    digits = font(mm(2.4))
    draw.text((bx + bars_w // 2, bottom + mm(0.6)), code, font=digits, fill=0, anchor="mt")


#: The Supply area's markers: the square label each is on, mm (cut along its marks).
AREA_LABEL_MM = 30.0


def draw_area_label(draw: Any, x: int, y: int, marker: int, corner: str, cell: int) -> None:
    """An area marker's label: "Supply area", its corner, an arrow to that corner."""
    size = mm(AREA_LABEL_MM)
    cut_marks(draw, x, y, size, size)
    side = 6 * cell
    mx, my = x + (size - side) // 2, y + (size - side) // 2
    draw_marker(draw, mx, my, marker, cell)
    from companion.texts.i18n import _

    words = font(mm(2.6))
    draw.text((x + size // 2, y + mm(1.2)), _("Supply area"), font=words, fill=0, anchor="mt")
    said = {"top left": _("top left"), "top right": _("top right"),
            "bottom right": _("bottom right"), "bottom left": _("bottom left")}[corner]
    draw.text((x + size // 2, y + size - mm(1.2)), said, font=words, fill=0, anchor="mb")
    # A small arrow in the named corner, pointing out of it.
    right = "right" in corner
    bottom = "bottom" in corner
    ax = x + (size - mm(3.0) if right else mm(3.0))
    ay = y + (size - mm(3.0) if bottom else mm(3.0))
    dx, dy = (1 if right else -1), (1 if bottom else -1)
    tip = (ax + dx * mm(1.8), ay + dy * mm(1.8))
    draw.polygon([tip, (ax - dx * mm(1.2), ay + dy * mm(1.0)),
                  (ax + dx * mm(1.0), ay - dy * mm(1.2))], fill=0)


def card_texts(args: argparse.Namespace) -> list[tuple[str, str, str]]:
    """(card id, name, season) of every card with a label, in the table's language."""
    from companion.commands.bgstats_export import table_language
    from companion.commands.common import catalogue_for
    from companion.texts import i18n, names

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


def render_pages(cards: list[tuple[str, str, str]],
                 geometry: Geometry | None = None) -> list[Any]:
    """The sheets as 1-bit images at DPI: the cards' labels, then the area's page."""
    image, image_draw, code128 = load_libraries()
    g = geometry or Geometry()
    page_w, page_h = mm(PAGE_MM[0]), mm(PAGE_MM[1])
    label_w, label_h, gap = g.w, g.h, mm(GAP_MM)
    columns = (page_w - mm(16.0) + gap) // (label_w + gap)
    rows = (page_h - mm(16.0) + gap) // (label_h + gap)
    grid_w = columns * label_w + (columns - 1) * gap
    grid_h = rows * label_h + (rows - 1) * gap
    x0, y0 = (page_w - grid_w) // 2, (page_h - grid_h) // 2
    pages = []
    per_page = columns * rows
    for start in range(0, len(cards), per_page):
        page = image.new("L", (page_w, page_h), 255)
        draw = image_draw.Draw(page)
        for i, (card_id, name, season) in enumerate(cards[start:start + per_page]):
            row, col = divmod(i, columns)
            draw_label(draw, x0 + col * (label_w + gap), y0 + row * (label_h + gap), name,
                       season, labelcodes.barcode(card_id), labelcodes.marker_id(card_id),
                       code128, g)
        pages.append(page)
    pages.append(area_page(image, image_draw, g))
    # Black or white only: crisp bars, and the PDF keeps them losslessly (CCITT G4).
    return [page.point(lambda v: 255 if v >= 128 else 0).convert("1") for page in pages]


def area_page(image: Any, image_draw: Any, g: Geometry) -> Any:
    """The page of the four area markers, with how to lay them."""
    page_w, page_h = mm(PAGE_MM[0]), mm(PAGE_MM[1])
    page = image.new("L", (page_w, page_h), 255)
    draw = image_draw.Draw(page)
    from companion.texts.i18n import _

    title, text = font(mm(6.0)), font(mm(3.4))
    draw.text((page_w // 2, mm(18.0)), _("Supply area"), font=title, fill=0, anchor="mt")
    words = _("Cut out the four markers and lay them once at the corners of the row of "
              "water spaces where the revealed cards lie, as each names its corner (top "
              "left is left of the first card, seen from the dealer's seat). The camera "
              "sends only the cards inside them; it sends nothing while one is unseen.")
    line, y, width = "", mm(34.0), page_w - mm(40.0)
    for word in words.split():
        if line and draw.textlength(f"{line} {word}", font=text) > width:
            draw.text((mm(20.0), y), line, font=text, fill=0)
            line, y = word, y + mm(5.0)
        else:
            line = f"{line} {word}".strip()
    draw.text((mm(20.0), y), line, font=text, fill=0)
    size, gap = mm(AREA_LABEL_MM), mm(30.0)
    x0 = (page_w - 2 * size - gap) // 2
    y0 = mm(70.0)
    for i, (marker, corner) in enumerate(zip(labelcodes.AREA_MARKERS, labelcodes.AREA_CORNERS,
                                             strict=True)):
        col = 1 if i in (1, 2) else 0
        row = 1 if i in (2, 3) else 0
        draw_area_label(draw, x0 + col * (size + gap), y0 + row * (size + gap), marker,
                        corner, g.cell)
    return page


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
    geometry = Geometry(args.size)
    cards = card_texts(args)
    if not cards:
        raise CompanionError("no card of the catalogue has a label code")
    pages = render_pages(cards, geometry)
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
            "marker_mm": round(geometry.marker_mm, 1),
            "markers": {card_id: labelcodes.marker_id(card_id) for card_id, _, _ in cards},
            "barcodes": {card_id: labelcodes.barcode(card_id) for card_id, _, _ in cards},
            "area": list(labelcodes.AREA_MARKERS),
        }
        atomic_write(out / "labels.json", json.dumps(table, indent=2) + "\n")
    except OSError as exc:
        raise CompanionError(f"cannot write the labels into {out}: {exc.strerror or exc}") from None
    print(f"{len(cards)} labels and the Supply area's 4 markers on {len(pages)} A4 pages "
          f"in {out}: labels.pdf, labels-1.png ... labels-{len(pages)}.png, labels.json. "
          f"Each label is {geometry.width_mm:g} x {geometry.height_mm:.0f} mm with a "
          f"{geometry.marker_mm:.1f} mm marker; print at 100 % (actual size). Lay the "
          f"area markers (page {len(pages)}) at the corners of the Supply's row.")
    return 0
