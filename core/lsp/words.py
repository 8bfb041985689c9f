"""What an author may type in an effect: the game vocabulary's words, for completion.

Each word comes with what it is (a verb, a condition, a stat, a token...) and the
template it starts, shown as rules text would show it, so the completion list doubles as
a reference of the game's effect language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from hexforge.dsl.parser import KEYWORDS
from hexforge.dsl.templates import Template
from hexforge.dsl.vocabulary import Vocabulary


class WordKind(Enum):
    """What a completed word is in the effect language."""

    VERB = "verb"
    CONDITION = "condition"
    TRIGGER = "trigger"
    STAT = "stat"
    SELECTOR = "selector"
    FILTER = "filter"
    PERMISSION = "permission"
    WORD = "word"  # a constant: a token, a buff, a terrain kind...
    NAME = "name"  # a binding: self, target...
    KEYWORD = "keyword"  # the language's own words: if, for, each, choose...


@dataclass(frozen=True, slots=True)
class Word:
    """One completion: the word, what it is, and the phrase it begins."""

    label: str
    kind: WordKind
    detail: str
    doc: str = ""


def vocabulary_words(vocabulary: Vocabulary) -> list[Word]:
    """Every first word of the vocabulary's phrases, one entry per word and kind."""
    found: dict[tuple[str, WordKind], Word] = {}

    def add(label: str, kind: WordKind, detail: str, doc: str) -> None:
        found.setdefault((label, kind), Word(label, kind, detail, doc))

    for verb in vocabulary.verbs:
        _template(verb.template, WordKind.VERB, verb.doc, add)
    for condition in vocabulary.conditions:
        _template(condition.template, WordKind.CONDITION, condition.doc, add)
    for filt in vocabulary.filters:
        _template(filt.template, WordKind.FILTER, filt.doc, add)
    for trigger in vocabulary.triggers:
        phrase = f"{trigger.form.value} {trigger.template.shown()}"
        add(trigger.form.value, WordKind.TRIGGER, phrase, trigger.doc)
    for stat in vocabulary.stats:
        add(" ".join(stat.words), WordKind.STAT, f"stat {stat.name}", stat.doc)
    for permission in vocabulary.permissions:
        add(" ".join(permission.words), WordKind.PERMISSION, "can / cannot", permission.doc)
    for noun in vocabulary.nouns:
        for form in (noun.singular, noun.plural):
            add(form, WordKind.SELECTOR, f"a {noun.kind}", noun.doc)
    add("self", WordKind.NAME, f"a {vocabulary.self_kind}", "the card's own model")
    add("it", WordKind.NAME, "for each", "the one 'for each' is at")
    for name, kind in vocabulary.bindings.items():
        add(name, WordKind.NAME, f"a {kind}", "")
    for keyword in KEYWORDS:
        add(keyword, WordKind.KEYWORD, "a word of the effect language", "")
    for name, values in vocabulary.constants.items():
        for value in values:
            add(value, WordKind.WORD, name, "")
    return sorted(found.values(), key=lambda w: (w.label, w.kind.value))


def _template(
    template: Template, kind: WordKind, doc: str, add: Callable[[str, WordKind, str, str], None]
) -> None:
    first = template.first_word()
    if first is not None:
        for spelling in sorted(first.spellings):
            add(spelling, kind, template.shown(), doc)
