"""The rules at a tap: a short rules text, or the list of what a screen shows (docs/ui.md).

Opened by the "?" button of the bottom bar (`companion.ui.core`), on every screen whose
`Scene.help_topics()` names topics: with one topic it is that topic's text at once,
with more a list (the phase first, then the cards or score rows the screen shows), each
entry opening its text. The texts are `companion.ui.rulestexts`, in the current
language.

It is an overlay (`Scene.overlay`): it never submits an action. A tap anywhere on the
text, OK, Back, Undo or a player's button closes it and nothing else; a card scanned
while it is open closes it and then counts on the screen below, as it would have.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from companion.ui import i18n, layout, names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.layouts import help as places
from companion.ui.rulestexts import help_text
from companion.ui.scene import Primary, Scene, SceneHost


class HelpScene(Scene):
    """One topic's text (`topic`), or a list of topics to choose from (`topics`)."""

    name = "help"
    overlay = True

    def __init__(self, ui: SceneHost, topic: str | None = None,
                 topics: Sequence[str] = (), from_list: bool = False) -> None:
        super().__init__(ui)
        if topic is None and not topics:
            raise ValueError("the help screen needs a topic or a list of topics")
        for t in (topic, *topics):
            if t is not None:
                help_text(t, "en")  # an unknown topic fails here, not when drawn
        self.topic = topic
        self.topics = tuple(topics)
        #: A text opened from the list: OK (or a tap on it) returns to the game, the
        #: rule read; Back returns to the list.
        self.from_list = from_list

    def primary(self) -> Primary:
        return (_("OK"), self.close)

    def hint(self) -> str:
        if self.topic is None:
            return _("Tap a topic to read its rule.")
        return ""

    def close(self) -> None:
        self.ui.pop()
        if self.from_list and self.ui.top.name == "help":
            self.ui.pop()

    def on_back(self) -> None:
        self.ui.pop()

    @staticmethod
    def title(topic: str) -> str:
        """The topic's title as the screens write its word, with the soft hyphens where a
        long word may break ("Fluss-schiffer-kirche"; the texts say the same word whole)."""
        group, _sep, key = topic.partition(":")
        if group == "kind" and key in names.KIND_NAMES:
            return _(names.KIND_NAMES[key])
        if group == "merchant" and key in names.MERCHANT_NAMES:
            return _(names.MERCHANT_NAMES[key])
        if group == "score" and key in names.CATEGORY_NAMES:
            return names.category(key)
        if group == "phase" and key in names.PHASE_NAMES:
            return names.phase(key)
        return help_text(topic, i18n.language())[0]

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        if self.topic is not None:
            self.draw_text(c, body, self.topic)
        else:
            self.draw_list(c, body)

    def draw_text(self, c: Canvas, body: pygame.Rect, topic: str) -> None:
        text = help_text(topic, i18n.language())[1]
        title = self.title(topic)
        closing = _("Tap anywhere to close.")
        plan = places.text_plan(c, body, title, text, closing)
        c.rect(plan.panel, PANEL)
        layout.draw_text(c, title, plan.title, LARGE, ACCENT, role="title")
        layout.draw_text(c, text, plan.text, BODY, TEXT, role="body")
        layout.draw_text(c, closing, plan.closing, BODY, MUTED, role="secondary")
        # One tap anywhere on the text closes it.
        c.region(plan.close, self.close, "help:close", title)

    def draw_list(self, c: Canvas, body: pygame.Rect) -> None:
        heading = _("Rules: what this screen shows")
        # The phase says it is the phase ("Phase: Supply"), the cards and rows their names.
        titles = [_("Phase: {phase}").format(phase=self.title(t)) if t.startswith("phase:")
                  else self.title(t) for t in self.topics]
        plan = places.list_plan(c, body, heading, titles)
        layout.draw_text(c, heading, plan.title, LARGE, ACCENT, role="title")
        for topic, label, box in zip(self.topics, titles, plan.cells, strict=True):
            c.button(box, label, partial(self.ui.open, "help", topic=topic, from_list=True),
                     key=f"help:{topic}")


def unique(topics: Sequence[str]) -> list[str]:
    """`topics` without repeats, in their first order."""
    return list(dict.fromkeys(topics))
