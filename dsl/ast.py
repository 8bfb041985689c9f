"""The typed syntax tree of an effect text.

Every node is a frozen dataclass carrying the :class:`Span` of its source text. Spans are
left out of equality, so two texts that differ only in layout give equal trees (this is
what makes ``parse(pretty(tree)) == tree`` a meaningful round trip).

Game words never appear as node types: verb calls, selectors, conditions, stats and
trigger names are :class:`Phrase` values (words and argument expressions) that the
checker matches against the game's vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from hexforge.core.errors import Span


@dataclass(frozen=True, slots=True)
class Node:
    """Base of all nodes: the source span, excluded from equality and repr."""

    span: Span = field(compare=False, repr=False, kw_only=True)


# ---- expressions ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Word(Node):
    """One word of a phrase (``deal``, ``enemies``, ``self``)."""

    text: str


@dataclass(frozen=True, slots=True)
class Num(Node):
    """An integer literal."""

    value: int


@dataclass(frozen=True, slots=True)
class Prop(Node):
    """Property access ``target.wounds``: a bound name followed by property names."""

    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Count(Node):
    """``count(<selector>)``: how many entities the selector finds."""

    selector: Phrase


@dataclass(frozen=True, slots=True)
class Phrase(Node):
    """Words and argument values, matched by the checker against vocabulary templates."""

    atoms: tuple[Word | Expr, ...]

    def words(self) -> tuple[str, ...] | None:
        """The words when the phrase has no argument values, else None."""
        texts = tuple(a.text for a in self.atoms if isinstance(a, Word))
        return texts if len(texts) == len(self.atoms) else None


class ArithOp(StrEnum):
    ADD = "+"
    SUB = "-"
    MUL = "*"


class CompareOp(StrEnum):
    EQ = "=="
    NE = "!="
    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="


class LogicOp(StrEnum):
    AND = "and"
    OR = "or"


@dataclass(frozen=True, slots=True)
class Neg(Node):
    """Unary minus."""

    operand: Expr


@dataclass(frozen=True, slots=True)
class Arith(Node):
    """Integer arithmetic: ``a + b``, ``a - b``, ``a * b``."""

    op: ArithOp
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Compare(Node):
    """A comparison of two integers (or of two values of the same kind for ``==``/``!=``)."""

    op: CompareOp
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Logic(Node):
    """``a and b`` / ``a or b``."""

    op: LogicOp
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Not(Node):
    """``not a``."""

    operand: Expr


Expr = Num | Prop | Count | Phrase | Neg | Arith | Compare | Logic | Not

# ---- statements -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Do(Node):
    """A verb phrase: ``deal 2 wounds to target``."""

    phrase: Phrase


@dataclass(frozen=True, slots=True)
class If(Node):
    """``if <cond>: ... [else: ...]``; ``otherwise`` is empty when there is no else."""

    condition: Expr
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...] = ()


@dataclass(frozen=True, slots=True)
class Unless(Node):
    """``unless <cond>: ...``: the body runs when the condition does not hold."""

    condition: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class ForEach(Node):
    """``for each <selector>: ...`` with ``it`` bound to each entity in turn."""

    selector: Phrase
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class ChooseOne(Node):
    """``choose one:`` alternatives; the controlling player picks exactly one."""

    options: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Row(Node):
    """One row of a success table: ``N:`` (exactly N successes) or ``N+:`` (N or more)."""

    successes: int
    or_more: bool
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class StatTest(Node):
    """``test <stat> [+N] [against <stat> of <unit>]:`` with its success table."""

    stat: Phrase
    bonus: Expr | None
    against: Phrase | None
    rows: tuple[Row, ...]


Stmt = Do | If | Unless | ForEach | ChooseOne | StatTest

# ---- clauses --------------------------------------------------------------------------


class TriggerForm(StrEnum):
    """The trigger wordings a game can map to its events."""

    UPON = "upon"
    AT_END_OF = "at end of"
    WHEN = "when"


@dataclass(frozen=True, slots=True)
class Trigger(Node):
    """``upon X:``, ``at end of X:`` or ``when <pattern>``, optionally ``once per <kind>``
    and ``if <cond>``, and its body."""

    form: TriggerForm
    pattern: Phrase
    condition: Expr | None
    body: tuple[Stmt, ...]
    once_per: str | None = None


class ModifierSign(StrEnum):
    ADD = "+"
    SUB = "-"
    SET = "="


@dataclass(frozen=True, slots=True)
class ModifierRule(Node):
    """A continuous change of a stat: ``scope +1``, ``speed = 3``; ``speed of enemies
    adjacent to self -1`` reaches other entities (the stat phrase names them)."""

    stat: Phrase
    sign: ModifierSign
    amount: Expr


@dataclass(frozen=True, slots=True)
class PermissionRule(Node):
    """``can <action>`` / ``cannot <action>``; with a ``subject`` selector (``enemies
    adjacent to self cannot move``) it reaches other entities (an aura)."""

    allowed: bool
    action: Phrase
    subject: Phrase | None = None


Passive = ModifierRule | PermissionRule


@dataclass(frozen=True, slots=True)
class While(Node):
    """``while <cond>:`` modifiers and permissions that hold as long as the condition does."""

    condition: Expr
    rules: tuple[Passive, ...]


Clause = Trigger | While | ModifierRule | PermissionRule | Stmt


@dataclass(frozen=True, slots=True)
class Effect(Node):
    """A whole effect text: its clauses in order."""

    clauses: tuple[Clause, ...]
