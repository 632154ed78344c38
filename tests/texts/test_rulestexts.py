"""The rules at a tap: a text for every card kind, score category and phase, in every language.

The lists come from the engine and the shipped catalogue at test time, so a new
card kind, category or phase without a text fails here.
"""

from __future__ import annotations

import re

import pytest

from companion.config.cards import load_catalogue
from companion.engine import SCORE_CATEGORIES, PlayerState, score_player
from companion.engine.cards import KINDS
from companion.paths import SHIPPED_CONFIG_DIR
from companion.texts import names
from companion.texts.i18n import LANGUAGES, _, set_language, translations
from companion.texts.rulestexts import TEXTS, card_topic, help_text

try:  # the game words are moving into one engine module (issue 10); either place will do
    from companion.engine import PHASES
except ImportError:
    from companion.engine.state import PHASES


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    set_language("en")


def _catalogue():
    return load_catalogue(SHIPPED_CONFIG_DIR)


def card_topics() -> set[str]:
    """Every card of the shipped catalogue, as the topic its tile's "?" opens."""
    return {card_topic(card.kind, card.good) for card in _catalogue()}


def kind_topics() -> set[str]:
    return {f"kind:{kind}" for kind in {*KINDS, *(card.kind for card in _catalogue())}}


def score_topics() -> set[str]:
    """Every category the engine's scoring produces (the final screen's rows), total included."""
    produced = score_player(_catalogue(), PlayerState(contracts={}))
    return {f"score:{category}" for category in {*produced, *SCORE_CATEGORIES}}


def phase_topics() -> set[str]:
    """The engine's phases, and those the UI names in its header (Income among them)."""
    return {f"phase:{phase}" for phase in {*PHASES, *names.PHASE_NAMES}}


def sentences(text: str) -> int:
    # "St. Michaelis" and "der 4. Brand" end no sentence.
    plain = re.sub(r"\bSt\. ", "St ", text)
    plain = re.sub(r"\b(\d)\. (?=Brand)", r"\1 ", plain)
    return len(re.findall(r"[.!?](?:\s|$)", plain))


REQUIRED = sorted(
    card_topics() | kind_topics() | score_topics() | phase_topics()
    | {"topic:fire", "topic:market_hall"}
)


def test_the_derived_lists_are_not_empty():
    # A broken derivation must not make the test below pass over nothing.
    assert "kind:ship" in kind_topics() and "merchant:coffee" in card_topics()
    assert {"score:track", "score:total"} <= score_topics()
    assert {"phase:supply", "phase:loading", "phase:income"} <= phase_topics()


@pytest.mark.parametrize("topic", REQUIRED)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_category_and_phase_has_a_short_text(topic, language):
    assert topic in TEXTS, f"no rules text for {topic}"
    title, text = help_text(topic, language)
    assert title.strip() and len(title) <= 32, (topic, language, title)
    # Readable at arm's length: 2 to 5 short sentences.
    assert 2 <= sentences(text) <= 5, (topic, language, text)
    assert len(text) <= 380, (topic, language, len(text))
    if language != "en":
        assert text != help_text(topic, "en")[1], f"{topic}: {language} is the English text"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_text_is_translated_in_the_catalogue(language):
    """The texts live in the gettext catalogues: a language without a text for a topic
    would show the English one."""
    said = translations(language)
    for topic, entry in TEXTS.items():
        for part in ("title", "text"):
            assert said.gettext(entry[part]) != entry[part] or part == "title", (topic, language)


def shown(label: str) -> str:
    """A label as read: without the soft hyphens a catalogue may hold for line breaks."""
    return label.replace("\u00ad", "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_titles_are_the_words_the_screens_use(language):
    """The "?" title of a tile, a row or the header reads as the label it belongs to."""
    set_language(language)
    for kind, label in names.KIND_NAMES.items():
        assert help_text(f"kind:{kind}", language)[0] == shown(_(label))
    for good, label in names.MERCHANT_NAMES.items():
        assert help_text(f"merchant:{good}", language)[0] == shown(_(label))
    for category in names.CATEGORY_NAMES:
        assert help_text(f"score:{category}", language)[0] == shown(names.category(category))
    for phase in names.PHASE_NAMES:
        assert help_text(f"phase:{phase}", language)[0] == shown(names.phase(phase))


@pytest.mark.parametrize(("topic", "words"), [
    ("kind:fireman", {"en": "firemen", "de": "Feuerwehrm", "fr": "caserne"}),
    ("topic:fire", {"en": "firemen", "de": "Feuerwehrmänner", "fr": "casernes"}),
    ("kind:fire", {"en": "fire", "de": "Brand", "fr": "incendie"}),
    ("kind:counting_office", {"en": "counting office", "de": "Kontor", "fr": "bureau"}),
    ("kind:contract", {"en": "contract", "de": "Auftrag", "fr": "contrat"}),
    ("topic:market_hall", {"en": "market hall", "de": "Markthalle", "fr": "marché"}),
    ("phase:income", {"en": "metal coin", "de": "Metallmünze", "fr": "pièce en métal"}),
])
def test_texts_use_each_rulebooks_terms(topic, words):
    for language, word in words.items():
        title, text = help_text(topic, language)
        assert word.lower() in (title + " " + text).lower(), (topic, language, word)


def test_what_the_texts_say_matches_the_rules_the_engine_applies():
    # The market hall keeps 1 cube for any later round, not "for next round";
    # a conversion takes a cube already in the stock.
    en = help_text("topic:market_hall", "en")[1]
    assert "later round" in en and "next round" not in en and "already lying there" in en
    # Ships are unloaded in Loading, not at purchase.
    assert "Loading" in help_text("kind:ship", "en")[1]
    assert "immediately" not in help_text("kind:ship", "en")[1]
    # All equal at a fire: nothing changes.
    assert "all totals are the same, nothing changes" in help_text("topic:fire", "en")[1]


def test_a_merchant_card_opens_its_own_text():
    catalogue = _catalogue()
    roaster = catalogue["A-coffee-roaster"]
    assert card_topic(roaster.kind, roaster.good) == "merchant:coffee"
    assert card_topic("port") == "kind:port"
    assert card_topic("merchant") == "kind:merchant"
    assert "brown" in help_text("merchant:coffee", "en")[1]
    assert "blancs" in help_text("merchant:rubber", "fr")[1]


def test_an_unknown_language_falls_back_to_english_and_an_unknown_topic_is_named():
    assert help_text("phase:supply", "nl") == help_text("phase:supply", "en")
    with pytest.raises(KeyError, match="kind:dragon"):
        help_text("kind:dragon", "en")


def _said(topic: str, language: str) -> str:
    return help_text(topic, language)[1].replace("\u202f", " ").replace("\u2019", "'")


def test_the_chamber_of_commerce_counts_its_owners_own_coins():
    """Not every player's coins for the owner: the owner's own (002: "pro Münze, die du
    besitzt"), and the owner keeps them."""
    en = _said("kind:chamber_of_commerce", "en")
    assert "its owner holds" in en and "owner's own coins" in en and "keeps them" in en
    assert "every coin you hold is worth 1 point to the owner" not in en
    assert "die du selbst besitzt" in _said("kind:chamber_of_commerce", "de")
    fr = _said("kind:chamber_of_commerce", "fr")
    assert "son propriétaire" in fr and "qu'il possède lui-même" in fr and "toujours" not in fr
    assert "eigener Münze" in _said("score:chamber_of_commerce", "de")


@pytest.mark.parametrize("topic", ["score:total", "phase:over"])
def test_a_shared_win_on_equal_coins_is_said_to_be_the_companions_ruling(topic):
    """The rulebooks break a tie on points by coins and say nothing more."""
    assert "the companion calls it a shared win" in _said(topic, "en")
    assert "the rulebook does not say" in _said(topic, "en")
    de = _said(topic, "de")
    assert "Tischhelfer" in de and "die Regel sagt dazu nichts" in de
    assert "le compagnon" in _said(topic, "fr") and "la règle n'en dit rien" in _said(topic, "fr")


def test_the_autumn_fire_ends_the_game_at_once_only_as_the_last_autumn_card():
    assert "the last Autumn card" in _said("topic:last_round", "en")
    de = _said("topic:last_round", "de")
    assert "die letzte Herbstkarte" in de and "beginnt die letzte Runde" not in de
    assert "la dernière carte Automne" in _said("topic:last_round", "fr")


def test_the_misleading_sentences_are_gone():
    de = {t: _said(t, "de") for t in TEXTS}
    fr = {t: _said(t, "fr") for t in TEXTS}
    # Fireman: the sum of the values, not how many firemen you have.
    assert "Summe der Werte deiner Feuerwehrmänner" in de["kind:fireman"]
    assert "Summe deiner Feuerwehrmänner" not in de["kind:fireman"]
    # Income: the bank's owner gets a coin, nobody pays the bank.
    assert "mehr für die Bank" not in de["phase:income"]
    assert "Besitzer der Bank" in de["phase:income"]
    # French: a "tour" is a round, never a turn around the table.
    assert "On fait trois tours" not in fr["phase:demand"]
    assert "par ouvrier placé au-dessus" in fr["phase:purchase"]
    # One form of address: du in German, vous in French (no ihr, no tu).
    for topic, text in de.items():
        assert not re.search(r"\b(ihr|euch|eure[nmrs]?|Nutzt|Deckt)\b", text), topic
    for topic, text in fr.items():
        assert not re.search(r"\b(tu|ton|ta|tes)\b", text), topic
    # The full card name, and one way of writing an ordinal.
    assert help_text("kind:st_michaelis", "fr")[0] == "Église St Michel"
    assert not any("4ème" in text or "3ème" in text for text in fr.values())
    for bad in ("so viele Punkte wert", "Wem der unterste Arbeiter gehört",
                "Die Punkteleiste kann unter 0 fallen"):
        assert not any(bad in text for text in de.values()), bad
    for bad in ("d'autant plus que", "de plus en plus par bureau",
                "tour : sur un contrat, à un marchand", "La piste de score peut descendre"):
        assert not any(bad in text for text in fr.values()), bad


@pytest.mark.parametrize("language", ["fr"])
def test_french_punctuation_has_its_no_break_space(language):
    for topic in TEXTS:
        title, text = help_text(topic, language)
        assert not re.search(r" [:;?!]", title + text), topic
        assert "'" not in title + text, topic
