"""The vocabulary registry: every game word the effect language knows.

The DSL core knows no game: a game plugin fills a :class:`Vocabulary` through the
``hexforge_dsl_vocabulary(game, vocabulary)`` hook with typed declarations - entity kinds
and their properties, named constant sets, events and the trigger phrases that name them,
verbs, conditions, selector nouns, filters and pickers, stats, permission actions, the
names a card's effect may use, and the game's test and choice procedures. Implementations
are plain callables receiving the :class:`~hexforge.core.rules.EffectContext` first; they
reach the running game through ``ctx.game``.

Type names used in declarations: ``int``, ``bool``, ``text``, a declared entity kind
(``unit``), ``kind*`` for a selection of entities (``unit*``), or a constant set (``buff``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexforge.core.errors import HexforgeError
from hexforge.core.rules import ONCE_PER_TRIGGER, EffectContext, EntityId, Window
from hexforge.core.vocabulary import BaseType, EventType, Field
from hexforge.dsl import codes
from hexforge.dsl.ast import TriggerForm
from hexforge.dsl.signatures import check_signature
from hexforge.dsl.templates import Template, TemplateError
from hexforge.dsl.text.words import GameWords

Impl = Callable[..., Any]
"""A game-registered implementation: ``impl(ctx, *arguments)``."""

MembersImpl = Callable[[EffectContext], Iterable[EntityId]]
PickerImpl = Callable[[EffectContext, Sequence[EntityId]], EntityId | None]
PropertyImpl = Callable[[EffectContext, Any], Any]
"""``impl(ctx, entity)``; ``entity`` may be None when a picker found nothing."""
TestImpl = Callable[[EffectContext, str, int, EntityId | None, str | None], int]
"""``test(ctx, stat, bonus, defender, defence_stat) -> successes`` for the bearer."""
ChooseImpl = Callable[[EffectContext, Sequence[str]], int]
"""``choose(ctx, options) -> index``: the controlling player picks one of the texts."""

BASE_TYPES = frozenset(t.value for t in BaseType)


Bounds = tuple[int, int]
"""A number's range, (lowest, highest), both included."""


@dataclass(frozen=True, slots=True)
class Verb:
    """A statement; ``places`` (when set) are the only card fields it may be written in,
    as ``<kind>.<field>`` (``glory.mission``) - HF327 elsewhere."""

    template: Template
    impl: Impl
    doc: str = ""
    places: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class ConditionDef:
    template: Template
    impl: Impl
    doc: str = ""


@dataclass(frozen=True, slots=True)
class FilterDef:
    """Narrows a selection: ``within {n:int} of {anchor:unit}``; impl(ctx, entity, *args).

    ``order`` (same arguments, returning a sort key) also orders what the filter keeps:
    ``around {anchor:tile}`` lists the neighbours clockwise from north."""

    template: Template
    impl: Impl
    kind: str | None = None
    doc: str = ""
    order: Impl | None = None


@dataclass(frozen=True, slots=True)
class Noun:
    """A selector noun: ``enemy`` / ``enemies``; ``members(ctx)`` lists them for the bearer."""

    singular: str
    plural: str
    kind: str
    members: MembersImpl
    doc: str = ""


@dataclass(frozen=True, slots=True)
class Picker:
    """Picks one entity from a selection: ``the nearest``; returns None when there is none."""

    words: tuple[str, ...]
    impl: PickerImpl
    doc: str = ""


@dataclass(frozen=True, slots=True)
class PropertyDef:
    """``target.wounds``: a typed property of an entity kind."""

    kind: str
    name: str
    type: str
    impl: PropertyImpl
    doc: str = ""


@dataclass(frozen=True, slots=True)
class Stat:
    """A query that modifiers change (``scope``, ``speed``); ``params`` are its arguments.

    ``bounds`` (lowest, highest) is the range of the stat's value when the game declared
    one: a modifier may set it within the range (``speed = N``) and raise or lower it by
    at most the range's width (``speed +N``); a test of it takes a bonus of at most that.
    """

    words: tuple[str, ...]
    name: str
    type: str
    params: tuple[Field, ...] = ()
    doc: str = ""
    bounds: Bounds | None = None


@dataclass(frozen=True, slots=True)
class PermissionDef:
    """``can``/``cannot`` + ``words`` sets permission ``action``; ``params`` bind its names."""

    words: tuple[str, ...]
    action: str
    params: tuple[Field, ...] = ()
    doc: str = ""


@dataclass(frozen=True, slots=True)
class TriggerDef:
    """``upon activation`` -> event ``activation_started`` in ``window``."""

    form: TriggerForm
    template: Template
    event: str
    window: Window = Window.AFTER
    subject: str | None = None
    doc: str = ""


@dataclass(slots=True)
class Vocabulary:
    """Typed game words for the checker and their implementations for the compiler.

    Constructible empty; declarations are validated as they are made (HF340), so a
    plugin's mistake names the declaration, not some later card.
    """

    self_kind: str = "unit"
    kinds: set[str] = field(default_factory=set)
    constants: dict[str, tuple[str, ...]] = field(default_factory=dict)
    events: dict[str, EventType] = field(default_factory=dict)
    triggers: list[TriggerDef] = field(default_factory=list)
    verbs: list[Verb] = field(default_factory=list)
    conditions: list[ConditionDef] = field(default_factory=list)
    nouns: list[Noun] = field(default_factory=list)
    filters: list[FilterDef] = field(default_factory=list)
    pickers: list[Picker] = field(default_factory=list)
    properties: dict[str, dict[str, PropertyDef]] = field(default_factory=dict)
    stats: list[Stat] = field(default_factory=list)
    permissions: list[PermissionDef] = field(default_factory=list)
    bindings: dict[str, str] = field(default_factory=dict)
    contexts: set[str] = field(default_factory=lambda: {ONCE_PER_TRIGGER})
    test: TestImpl | None = None
    choose: ChooseImpl | None = None
    texts: dict[str, GameWords] = field(default_factory=dict)
    """The game's words in other languages, for rules text (:meth:`localise`)."""
    _by_first_word: dict[tuple[str, str], list[Any]] = field(default_factory=dict, repr=False)

    # ---- declarations ----------------------------------------------------------------

    def kind(self, name: str) -> None:
        """Declare an entity kind (``unit``, ``hex``, ``token``)."""
        self._fresh_type(name)
        self.kinds.add(name)

    def constant_set(self, name: str, values: Iterable[str], *, open: bool = False) -> None:
        """Declare a named set of constants (buff names, terrain kinds); values may be
        several words (``difficult terrain``). An ``open`` set may be declared empty: its
        values are the words of the loaded cards (a game's ``game.yaml`` ``words:``), added
        by :meth:`with_words` once the content is known."""
        self._fresh_type(name)
        spelled = tuple(" ".join(value.split()) for value in values)
        if (not spelled and not open) or any(not value for value in spelled):
            raise _bad(f"constant set {name!r} needs non-empty values")
        self.constants[name] = spelled

    def with_words(self, words: Iterable[tuple[str, Iterable[str]]]) -> Vocabulary:
        """A copy whose constant sets also hold ``words`` (set name, values), a set this
        vocabulary lacks being declared: the words content supplies after the plugins
        declared theirs (validation and play add their cards' token names this way). The
        declarations are shared, so the copy costs only its constants."""
        constants = dict(self.constants)
        for name, values in words:
            if name not in constants:
                self._fresh_type(name)
            spelled = (" ".join(value.split()) for value in values)
            constants[name] = tuple(dict.fromkeys((*constants.get(name, ()), *spelled)))
        return dataclasses.replace(self, constants=constants, _by_first_word={})

    def event(self, event: EventType) -> None:
        """Declare an event type (shared with the timing engine) and its payload fields."""
        if event.name in self.events:
            raise _bad(f"event {event.name!r} is declared twice")
        for payload in event.fields:
            self._check_type(payload.type, f"field {payload.name!r} of event {event.name!r}")
            if payload.name in ("self", "event", "it"):
                raise _bad(f"event {event.name!r} may not have a field named {payload.name!r}")
        self.events[event.name] = event

    def trigger(
        self,
        form: TriggerForm | str,
        template: str,
        event: str,
        window: Window = Window.AFTER,
        *,
        subject: str | None = None,
        doc: str = "",
    ) -> None:
        """Map a trigger phrase to an event: ``trigger("upon", "activation", "activated",
        subject="unit")`` - with ``subject`` the hook only fires when that payload field is
        the bearer (its own activation, not anyone's).

        Placeholders name payload fields of the event:
        ``trigger("when", "{attacker} knocks out {target}", "knocked_out")``.
        """
        kind = TriggerForm(form)
        declared = self.events.get(event)
        if declared is None:
            raise _bad(f"trigger {template!r} names undeclared event {event!r}")
        parsed = _template(template)
        for param in parsed.params:
            payload = declared.field(param.name)
            if payload is None:
                raise _bad(f"trigger {template!r}: event {event!r} has no field {param.name!r}")
            if param.type and param.type != payload.type:
                raise _bad(f"trigger {template!r}: field {param.name!r} is a {payload.type}")
        if subject is not None and declared.field(subject) is None:
            raise _bad(f"trigger {template!r}: event {event!r} has no field {subject!r}")
        self.triggers.append(TriggerDef(kind, parsed, event, window, subject, doc))

    def verb(
        self,
        template: str,
        impl: Impl,
        *,
        doc: str = "",
        bounds: Mapping[str, Bounds] | None = None,
        places: Iterable[str] | None = None,
    ) -> None:
        """Add a verb: ``verb("push {target:unit} {distance:int}", push)``; the
        implementation is called as ``push(ctx, target, distance)``, checked here (HF341).

        ``bounds`` gives the range of ``int`` placeholders (``{"distance": (0, 12)}``);
        ``places`` the only card fields the verb may be written in (``"glory.mission"``).
        """
        parsed = self._typed_template(template, impl, "verb", bounds=bounds)
        where = None if places is None else frozenset(places)
        if where is not None and not all(isinstance(p, str) and p for p in where):
            raise _bad(f"places of verb {template!r} must be card fields like 'kind.field'")
        self._by_first_word.clear()
        self.verbs.append(Verb(parsed, impl, doc, where))

    def condition(
        self,
        template: str,
        impl: Impl,
        *,
        doc: str = "",
        bounds: Mapping[str, Bounds] | None = None,
    ) -> None:
        """Add a condition phrase: ``condition("{unit:unit} is knocked out", knocked_out)``."""
        parsed = self._typed_template(template, impl, "condition", bounds=bounds)
        self._by_first_word.clear()
        self.conditions.append(ConditionDef(parsed, impl, doc))

    def noun(
        self, singular: str, plural: str, kind: str, members: MembersImpl, *, doc: str = ""
    ) -> None:
        """Add a selector noun: ``noun("enemy", "enemies", "unit", enemies_of_bearer)``."""
        self._check_type(kind, f"noun {singular!r}")
        if kind not in self.kinds:
            raise _bad(f"noun {singular!r} must name an entity kind, not {kind!r}")
        self.nouns.append(Noun(singular, plural, kind, members, doc))

    def filter(
        self,
        template: str,
        impl: Impl,
        *,
        kind: str | None = None,
        doc: str = "",
        bounds: Mapping[str, Bounds] | None = None,
        order: Impl | None = None,
    ) -> None:
        """Add a selector filter: ``filter("adjacent to {anchor:unit}", adjacent)``; the
        implementation is called as ``adjacent(ctx, entity, anchor)`` (HF341). ``order``,
        called the same way, returns a sort key: the selection is then listed in that
        order (stable), where the players' options come from it."""
        parsed = self._typed_template(template, impl, "filter", ("ctx", "entity"), bounds)
        if order is not None:
            check_signature("filter", parsed, order, ("ctx", "entity"))
        self._by_first_word.clear()
        self.filters.append(FilterDef(parsed, impl, kind, doc, order))

    def picker(self, words: str, impl: PickerImpl, *, doc: str = "") -> None:
        """Add a picker: ``picker("the nearest", nearest)``."""
        self.pickers.append(Picker(tuple(words.split()), impl, doc))

    def property(
        self, kind: str, name: str, type: str, impl: PropertyImpl, *, doc: str = ""
    ) -> None:
        """Add a property readable as ``<entity>.<name>``."""
        if kind not in self.kinds:
            raise _bad(f"property {name!r} belongs to undeclared kind {kind!r}")
        self._check_type(type, f"property {kind}.{name}")
        self.properties.setdefault(kind, {})[name] = PropertyDef(kind, name, type, impl, doc)

    def stat(
        self,
        words: str,
        *,
        name: str | None = None,
        type: str = BaseType.INT,
        params: Sequence[Field] = (),
        doc: str = "",
        bounds: Bounds | None = None,
    ) -> None:
        """Add a stat (a query modifiers change); ``name`` is the query id (default: words);
        ``bounds`` the range of its value, (lowest, highest), for a numeric stat."""
        spelled = tuple(words.split())
        self._check_type(type, f"stat {words!r}")
        for param in params:
            self._check_type(param.type, f"parameter {param.name!r} of stat {words!r}")
        if bounds is not None:
            pair = tuple(bounds) if isinstance(bounds, tuple | list) else ()
            if type != BaseType.INT or not (
                len(pair) == 2
                and all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
                and pair[0] <= pair[1]
            ):
                raise _bad(f"bounds of stat {words!r} must be (low, high) of a numeric stat")
            bounds = (pair[0], pair[1])
        self.stats.append(
            Stat(spelled, name or "_".join(spelled), type, tuple(params), doc, bounds)
        )

    def permission(
        self, words: str, action: str, *, params: Sequence[Field] = (), doc: str = ""
    ) -> None:
        """Add a permission phrase: ``permission("be pushed", "push")``."""
        self.permissions.append(PermissionDef(tuple(words.split()), action, tuple(params), doc))

    def binding(self, name: str, type: str) -> None:
        """A name the game binds when it runs a card's plain statements (``target``)."""
        self._check_type(type, f"binding {name!r}")
        self.bindings[name] = type

    def context(self, name: str) -> None:
        """A context kind the game opens (``activation``, ``round``), for ``once per``.

        ``once per trigger`` is always known: once per event and what it causes."""
        self.contexts.add(name)

    def test_procedure(self, impl: TestImpl) -> None:
        """The game's test (``test <stat> against <stat> of <unit>``): returns successes."""
        self.test = impl

    def choice_procedure(self, impl: ChooseImpl) -> None:
        """How ``choose one`` asks the controlling player."""
        self.choose = impl

    def localise(self, words: GameWords) -> None:
        """The game's words in ``words.lang``, for rules text in that language
        (:mod:`hexforge.dsl.text`); an expansion adds its own after its game's (an entry
        given twice keeps the later words)."""
        found = self.texts.get(words.lang)
        self.texts[words.lang] = words if found is None else found.merged(words)

    # ---- lookups ---------------------------------------------------------------------

    def candidates(self, family: str, first: str | None) -> list[Any]:
        """The verbs, conditions or filters (``family``) a phrase starting with ``first``
        may spell, in declaration order (templates starting with a placeholder always)."""
        key = (family, first or "")
        found = self._by_first_word.get(key)
        if found is None:
            declared: list[Verb] | list[ConditionDef] | list[FilterDef] = getattr(self, family)
            found = []
            for item in declared:
                head = item.template.first_word()
                if head is None or first in head.spellings:
                    found.append(item)
            self._by_first_word[key] = found
        return found

    def is_type(self, name: str) -> bool:
        base = name.removesuffix("*")
        if name.endswith("*"):
            return base in self.kinds
        return name in BASE_TYPES or name in self.kinds or name in self.constants

    def property_of(self, kind: str, name: str) -> PropertyDef | None:
        return self.properties.get(kind, {}).get(name)

    # ---- helpers ---------------------------------------------------------------------

    def _fresh_type(self, name: str) -> None:
        if name in BASE_TYPES or name in self.kinds or name in self.constants:
            raise _bad(f"type {name!r} is declared twice")

    def _check_type(self, name: str, what: str) -> None:
        if not self.is_type(name):
            raise _bad(f"{what} has unknown type {name!r}")

    def _typed_template(
        self,
        text: str,
        impl: Impl,
        family: str,
        leading: tuple[str, ...] = ("ctx",),
        bounds: Mapping[str, Bounds] | None = None,
    ) -> Template:
        parsed = _template(text)
        for param in parsed.params:
            if not param.type:
                raise _bad(f"placeholder {{{param.name}}} in {text!r} needs a type")
            self._check_type(param.type, f"placeholder {{{param.name}}} in {text!r}")
        check_signature(family, parsed, impl, leading)
        if bounds:
            try:
                parsed = parsed.bounded(bounds)
            except (TemplateError, TypeError, ValueError) as exc:
                raise _bad(f"bounds of {family} {text!r}: {exc}") from None
        return parsed


def _template(text: str) -> Template:
    try:
        return Template.parse(text)
    except TemplateError as exc:
        raise _bad(str(exc)) from None


def _bad(message: str) -> HexforgeError:
    return HexforgeError.single(
        codes.BAD_DECLARATION,
        message,
        hint="see docs/dsl.md, 'The vocabulary', for the declaration forms",
    )
