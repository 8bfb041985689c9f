"""The rules text writer: one walk over the AST for every language.

The structure words come from the language's :class:`~hexforge.dsl.text.structure.Structure`;
the game's words from its :class:`~hexforge.dsl.text.words.GameWords` for that language,
matched against each phrase the way the checker matches the vocabulary's templates. With
no game words (English, whose game words are the effect's own), a phrase is written as the
author wrote it, ``self`` as the bearer's name; so is a phrase no table entry matches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from types import MappingProxyType

from hexforge.core.rules import ONCE_PER_TRIGGER
from hexforge.dsl import ast
from hexforge.dsl.templates import Template, TemplateError, matches
from hexforge.dsl.text.forms import Arg, Forms, fill, forms
from hexforge.dsl.text.structure import Structure, capitalised
from hexforge.dsl.text.words import GameWords

Atoms = Sequence[ast.Word | ast.Expr]
_PLAIN = ("int", "bool", "text")


@cache
def _template(text: str) -> Template | None:
    try:
        return Template.parse(text)
    except TemplateError:
        return None


def _entries(table: Mapping[str, str]) -> Iterator[tuple[Template, str]]:
    for key, target in table.items():
        template = _template(key)
        if template is not None:
            yield template, target


def _words(atoms: Atoms) -> list[str] | None:
    texts = [atom.text for atom in atoms if isinstance(atom, ast.Word)]
    return texts if len(texts) == len(atoms) else None


class Writer:
    """Rules text of clauses, in one language, about one bearer (``self``)."""

    def __init__(self, structure: Structure, words: GameWords | None, me: Forms) -> None:
        self.s = structure
        self.words = words
        self.me = me
        self.each: list[Forms] = []  # what ``it`` names inside each ``for each``, innermost last

    def fill(self, template: str, **args: Arg | str) -> str:
        found = {k: Arg.text(v) if isinstance(v, str) else v for k, v in args.items()}
        found.setdefault("self", Arg(self.me))
        return fill(template, found, self.s.plural)

    # ---- clauses -------------------------------------------------------------------------

    def clause(self, clause: ast.Clause) -> str:
        s = self.s
        if isinstance(clause, ast.Trigger):
            once = ""
            if clause.once_per is not None:
                once = self.fill(s.once_per, context=Arg(self.context(clause.once_per)))
            condition = ""
            if clause.condition is not None:
                condition = self.fill(s.trigger_if, condition=self.expr(clause.condition))
            head = capitalised(self.trigger(clause))
            return f"{head}{once}{condition}{s.colon}{self.body(clause.body)}"
        if isinstance(clause, ast.While):
            rules = s.join([self.passive(rule) for rule in clause.rules], ast.LogicOp.AND)
            return f"{self.fill(s.while_, condition=self.expr(clause.condition))}{s.colon}{rules}."
        if isinstance(clause, ast.ModifierRule | ast.PermissionRule):
            return s.sentence(self.passive(clause))
        return self.stmt(clause)

    def passive(self, rule: ast.Passive) -> str:
        s = self.s
        if isinstance(rule, ast.PermissionRule):
            action = Arg(self.permission(rule.action))
            if rule.subject is None:
                return self.fill(s.can if rule.allowed else s.cannot, action=action)
            who = Arg(self.selection(rule.subject.atoms) or forms(self.raw(rule.subject)))
            return self.fill(s.can_who if rule.allowed else s.cannot_who, who=who, action=action)
        amount = self.expr(rule.amount)
        stat = Arg(self.stat(rule.stat))
        if rule.sign is ast.ModifierSign.SET:
            return self.fill(s.set_stat, stat=stat, amount=amount)
        return self.fill(s.change_stat, stat=stat, amount=f"{rule.sign.value}{amount}")

    def body(self, body: tuple[ast.Stmt, ...]) -> str:
        """Statements after a colon: the first one lower-case where the language wants."""
        return " ".join(self.stmt(stmt, lead=index == 0) for index, stmt in enumerate(body))

    def stmt(self, stmt: ast.Stmt, *, lead: bool = False) -> str:
        """One statement; ``lead``: the first after a colon, which Polish and French do
        not capitalise (a name keeps its capital: it is written as it is)."""
        lower = lead and self.s.lower_after_colon
        if isinstance(stmt, ast.Do):
            text = self.verb(stmt.phrase)
            return f"{text}." if lower else self.s.sentence(text)
        text = self.compound(stmt)
        return text[:1].lower() + text[1:] if lower else text

    def compound(self, stmt: ast.Stmt) -> str:
        """A statement that opens with the language's structure words."""
        s = self.s
        if isinstance(stmt, ast.If):
            text = f"{self.fill(s.if_, condition=self.expr(stmt.condition))}{s.colon}"
            text += self.body(stmt.then)
            if stmt.otherwise:
                text += f" {s.otherwise}{s.colon}{self.body(stmt.otherwise)}"
            return text
        if isinstance(stmt, ast.Unless):
            head = self.fill(s.unless, condition=self.expr(stmt.condition))
            return f"{head}{s.colon}{self.body(stmt.body)}"
        if isinstance(stmt, ast.ForEach):
            found = self.selection(stmt.selector.atoms) or forms(self.raw(stmt.selector))
            head = f"{self.fill(s.for_each, selection=Arg(found))}{s.colon}"
            this = self.this(stmt.selector.atoms)
            if this is None:
                return head + self.body(stmt.body)
            self.each.append(this)
            try:
                return head + self.body(stmt.body)
            finally:
                self.each.pop()
        if isinstance(stmt, ast.ChooseOne):
            options = [self.body((option,)).rstrip(".") for option in stmt.options]
            return f"{s.choose_one}{s.colon}{s.join(options, ast.LogicOp.OR)}."
        assert isinstance(stmt, ast.StatTest)
        return self.test(stmt)

    def test(self, stmt: ast.StatTest) -> str:
        s = self.s
        bonus = ""
        if isinstance(stmt.bonus, ast.Neg):
            bonus = f" -{self.expr(stmt.bonus.operand)}"
        elif stmt.bonus is not None:
            bonus = f" +{self.expr(stmt.bonus)}"
        against = "" if stmt.against is None else self.against(stmt.against)
        text = self.fill(s.test, stat=Arg(self.stat(stmt.stat)), bonus=bonus, against=against)
        rows = []
        for row in stmt.rows:
            n = Arg.count(str(row.successes), row.successes)
            head = self.fill(s.row_or_more if row.or_more else s.row, n=n)
            rows.append(f"{head}{s.colon}{self.body(row.body)}")
        return f"{text}. " + " ".join(rows)

    def against(self, phrase: ast.Phrase) -> str:
        """``<stat> of <unit>``, the defence test's stat."""
        atoms = phrase.atoms
        at = next((i for i, a in enumerate(atoms) if isinstance(a, ast.Word) and a.text == "of"), 0)
        if at == 0:
            return f" {self.raw(phrase)}"
        stat = Arg(self.stat(ast.Phrase(tuple(atoms[:at]), span=phrase.span)))
        unit = self.value(atoms[at + 1 :], "") or Arg.text(self.raw_atoms(atoms[at + 1 :]))
        return self.fill(self.s.against, stat=stat, unit=unit)

    # ---- expressions ---------------------------------------------------------------------

    def expr(self, node: ast.Expr) -> str:
        s = self.s
        if isinstance(node, ast.Logic):
            return f"{self.expr(node.left)} {s.logic[node.op]} {self.expr(node.right)}"
        if isinstance(node, ast.Not):
            if self.words is not None and isinstance(node.operand, ast.Phrase):
                negated = self.generic(node.operand.atoms, s.is_not_there)
                if negated is not None:
                    return negated
            return self.fill(s.not_, condition=self.expr(node.operand))
        if isinstance(node, ast.Compare):
            left, right = self.arg(node.left), self.arg(node.right)
            return self.fill(s.compare[node.op], left=left, right=right)
        if isinstance(node, ast.Arith):
            return f"{self.expr(node.left)} {s.arith[node.op]} {self.expr(node.right)}"
        if isinstance(node, ast.Neg):
            return f"-{self.expr(node.operand)}"
        if isinstance(node, ast.Num):
            return str(node.value)
        if isinstance(node, ast.Prop):
            return form_of(self.prop(node))
        if isinstance(node, ast.Count):
            found = self.selection(node.selector.atoms) or forms(self.raw(node.selector))
            return self.fill(s.count, selection=Arg(found))
        return self.condition(node)

    def arg(self, node: ast.Expr) -> Arg:
        """A value as an argument: a name keeps its forms, a number its value."""
        if isinstance(node, ast.Phrase):
            found = self.value(node.atoms, "")
            if found is not None:
                return found
        if isinstance(node, ast.Num):
            return Arg.count(str(node.value), node.value)
        if isinstance(node, ast.Prop):
            return Arg(self.prop(node), counted=True)
        return Arg.text(self.expr(node))

    def prop(self, node: ast.Prop) -> Forms:
        owner, *names = node.path
        current = self.name(owner)
        if owner == "event" and self.words is not None and names:
            current = self.name(names.pop(0))
        for name in names:
            found = self.words.properties.get(name) if self.words is not None else None
            prop = Arg(found or forms(name))
            text = self.fill(self.s.prop, owner=Arg(current), prop=prop)
            current = forms(text, gender=prop.words.get("gender", "m"))
        return current

    # ---- the game's words ----------------------------------------------------------------

    def raw_atoms(self, atoms: Atoms) -> str:
        return " ".join(
            form_of(self.me) if isinstance(a, ast.Word) and a.text == "self"
            else a.text if isinstance(a, ast.Word)
            else self.expr(a)
            for a in atoms
        )  # fmt: skip

    def raw(self, phrase: ast.Phrase) -> str:
        """A phrase as the author wrote it, ``self`` as the bearer."""
        return self.raw_atoms(phrase.atoms)

    def match(self, table: Mapping[str, str], atoms: Atoms, pattern: bool = False) -> str | None:
        """``atoms`` in the words of the first entry of ``table`` whose template they fit."""
        for template, target in _entries(table):
            for slices in matches(template, atoms):
                args: dict[str, Arg | str] = {}
                for param, (start, end) in zip(template.params, slices, strict=True):
                    found = self.value(atoms[start:end], "" if pattern else param.type)
                    if found is None:
                        break
                    args[param.name] = found
                else:
                    return self.fill(target, **args)
        return None

    def trigger(self, clause: ast.Trigger) -> str:
        if self.words is not None:
            prefix = f"{clause.form.value} "
            table = {
                key[len(prefix) :]: target
                for key, target in self.words.triggers.items()
                if key.startswith(prefix)
            }
            found = self.match(table, clause.pattern.atoms, pattern=True)
            if found is not None:
                return found
        return f"{self.s.heads[clause.form]} {self.raw(clause.pattern)}"

    def verb(self, phrase: ast.Phrase) -> str:
        found = None if self.words is None else self.match(self.words.verbs, phrase.atoms)
        return self.raw(phrase) if found is None else found

    def condition(self, phrase: ast.Phrase) -> str:
        if self.words is not None:
            found = self.match(self.words.conditions, phrase.atoms)
            if found is None:
                found = self.generic(phrase.atoms, self.s.is_there)
            if found is None:
                value = self.value(phrase.atoms, "")
                found = None if value is None else form_of(value.words)
            if found is not None:
                return found
        return self.raw(phrase)

    def generic(self, atoms: Atoms, template: str) -> str | None:
        """``<unit> <filter>...`` and ``<unit> is a/an <noun> <filter>...``."""
        assert self.words is not None
        if len(atoms) < 2 or not isinstance(atoms[0], ast.Word):
            return None
        unit = self.value(atoms[:1], "")
        if unit is None:
            return None
        words = _words(atoms[1:3])
        if words is not None and len(words) == 2 and words[0] == "is" and words[1] in ("a", "an"):
            if template != self.s.is_there:
                return None
            noun = self.noun(atoms[3]) if len(atoms) > 3 else None
            filters = self.filters(atoms[4:])
            if noun is None or filters is None:
                return None
            return self.fill(self.s.is_a, unit=unit, noun=Arg(noun), filters=" ".join(filters))
        filters = self.filters(atoms[1:])
        if not filters:
            return None
        return self.fill(template, unit=unit, filters=" ".join(filters))

    def stat(self, phrase: ast.Phrase) -> Forms:
        """A stat, or ``<stat> of <selector>``: the stat of the entities it finds."""
        if self.words is None:
            return forms(self.raw(phrase))
        atoms = phrase.atoms
        words = _words(atoms)
        found = None if words is None else self.words.stats.get(" ".join(words))
        if found is not None:
            return found
        at = next((i for i, a in enumerate(atoms) if isinstance(a, ast.Word) and a.text == "of"), 0)
        head = _words(atoms[:at]) if at else None
        stat = None if head is None else self.words.stats.get(" ".join(head))
        who = None if stat is None else self.selection(atoms[at + 1 :])
        if stat is not None and who is not None:
            return forms(self.fill(self.s.aura_stat, stat=Arg(stat), who=Arg(who)))
        return forms(self.raw(phrase))

    def permission(self, phrase: ast.Phrase) -> Forms:
        words = _words(phrase.atoms)
        found = None
        if self.words is not None and words is not None:
            found = self.words.permissions.get(" ".join(words))
        return forms(self.raw(phrase)) if found is None else found

    def context(self, name: str) -> Forms:
        found = self.words.contexts.get(name) if self.words is not None else None
        if found is None and name == ONCE_PER_TRIGGER:
            return self.s.trigger_context
        return forms(name) if found is None else found

    def name(self, word: str) -> Forms:
        if word == "self":
            return self.me
        if word == "it" and self.each:
            return self.each[-1]
        found = self.words.names.get(word) if self.words is not None else None
        return forms(word) if found is None else found

    def value(self, atoms: Atoms, kind: str) -> Arg | None:
        """``atoms`` as a value of ``kind`` (``""``: a trigger's payload pattern, or not
        known): a number, a name, a selection, a pattern (``an enemy``) or a constant."""
        if not atoms:
            return None
        words = _words(atoms)
        if kind == "int":
            if len(atoms) != 1:
                return None
            atom = atoms[0]
            if isinstance(atom, ast.Word):
                return Arg(self.name(atom.text), counted=True)
            number = atom.value if isinstance(atom, ast.Num) else None
            return Arg.count(self.expr(atom), number)
        if kind in _PLAIN:
            return Arg.text(self.raw_atoms(atoms))
        kinds = self.words.kinds if self.words is not None else frozenset()
        if kind and kind.rstrip("*") not in kinds:  # a constant set
            if words is None:
                return None
            key = " ".join(words)
            found = self.words.constants.get(key) if self.words is not None else None
            return Arg(found or forms(key))
        if len(atoms) == 1:
            atom = atoms[0]
            if not isinstance(atom, ast.Word):
                return self.arg(atom)
            named = self.words is not None and atom.text in self.words.names
            if named or atom.text in ("self", "it") or self.noun(atom) is None:
                return Arg(self.name(atom.text))  # a bound name before a noun (nshex 'unit')
        first = atoms[0]
        if isinstance(first, ast.Word) and first.text in ("a", "an", "any") and len(atoms) > 1:
            pattern = self.selection(atoms[1:], indefinite=True)
            if pattern is not None:
                return Arg(pattern)
        found = self.selection(atoms)
        if found is not None:
            return Arg(found)
        if not kind and words is not None and self.words is not None:
            constant = self.words.constants.get(" ".join(words))
            if constant is not None:
                return Arg(constant)
        return None

    def this(self, atoms: Atoms) -> Forms | None:
        """``it`` inside ``for each <selector>``: the selector's noun with "this" (its
        ``this.<case>`` forms: ``ten wróg``, ``dieser Feind``, ``cet ennemi``)."""
        for atom in atoms:
            noun = self.noun(atom)
            if noun is not None:
                cases = {k[5:]: v for k, v in noun.items() if k.startswith("this.")}
                if "nom" not in cases:
                    return None
                return MappingProxyType({**cases, "gender": noun.get("gender", "m")})
        return None

    def noun(self, atom: ast.Word | ast.Expr) -> Forms | None:
        if self.words is None or not isinstance(atom, ast.Word):
            return None
        for key, found in self.words.nouns.items():
            if atom.text in key.split("/"):
                return found
        return None

    def selection(self, atoms: Atoms, *, indefinite: bool = False) -> Forms | None:
        """A selector's forms: ``[picker] noun filter...``; each case of a plain selection
        is its plural (``all.<case>``), of an ``a``/``an``/``any`` pattern its singular."""
        if self.words is None or not atoms:
            return None
        picker: Forms | None = None
        words = _words(atoms) or []
        for key, found in self.words.pickers.items():
            size = len(key.split())
            if words[:size] == key.split() and len(atoms) > size:
                picker, atoms = found, atoms[size:]
                break
        noun = self.noun(atoms[0])
        filters = self.filters(atoms[1:])
        if noun is None or filters is None:
            return None
        tail = " ".join(filters)
        slots = {
            slot: text if slot == "gender" or not tail else f"{text} {tail}"
            for slot, text in noun.items()
        }
        if picker is not None:
            noun_arg = Arg(MappingProxyType(slots))
            picked = {slot: self.fill(t, noun=noun_arg) for slot, t in picker.items()}
            return MappingProxyType({**picked, "gender": noun.get("gender", "m")})
        cases = "a." if indefinite else "all."
        for slot, text in list(slots.items()):
            if slot.startswith(cases):
                slots[slot[len(cases) :]] = text
        return MappingProxyType(slots)

    def filters(self, atoms: Atoms) -> list[str] | None:
        """Each filter of ``atoms`` in order, or None when they are not all filters."""
        if not atoms:
            return []
        assert self.words is not None
        for end in range(1, len(atoms) + 1):
            found = self.match(self.words.filters, atoms[:end])
            if found is not None:
                rest = self.filters(atoms[end:])
                if rest is not None:
                    return [found, *rest]
        return None


def form_of(words: Forms) -> str:
    return words.get("nom", "")
