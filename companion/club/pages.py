"""The league as HTML pages in English, German and French (read-only, no script).

The words are msgids of the app's catalogues (companion/locale), translated once per
language when the server starts (`words`); every text from the database (a player's
name) is escaped. The numbers are written as each language writes them
(`companion.formats`).
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote

from companion.formats import decimal
from companion.languages import LANGUAGE_NAMES, LANGUAGES
from companion.texts.hyphen import plain
from companion.texts.i18n import N_, translations

#: The pages' own strings: key -> English msgid.
WORDS = {
    "title": N_("The club's league"),
    "season": N_("Season"),
    "player": N_("Player"),
    "games": N_("Games"),
    "wins": N_("Wins"),
    "beaten": N_("Beaten"),
    "played_against": N_("Played against"),
    "ratio": N_("Beaten ÷ played against"),
    "points_per_game": N_("Points per game"),
    "rating": N_("Rating"),
    "tonight": N_("Tonight"),
    "no_games": N_("No games yet."),
    "head_to_head": N_("Head to head"),
    "ahead": N_("Ahead"),
    "behind": N_("Behind"),
    "rival": N_("Rival (beaten most)"),
    "nemesis": N_("Nemesis (lost to most)"),
    "hidden": N_("a player who is not listed"),
    "recent": N_("Latest games"),
    "rank": N_("Rank"),
    "points": N_("Points"),
    "ended": N_("Ended"),
    "back": N_("The league"),
    "not_found": N_("No such player in the league."),
    # A label before its value ("Season: 2026"); French puts a narrow no-break space before ":".
    "label": N_("{label}:"),
    "rule": N_("Ranked by people beaten ÷ people played against, then by rating "
               "(openskill, from each game's final ranks)."),
}


def words() -> dict[str, dict[str, str]]:
    """Every page word in each language."""
    return {lang: {key: plain(translations(lang).gettext(msgid)) for key, msgid in WORDS.items()}
            for lang in LANGUAGES}


STYLE = (
    "body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;"
    "color:#222;background:#faf7f0}table{border-collapse:collapse;width:100%;margin:.5rem 0 "
    "1.5rem}th,td{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:right}"
    "th:first-child,td:first-child{text-align:left}nav a{margin-right:.8rem}"
    "h1{font-size:1.5rem}p.note{color:#666;font-size:.9rem}"
)


def _number(value: Any, lang: str, digits: int = 2) -> str:
    if value is None:
        return "–"
    if isinstance(value, int):
        return str(value)
    return decimal(float(value), lang, digits)


def _page(lang: str, title: str, body: str, here: str) -> bytes:
    links = " ".join(
        f'<a href="{escape(here)}{"&amp;" if "?" in here else "?"}lang={code}" lang="{code}">'
        f"{escape(LANGUAGE_NAMES[code])}</a>" for code in LANGUAGES)
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<nav>{links}</nav>{body}</body></html>"
    ).encode()


def _player_link(name: str, lang: str) -> str:
    return f'<a href="/player?name={quote(name)}&amp;lang={lang}">{escape(name)}</a>'


def league(table: dict[str, Any], night: dict[str, Any], seasons: list[str], lang: str,
           w: dict[str, str]) -> bytes:
    """The standings of a season, with tonight's summary above them."""
    season = table.get("season")
    parts = [f"<h1>{escape(w['title'])}</h1>"]
    if night["players"]:
        rows = "".join(
            f"<tr><td>{_player_link(p['name'], lang)}</td><td>{p['games']}</td>"
            f"<td>{p['wins']}</td><td>{p['points']}</td></tr>" for p in night["players"])
        parts.append(
            f"<h2>{escape(w['tonight'])} ({night['games']} {escape(w['games'])})</h2>"
            f"<table><tr><th>{escape(w['player'])}</th><th>{escape(w['games'])}</th>"
            f"<th>{escape(w['wins'])}</th><th>{escape(w['points'])}</th></tr>{rows}</table>")
    if seasons:
        chosen = " ".join(
            f'<a href="/?season={quote(s)}&amp;lang={lang}">{escape(s)}</a>' if s != season
            else f"<strong>{escape(s)}</strong>" for s in seasons)
        parts.append(f"<p>{escape(w['label'].format(label=w['season']))} {chosen}</p>")
    if not table["players"]:
        parts.append(f"<p>{escape(w['no_games'])}</p>")
    else:
        head = "".join(f"<th>{escape(w[k])}</th>" for k in (
            "player", "games", "wins", "beaten", "played_against", "ratio", "points_per_game",
            "rating"))
        rows = "".join(
            f"<tr><td>{_player_link(p['name'], lang)}</td><td>{p['games']}</td>"
            f"<td>{p['wins']}</td><td>{p['beaten']}</td><td>{p['played_against']}</td>"
            f"<td>{_number(p['beaten_ratio'], lang, 3)}</td>"
            f"<td>{_number(p['points_per_game'], lang)}</td>"
            f"<td>{_number(p['rating'], lang)}</td></tr>" for p in table["players"])
        parts.append(f"<table><tr>{head}</tr>{rows}</table>"
                     f"<p class=\"note\">{escape(w['rule'])}</p>")
    here = f"/?season={quote(season)}" if season else "/"
    return _page(lang, w["title"], "".join(parts), here)


def player(page: dict[str, Any] | None, name: str, lang: str, w: dict[str, str]) -> bytes:
    """A player's page: totals, rating, rival and nemesis, head to head, latest games."""
    here = f"/player?name={quote(name)}"
    back = f'<p><a href="/?lang={lang}">{escape(w["back"])}</a></p>'
    if page is None:
        return _page(lang, w["title"], back + f"<p>{escape(w['not_found'])}</p>", here)

    def shown(opponent: str | None) -> str:
        return _player_link(opponent, lang) if opponent else f"<em>{escape(w['hidden'])}</em>"

    totals = "".join(
        f"<tr><th>{escape(w[k])}</th><td>{v}</td></tr>" for k, v in (
            ("games", page["games"]), ("wins", page["wins"]), ("beaten", page["beaten"]),
            ("played_against", page["played_against"]),
            ("ratio", _number(page["beaten_ratio"], lang, 3)),
            ("points_per_game", _number(page["points_per_game"], lang)),
            ("rating", _number(page["rating"], lang))))
    parts = [back, f"<h1>{escape(page['name'])}</h1><table>{totals}</table>"]
    if page["rival"] or page["nemesis"]:
        parts.append("<p>" + "<br>".join(
            f"{escape(w['label'].format(label=w[k]))} {shown(page[k])}"
            for k in ("rival", "nemesis") if page[k])
            + "</p>")
    if page["head_to_head"]:
        rows = "".join(
            f"<tr><td>{shown(h['name'])}</td><td>{h['games']}</td><td>{h['ahead']}</td>"
            f"<td>{h['behind']}</td></tr>" for h in page["head_to_head"])
        parts.append(
            f"<h2>{escape(w['head_to_head'])}</h2><table><tr><th>{escape(w['player'])}</th>"
            f"<th>{escape(w['games'])}</th><th>{escape(w['ahead'])}</th>"
            f"<th>{escape(w['behind'])}</th></tr>{rows}</table>")
    if page["recent"]:
        rows = "".join(
            f"<tr><td>{escape(g['ended'][:16].replace('T', ' '))}</td><td>{g['rank']}"
            f"/{g['players']}</td><td>{g['points']}</td></tr>" for g in page["recent"])
        parts.append(
            f"<h2>{escape(w['recent'])}</h2><table><tr><th>{escape(w['ended'])}</th>"
            f"<th>{escape(w['rank'])}</th><th>{escape(w['points'])}</th></tr>{rows}</table>")
    return _page(lang, page["name"], "".join(parts), here)


__all__ = ["WORDS", "league", "player", "words"]
