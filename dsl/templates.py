"""Phrase templates: how a game spells a verb, condition, filter or trigger.

A template is words and typed placeholders: ``deal {amount:int} wound(s) to {target:unit}``.
``word(s)`` accepts the word with or without the plural ``s``; ``a/an`` accepts either
word; ``{name:type}`` is an argument (types: ``int``, ``bool``, ``text``, an entity kind
such as ``unit``, ``kind*`` for a selection of entities such as ``unit*``, or a named
constant set such as ``buff``). In trigger templates the type may be left out
(``{attacker}``): it is the type of the event's payload field of that name.

Matching is done against a phrase's atoms (words and argument values); a placeholder
takes one or more atoms, and the checker decides whether they make a value of its type.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from hexforge.dsl import ast

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)(?::([a-z_][a-z0-9_]*\*?))?\}")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\(s\))?(/[A-Za-z_][A-Za-z0-9_]*)*")


class TemplateError(ValueError):
    """A template string a plugin declared is malformed."""


@dataclass(frozen=True, slots=True)
class Param:
    """A typed placeholder; ``type`` is empty when a trigger template takes the field's.

    ``bounds`` is the range (lowest, highest) of an ``int`` placeholder when the game
    declared one: a number written there outside it is HF306, and one computed outside
    it while the game runs is HF332.
    """

    name: str
    type: str
    bounds: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Literal:
    """One template word with its accepted spellings; ``shown`` is how rules text writes it."""

    spellings: frozenset[str]
    shown: str


Part = Literal | Param


@dataclass(frozen=True, slots=True)
class Template:
    """A parsed template string."""

    text: str
    parts: tuple[Part, ...]
    params: tuple[Param, ...]
    literals: tuple[Literal, ...]
    lone: int | None  # where its only placeholder is (-1: none); None with several

    @classmethod
    def parse(cls, text: str) -> Template:
        parts: list[Part] = []
        names: set[str] = set()
        for piece in text.split():
            placeholder = _PLACEHOLDER.fullmatch(piece)
            if placeholder is not None:
                name = placeholder.group(1)
                if name in names:
                    raise TemplateError(f"placeholder {name!r} appears twice in {text!r}")
                names.add(name)
                parts.append(Param(name, placeholder.group(2) or ""))
                continue
            if _WORD.fullmatch(piece) is None:
                raise TemplateError(f"{piece!r} in {text!r} is neither a word nor {{name:type}}")
            alternatives = piece.split("/")
            spellings: set[str] = set()
            for alternative in alternatives:
                if alternative.endswith("(s)"):
                    stem = alternative[:-3]
                    spellings.update((stem, stem + "s"))
                else:
                    spellings.add(alternative)
            parts.append(Literal(frozenset(spellings), alternatives[0]))
        if not parts:
            raise TemplateError("a template needs at least one word")
        params = tuple(p for p in parts if isinstance(p, Param))
        lone = None if len(params) > 1 else parts.index(params[0]) if params else -1
        return cls(
            text,
            tuple(parts),
            params,
            tuple(p for p in parts if isinstance(p, Literal)),
            lone,
        )

    def bounded(self, bounds: Mapping[str, tuple[int, int]]) -> Template:
        """This template with ``bounds`` on its ``int`` placeholders (TemplateError for a
        name that is no ``int`` placeholder of it, or a range whose low end is above its
        high end)."""
        ints = {p.name for p in self.params if p.type == "int"}
        for name, (low, high) in bounds.items():
            if name not in ints:
                raise TemplateError(f"{name!r} is not an int placeholder of {self.text!r}")
            numbers = all(isinstance(n, int) and not isinstance(n, bool) for n in (low, high))
            if not (numbers and low <= high):
                raise TemplateError(f"bounds of {name!r} in {self.text!r} must be (low, high)")
        parts = tuple(
            Param(p.name, p.type, bounds[p.name])
            if isinstance(p, Param) and p.name in bounds
            else p
            for p in self.parts
        )
        params = tuple(p for p in parts if isinstance(p, Param))
        return Template(self.text, parts, params, self.literals, self.lone)

    @property
    def words(self) -> tuple[str, ...]:
        """The literal words as rules text shows them."""
        return tuple(p.shown for p in self.parts if isinstance(p, Literal))

    def shown(self) -> str:
        """The template for people: ``deal <amount> wound(s) to <target>``."""
        return " ".join(
            f"<{p.name}>" if isinstance(p, Param) else _shown_literal(p) for p in self.parts
        )

    def placeholder(self, name: str) -> str:
        """Placeholder ``name`` for people: ``<amount> of 'deal <amount> wound(s) to ...'``."""
        return f"<{name}> of '{self.shown()}'"

    def first_word(self) -> Literal | None:
        first = self.parts[0]
        return first if isinstance(first, Literal) else None


def _shown_literal(literal: Literal) -> str:
    return "/".join(sorted(literal.spellings)) if len(literal.spellings) > 2 else literal.shown


Slices = tuple[tuple[int, int], ...]


def matches(template: Template, atoms: Sequence[ast.Word | ast.Expr]) -> Iterator[Slices]:
    """Every way ``atoms`` spells ``template``: one (start, end) atom range per placeholder.

    Placeholders take as few atoms as possible first, so the most literal reading of a
    phrase is tried before the others.
    """
    if len(atoms) < len(template.parts):
        return
    if template.lone is not None:
        found = _lone(template.parts, template.lone, atoms)
        if found is not None:
            yield found
        return
    present = {atom.text for atom in atoms if isinstance(atom, ast.Word)}
    if any(present.isdisjoint(literal.spellings) for literal in template.literals):
        return  # a word of the template is missing: no need to try every split
    yield from _match(template.parts, atoms, 0, 0)


def _lone(parts: Sequence[Part], at: int, atoms: Sequence[ast.Word | ast.Expr]) -> Slices | None:
    """The only reading of a template with at most one placeholder (at ``at``; -1: none),
    which takes what the words around it leave; what :func:`_match` would find alone."""
    if at < 0 and len(atoms) != len(parts):
        return None
    end = len(atoms) - (len(parts) - at - 1)  # where the placeholder's atoms end
    for index, part in enumerate(parts):
        if index == at:
            continue
        atom = atoms[index if index < at or at < 0 else end + index - at - 1]
        assert isinstance(part, Literal)
        if not (isinstance(atom, ast.Word) and atom.text in part.spellings):
            return None
    return () if at < 0 else ((at, end),)


def _match(
    parts: Sequence[Part], atoms: Sequence[ast.Word | ast.Expr], part: int, at: int
) -> Iterator[Slices]:
    if part == len(parts):
        if at == len(atoms):
            yield ()
        return
    current = parts[part]
    if isinstance(current, Literal):
        atom = atoms[at] if at < len(atoms) else None
        if isinstance(atom, ast.Word) and atom.text in current.spellings:
            yield from _match(parts, atoms, part + 1, at + 1)
        return
    # A placeholder needs at least one atom and leaves one for each part after it.
    rest = len(parts) - part - 1
    for end in range(at + 1, len(atoms) - rest + 1):
        for tail in _match(parts, atoms, part + 1, end):
            yield ((at, end), *tail)
