"""The one place where card validation calls the effect DSL (``hexforge.dsl.api``).

An effect field is a YAML scalar; the DSL checks its *value* and reports spans relative to
it (line 1, column 1 = the first character). :func:`check_effect` places those diagnostics
in the YAML file through the scalar's source position and style, so the caret lands under
the offending word even inside a quoted or block scalar. It also lists the effect's
unconditional and conditional ``can`` / ``cannot`` rules, for the same-tier conflict check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hexforge.core.errors import Diagnostic, Span
from hexforge.core.packs.compiled import Located, Permission
from hexforge.core.packs.yamlio import YamlDocument, YamlPath
from hexforge.dsl.positions import ScalarPosition, map_diagnostic, map_span
from hexforge.dsl.vocabulary import Vocabulary

_PERMISSION = re.compile(r"\bcan(not)?\b")


@dataclass(frozen=True, slots=True)
class EffectReport:
    """What checking one effect text found: problems (in file terms) and permissions."""

    diagnostics: tuple[Diagnostic, ...]
    permissions: tuple[Permission, ...]


def check_effect(
    text: str,
    vocabulary: Vocabulary,
    doc: YamlDocument,
    path: YamlPath,
    place: str | None = None,
    *,
    condition: bool = False,
    selection: bool = False,
    runs: bool = False,
) -> EffectReport:
    """Check the effect ``text`` written at ``path`` in ``doc`` against ``vocabulary``;
    ``place`` is the card field it is (``glory.mission``), for verbs a game allows only in
    some fields; ``condition``: the text is one condition, not a whole effect; ``runs``:
    the game runs it as an action, so it must hold a statement (HF328)."""
    node = doc.node(path)
    if node is None:  # not written in this file: nothing to point at
        return EffectReport((), ())
    scalar = ScalarPosition.at(doc.file, doc.lines, node.value.line - 1, node.value.column - 1)
    found, rules = _checked(text, vocabulary, place, condition, selection, runs)
    diagnostics = tuple(map_diagnostic(d, scalar) for d in found)
    permissions = []
    for action, allowed, conditional, span in rules:
        where = map_span(span, scalar)
        at = Located(where, doc.source_line(where.line))
        permissions.append(Permission(action, allowed, conditional, at))
    return EffectReport(diagnostics, tuple(permissions))


_Rule = tuple[str, bool, bool, Span]
_MEMO: dict[
    tuple[int, str, str | None, bool, bool, bool],
    tuple[Vocabulary, list[Diagnostic], list[_Rule]],
] = {}
_MEMO_SIZE = 20_000


def _checked(
    text: str,
    vocabulary: Vocabulary,
    place: str | None,
    condition: bool = False,
    selection: bool = False,
    runs: bool = False,
) -> tuple[list[Diagnostic], list[_Rule]]:
    """check_text (check_condition for a condition) plus the permission rules, memoised:
    cards repeat effect texts a lot."""
    key = (id(vocabulary), text, place, condition, selection, runs)
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is vocabulary:
        return hit[1], hit[2]
    from hexforge.dsl.api import check_condition, check_text  # the parser loads when needed

    rules: list[_Rule] = []
    if selection:
        from hexforge.dsl.selections import check_selection

        found = check_selection(text, vocabulary)
    elif condition:
        found = check_condition(text, vocabulary)
    else:
        found = check_text(text, vocabulary, place=place, runs=runs)
        if not found and _PERMISSION.search(text):
            rules = _permissions(text, vocabulary)
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = (vocabulary, found, rules)
    return found, rules


def _permissions(text: str, vocabulary: Vocabulary) -> list[_Rule]:
    """The effect's ``can`` / ``cannot`` rules by the vocabulary's action id.

    An aura (a rule reaching other models) counts as conditional: whom it affects depends
    on where models stand, so it cannot be seen to conflict statically.
    """
    from hexforge.core.rules import Reach
    from hexforge.dsl.api import permission_sites

    return [
        (site.action, site.allowed, site.conditional or site.reach is Reach.ANY, site.span)
        for site in permission_sites(text, vocabulary)
    ]
