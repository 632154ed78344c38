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
from companion.ui import names
from companion.ui.i18n import LANGUAGES, _, set_language
from companion.ui.rulestexts import TEXTS, card_topic, help_text

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
    assert language in TEXTS[topic], f"{topic}: no {language} text"
    title, text = help_text(topic, language)
    assert title.strip() and len(title) <= 32, (topic, language, title)
    # Readable at arm's length: 2 to 5 short sentences.
    assert 2 <= sentences(text) <= 5, (topic, language, text)
    assert len(text) <= 380, (topic, language, len(text))
    if language != "en":
        assert text != help_text(topic, "en")[1], f"{topic}: {language} is the English text"


def test_every_text_has_the_same_languages():
    for topic, entries in TEXTS.items():
        assert set(entries) == set(LANGUAGES), topic


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
