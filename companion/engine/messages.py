"""The engine's refusals as data: a stable code, its parameters, and the English template.

Every `RuleError` carries a `code` (a key of `MESSAGES`) and `params` (JSON values: player
and card ids, numbers, goods, phase and store names as the record spells them). The
English sentence is `english(code, params)`; the interface and the command line translate
the template (it is the catalogues' msgid) and render the parameters in their own words,
so no one ever reads an engine sentence back (docs/record-format.md, "Refusal codes").

A template's placeholders are the names of its parameters. A list parameter is shown
joined with ", ". Some names are shown as words rather than as their raw value; in
English (`english_value`):

- ``phase``, ``wanted_phase``: the phase (``supply`` → ``Supply``);
- ``season``, ``top``: the season with its letter (``A`` → ``Winter (A)``);
- ``kind``: the card kind (``counting_office`` → ``counting office``);
- ``where``: a store (``market`` → ``market hall``);
- ``doing``: an action type as an activity (``reveal`` → ``revealing a card``);
- ``size``, ``limit``: a byte count with thousands separators (``65536`` → ``65,536``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

SEASON_NAMES: dict[str, str] = {
    "A": "Winter",
    "B": "Spring",
    "C": "Summer",
    "D": "Autumn",
    "E": "4th Fire",
}
PHASE_NAMES: dict[str, str] = {
    "supply": "Supply",
    "demand": "Demand",
    "purchase": "Purchase",
    "loading": "Loading",
    "over": "game over",
}
#: What a player was doing, by action type (for the refusals that name the wrong phase).
DOING: dict[str, str] = {
    "reveal": "revealing a card",
    "place": "placing a worker",
    "buy": "buying a card",
    "pass": "passing on a card",
    "discard": "discarding a card",
    "move": "loading cubes",
    "convert": "converting cubes",
    "market_sell": "selling in the market hall",
    "done": "ending the round",
}

#: Every refusal: code -> English template. The codes are stable: a record tool may rely
#: on them; a template may be reworded (its translations then need the new msgid).
MESSAGES: dict[str, str] = {
    # --- record lines (RecordError) -------------------------------------------------------
    "record_empty": "the record is empty; it must start with a setup line",
    "record_not_setup_first": "a record starts with a setup line, not {type}",
    "record_setup_not_first": "setup can only be the first line of a record",
    "line_not_utf8": "not UTF-8 text (byte {byte})",
    "line_not_json": "not valid JSON: {detail} at column {column}",
    "line_too_deep": "not valid JSON: nested too deeply",
    "line_not_object": "a record line must be a JSON object, not {type_name}",
    "line_unknown_type": "unknown action type {given} (one of: {types})",
    "line_unknown_key": "{type}: unknown key {keys}",
    "line_missing_key": "{type}: missing key {keys}",
    "line_bad_time": '"t" must be an ISO-8601 time string',
    "line_not_text": '"{key}" must be a non-empty string, not {given}',
    "line_not_number": '"{key}" must be a whole number {low}-{high}, not {given}',
    "line_not_good": '"{key}": {given} is not a good ({goods})',
    "line_not_pairs": '"{key}" must list {count} [good, store] pairs',
    "line_not_pair": '"{key}": each entry is a [good, store] pair, not {given}',
    "line_not_store": '"{key}": {given} is not a store ({stores})',
    "line_bad_players": '"players" must be a list of player ids (strings)',
    "line_bad_names": '"names" must map player ids to display names',
    "line_bad_cards": '"cards" must map card ids to objects of printed values',
    "line_duplicate_key": "the key {key} is given twice",
    "line_lone_surrogate": "not valid text: a \\u escape of half a character (a lone surrogate)",
    "line_too_long": "the line is {size} bytes long; a record line is at most {limit} bytes",
    "line_number_too_long": "a number has more than 4,300 digits",
    "line_not_json_value": "not valid JSON: {detail}",
    "line_bad_format": '"format" must be a record format number, not {given}',
    "record_format_newer": "the record is format {format}, written by a newer version of the "
    "companion; this version reads formats 1-{newest}",
    "record_too_big": "the record is larger than {limit_mib} MiB, which no game reaches; "
    "nothing from this line on is read (is it the right file?)",
    "line_bad_confirm_goods": '"value": a contract\'s goods are a list of goods',
    "line_bad_confirm_value": '"value" must be a number or a list of goods, not {given}',
    "line_bad_crc": '"crc" must be 8 hex digits',
    "line_crc_mismatch": "the line's checksum does not match its content: the line was "
    "altered or damaged after it was written (crc {given}, content gives {computed})",
    "confirm_no_printed": "{card} is a {card_kind}; it has no printed value to confirm",
    "line_bad_goods": '"goods" must be a list of 3 goods',
    "line_unwritable": "{type}: this action cannot be written as a record line",
    # --- the catalogue and printed values ---------------------------------------------------
    "card_no_id": "a card needs an id, got {given}",
    "card_unknown_kind": "card {card}: unknown kind {given}",
    "card_unknown_season": "card {card}: unknown season {given}",
    "card_merchant_good": "card {card}: a merchant needs a good of {goods}",
    "card_needs_printed": "card {card}: a {card_kind} needs its printed {field}",
    "card_no_printed": "card {card}: a {card_kind} has no printed {field}",
    "card_other_printed": "card {card}: a {card_kind} has a printed {expected}, not {field}",
    "card_fire_points": "card {card}: fire points must be a whole number {low}-{high}, "
    "not {given}",
    "card_fireman_value": "card {card}: a fireman's value must be {low}-{high}, not {given}",
    "card_contract_goods": "card {card}: a contract lists {low}-{high} goods of {goods}, "
    "not {given}",
    "card_removed_for": "card {card}: removed_for lists player counts 2-5",
    "card_twice": "card {card}: the id is given twice",
    "card_bad_verified": 'card {card}: "verified" is true or false',
    "card_override_form": 'card {card}: an override is an object such as {{"points": 4}}',
    "catalogue_season_count": "{season} cards in the catalogue: {count}; the game has {expected}",
    "catalogue_no_fourth_fire": "the catalogue needs the 4th fire as {card}",
    "override_unknown_card": "cards: unknown card {card!r}",
    # --- setup ----------------------------------------------------------------------------
    "player_count": "the game is for 2-5 players, not {count}",
    "players_not_unique": "player ids must be unique",
    "player_id_form": "player id {player!r} must be printable and at most 32 characters",
    "first_not_a_player": "first player {player!r} is not one of the players",
    "name_not_a_player": "names: {player!r} is not one of the players",
    "names_not_unique": "{player!r} and {other!r} would both be shown as {name!r}; give each "
                        "player a name of their own",
    "player_id_invisible": "player id {player!r} must show at least one visible character",
    "name_form": "the name {name!r} of {player!r} must be printable, show at least one visible "
                 "character and be at most 32 characters",
    # --- any action -----------------------------------------------------------------------
    "game_over": "the game is over; {type} is no longer possible",
    "nothing_to_undo": "there is nothing to undo",
    "nothing_to_redo": "there is nothing to redo",
    "wrong_phase": "{doing} belongs to the {wanted_phase} phase; the game is in the {phase} phase",
    "unknown_player": "unknown player {player!r} (players: {players})",
    "not_a_good": "{good!r} is not a good ({goods})",
    # --- supply ---------------------------------------------------------------------------
    "unknown_card": "unknown card {card!r}",
    "fourth_fire_revealed": "the 4th fire is never revealed; it is resolved after the last round",
    "card_removed": "{card} is removed from the game for {count} players",
    "card_revealed": "{card} has already been revealed",
    "season_order": "{card} belongs to {season}, but the pile shows {top} cards: "
    "the seasons come out in order",
    "ship_needs_goods": "a ship gets 3 goods from the bag; name them for {card}",
    "bag_short": "the bag holds {have} {good}; it cannot give {count}",
    "goods_not_ship": "only a ship carries goods; {card} is a {kind}",
    # --- demand and purchase --------------------------------------------------------------
    "no_slot": "there is no slot {slot}: this round has {count} cards (slots 0-{last})",
    "slot_settled": "the card in slot {slot} ({card}) is already settled",
    "slot_order": "cards are settled left to right: slot {slot} ({card}) comes first",
    "workers_placed": "all workers are placed; the Purchase phase has begun",
    "quick_no_workers": "this round is entered in the quick form (buy or discard per card); "
    "workers are not tracked",
    "no_workers_left": "{player} has already placed all {count} workers",
    "not_your_turn": "it is {turn}'s turn to place a worker, not {player}'s",
    "card_full": "a card takes at most {count} workers",
    "still_placing": "workers are still being placed ({placed} of {total}); "
    "the Purchase phase comes after",
    "wrong_price": "the price is {price} (one coin per worker above the card), not {given}",
    "not_your_offer": "the offer for slot {slot} goes to {player}, whose worker is lowest",
    "quick_needs_price": "in the quick form a purchase needs the price paid (1-8)",
    "price_range": "a card costs 1-{high} coins (one per worker), not {price}",
    "cards_per_round": "a player buys at most {count} cards in a round (one per worker); "
    "{player} has bought {count}",
    "round_budget": "the prices paid in a round add up to at most {limit} (one coin per worker); "
    "{spent} is paid already",
    "cannot_pay": "{player} cannot pay {price} (coins: {coins})",
    "pass_is_tracked": "pass belongs to the tracked form; in the quick form, discard a card "
    "nobody bought",
    "discard_is_quick": "discard belongs to the quick form; in the tracked form a card is "
    "discarded when every worker above it has passed",
    # --- loading --------------------------------------------------------------------------
    "not_a_store": "cubes come from the {stores}, not {given!r} (cubes on a contract never "
    "come off)",
    "cubes_short": "{player} has {have} {good} in the {where}, not {count}",
    "same_place": "a cube cannot move from the {to} to the {to}",
    "no_merchant": "{player} owns no merchant who buys {good}",
    "warehouse_owned": "no trading between players: the warehouse belongs to {owner}",
    "no_warehouse": "{player} does not own the warehouse",
    "warehouse_full": "the warehouse holds at most {count} cubes",
    "market_full": "the market hall keeps at most 1 cube",
    "unknown_destination": "unknown destination {to!r}: a contract id, merchant, warehouse "
    "or market",
    "not_a_contract": "{card} is not a contract; cubes go to contracts, merchants, "
    "the warehouse or the market hall",
    "contract_owned": "no trading between players: {card} belongs to {owner}",
    "no_contract": "{player} does not own {card}",
    "contract_complete": "{card} is already complete",
    "contract_wrong_good": "{card} still needs {goods}; {good} does not fit",
    "convert_three": "a conversion gives exactly 3 cubes to the stock",
    "stock_empty": "the stock holds no {good}; a conversion takes a cube that was already "
    "in the stock",
    "market_sell_two": "the market hall buys exactly 2 cubes for 1 coin",
    # --- corrections ----------------------------------------------------------------------
    "adjust_nothing": "adjust needs coins or points to change",
    "adjust_no_reason": "adjust needs a reason",
    "coins_below_zero": "coins never go below 0: {player} has {coins}",
}


def english_value(name: str, value: Any) -> Any:
    """A parameter as the English template shows it (see the module docstring)."""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if name in ("phase", "wanted_phase"):
        return PHASE_NAMES.get(value, value)
    if name in ("season", "top"):
        return f"{SEASON_NAMES.get(value, value)} ({value})"
    if name == "kind" and isinstance(value, str):
        return value.replace("_", " ")
    if name == "where":
        return "market hall" if value == "market" else value
    if name == "doing":
        return DOING.get(value, value)
    if name in ("size", "limit") and isinstance(value, int):
        return f"{value:,}"
    return value


def placeholders(template: str) -> list[str]:
    """The parameter names a template uses (each once, in order of first use)."""
    out: list[str] = []
    for _text, field, _spec, _conversion in string.Formatter().parse(template):
        if field and field not in out:
            out.append(field)
    return out


def english(code: str, params: Mapping[str, Any]) -> str:
    """The English sentence of a refusal."""
    template = MESSAGES[code]
    return template.format(**{k: english_value(k, v) for k, v in params.items()})
