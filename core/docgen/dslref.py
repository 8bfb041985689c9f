"""The DSL reference of one game: every declared word with its signature and an example.

Examples are synthesized from the word's own template (placeholders filled with values of
their type that the game declares) and checked against the game's vocabulary before they
are printed; a word whose synthesized example does not check is reported as missing, so
tests/docs fail instead of the page showing an unchecked example.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from hexforge.core.errors import Severity
from hexforge.core.vocabulary import BaseType, EventType, Field
from hexforge.dsl.api import check_text
from hexforge.dsl.templates import Literal, Template
from hexforge.dsl.vocabulary import TriggerDef, Vocabulary


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of the reference: ``example`` is effect text; an event no effect phrase
    names has a Python ``hook`` example instead (how a plugin's rule reacts to it)."""

    family: str
    signature: str
    doc: str
    example: str | None
    hook: str | None = None


def hook_example(event: EventType) -> str:
    """Python for a plugin rule on ``event``: a Hook whose action reads every payload field."""
    name = "on_" + event.name
    names = [f.name for f in event.fields]
    reads = ", ".join(f'ctx.bindings["{n}"]' for n in names)
    body = f"    {', '.join(names)} = {reads}" if names else "    pass"
    return "\n".join(
        [
            "from hexforge.core.rules import Hook, Window",
            "",
            "",
            f"def {name}(ctx):  # the payload fields are bindings",
            body,
            "",
            "",
            f'hook = Hook("{event.name}", Window.AFTER, {name}, source)',
        ]
    )


FAMILIES = (
    "events",
    "triggers",
    "verbs",
    "conditions",
    "selector nouns",
    "filters",
    "pickers",
    "properties",
    "stats",
    "permissions",
    "constant sets",
    "bindings",
    "contexts",
)


class _Samples:
    """Values of each type that the game's vocabulary can spell, for examples."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.body = self._first_statement()

    def entity(self, kind: str) -> str | None:
        if kind == self.vocabulary.self_kind:
            return "self"
        for noun in self.vocabulary.nouns:
            if noun.kind == kind:
                picker = self.vocabulary.pickers[0] if self.vocabulary.pickers else None
                if picker is not None:
                    return f"{' '.join(picker.words)} {noun.singular}"
        return None

    def _noun_of(self, kind: str) -> str | None:
        return next((n.singular for n in self.vocabulary.nouns if n.kind == kind), None)

    def selection(self, kind: str) -> str | None:
        for noun in self.vocabulary.nouns:
            if noun.kind == kind:
                return noun.plural
        return None

    def value(self, type_name: str) -> str | None:
        if type_name == BaseType.INT:
            return "1"
        if type_name in self.vocabulary.constants:  # an open set may have no words yet
            return next(iter(self.vocabulary.constants[type_name]), None)
        if type_name.endswith("*"):
            return self.selection(type_name[:-1])
        if type_name in self.vocabulary.kinds:
            return self.entity(type_name)
        return None

    def fill(
        self, template: Template, event: EventType | None = None, using: tuple[str, str] = ("", "")
    ) -> str | None:
        """The template spelled with sample values; a trigger's first placeholder is
        ``self``, the others ``any <noun>`` of the payload field's kind. ``using`` is a
        (type, name) pair: the last placeholder of that type is spelled ``name``."""
        words: list[str] = []
        last = [p.name for p in template.params if using[0] and p.type == using[0]][-1:]
        for part in template.parts:
            if isinstance(part, Literal):
                words.append(_spelled(part, third_person=event is not None))
                continue
            type_name = part.type
            if not type_name and event is not None:  # a trigger placeholder: the field's type
                payload = event.field(part.name)
                type_name = payload.type if payload is not None else ""
                if words and type_name in self.vocabulary.kinds:
                    noun = self._noun_of(type_name)
                    if noun is None:
                        return None
                    words.append(f"any {noun}")
                    continue
            value = "self" if event is not None and not words else self.value(type_name)
            if [part.name] == last:
                value = using[1]
            if value is None:
                return None
            words.append(value)
        return " ".join(words)

    def _first_statement(self) -> str | None:
        for verb in self.vocabulary.verbs:
            text = self.fill(verb.template)
            if text is not None and self.checks(text):
                return text
        return None

    def checks(self, text: str) -> bool:
        found = check_text(text, self.vocabulary)
        return not [d for d in found if d.severity is Severity.ERROR]


def _spelled(literal: Literal, *, third_person: bool) -> str:
    """One accepted spelling: ``wound(s)`` -> ``wound``, in a trigger (``self knock(s)
    out``) the third person ``knocks``; ``apply/applies`` -> the last in a trigger."""
    shown = literal.shown
    if shown.endswith("(s)"):
        return shown[:-3] + "s" if third_person else shown[:-3]
    if third_person:
        return max(literal.spellings, key=len)
    return shown.split("/")[0]


def _fields(fields: tuple[Field, ...]) -> str:
    return ", ".join(f"{f.name}: {f.type}" for f in fields)


def _checked(samples: _Samples, *candidates: str | None) -> str | None:
    for text in candidates:
        if text is not None and samples.checks(text):
            return text
    return None


def entries(vocabulary: Vocabulary) -> list[Entry]:
    """Every word of ``vocabulary``, in reference order, with a checked example or None."""
    return list(_entries(vocabulary, _Samples(vocabulary)))


def _entries(vocabulary: Vocabulary, samples: _Samples) -> Iterator[Entry]:
    body = samples.body or "pass"
    for event in vocabulary.events.values():
        phrases = [t for t in vocabulary.triggers if t.event == event.name]
        example = None
        for trigger in phrases:
            example = _trigger_example(samples, trigger)
            if example is not None:
                break
        hook = hook_example(event) if example is None else None
        yield Entry("events", f"{event.name}({_fields(event.fields)})", event.doc, example, hook)
    for trigger in vocabulary.triggers:
        signature = f"{trigger.form.value} {trigger.template.text}"
        doc = trigger.doc or f"event {trigger.event}, runs {trigger.window.value} it"
        example = _trigger_example(samples, trigger)
        yield Entry("triggers", signature, doc, example)
    for verb in vocabulary.verbs:
        example = _checked(samples, samples.fill(verb.template))
        yield Entry("verbs", verb.template.text, verb.doc, example)
    for condition in vocabulary.conditions:
        text = samples.fill(condition.template)
        example = _checked(samples, text and f"if {text}: {body}")
        yield Entry("conditions", condition.template.text, condition.doc, example)
    for noun in vocabulary.nouns:
        example = _checked(samples, f"if count({noun.plural}) > 0: {body}")
        yield Entry(
            "selector nouns", f"{noun.singular} / {noun.plural} ({noun.kind})", noun.doc, example
        )
    for selector_filter in vocabulary.filters:
        text = samples.fill(selector_filter.template)
        kind = selector_filter.kind
        nouns = [n for n in vocabulary.nouns if kind is None or n.kind == kind]
        example = _checked(
            samples, *(text and f"if count({n.plural} {text}) > 0: {body}" for n in nouns)
        )
        yield Entry("filters", selector_filter.template.text, selector_filter.doc, example)
    for picker in vocabulary.pickers:
        words = " ".join(picker.words)
        example = _checked(
            samples, *(f"if count({words} {n.singular}) > 0: {body}" for n in vocabulary.nouns)
        )
        yield Entry("pickers", words, picker.doc, example)
    for kind, properties in vocabulary.properties.items():
        owner = samples.entity(kind)
        for prop in properties.values():
            test = {str(BaseType.INT): " > 0", str(BaseType.BOOL): ""}.get(prop.type)
            example = None
            if owner is not None and test is not None:
                example = _checked(samples, f"if {owner}.{prop.name}{test}: {body}")
            yield Entry("properties", f"{kind}.{prop.name}: {prop.type}", prop.doc, example)
    for stat in vocabulary.stats:
        words = " ".join(stat.words)
        params = f"({_fields(stat.params)})" if stat.params else ""
        example = _checked(samples, f"{words} +1", f"{words} = 1")
        yield Entry("stats", f"{words}: {stat.type}{params}", stat.doc or stat.name, example)
    for permission in vocabulary.permissions:
        words = " ".join(permission.words)
        example = _checked(samples, f"cannot {words}")
        yield Entry(
            "permissions", f"can/cannot {words}", permission.doc or permission.action, example
        )
    for name, values in vocabulary.constants.items():
        yield Entry(
            "constant sets",
            f"{name}: {', '.join(values)}",
            "",
            _constant_example(vocabulary, samples, name),
        )
    for name, type_name in vocabulary.bindings.items():
        uses = (samples.fill(verb.template, using=(type_name, name)) for verb in vocabulary.verbs)
        example = _checked(samples, *(text for text in uses if text and name in text.split()))
        yield Entry("bindings", f"{name}: {type_name}", "", example)
    for context in sorted(vocabulary.contexts):
        example = None
        for trigger in vocabulary.triggers:
            head = _trigger_example(samples, trigger)
            if head is not None:
                phrase, _, rest = head.partition(":")
                example = _checked(samples, f"{phrase} once per {context}:{rest}")
                if example is not None:
                    break
        yield Entry("contexts", f"once per {context}", "", example)


def _trigger_example(samples: _Samples, trigger: TriggerDef) -> str | None:
    phrase = samples.fill(trigger.template, samples.vocabulary.events[trigger.event])
    if phrase is None or samples.body is None:
        return None
    return _checked(samples, f"{trigger.form.value} {phrase}: {samples.body}")


def _constant_example(vocabulary: Vocabulary, samples: _Samples, name: str) -> str | None:
    for family in (vocabulary.verbs, vocabulary.conditions):
        for word in family:
            if any(p.type == name for p in word.template.params):
                text = samples.fill(word.template)
                if text is None:
                    continue
                candidate = text if family is vocabulary.verbs else f"if {text}: {samples.body}"
                found = _checked(samples, candidate)
                if found is not None:
                    return found
    return None
