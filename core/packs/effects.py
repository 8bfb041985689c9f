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

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.compiled import Located, Permission
from hexforge.core.packs.yamlio import YamlDocument, YamlPath
from hexforge.dsl import ast
from hexforge.dsl.api import check_text, parse_text
from hexforge.dsl.positions import ScalarPosition, map_diagnostic, map_span
from hexforge.dsl.vocabulary import Vocabulary

_PERMISSION = re.compile(r"\bcan(not)?\b")


@dataclass(frozen=True, slots=True)
class EffectReport:
    """What checking one effect text found: problems (in file terms) and permissions."""

    diagnostics: tuple[Diagnostic, ...]
    permissions: tuple[Permission, ...]


def check_effect(
    text: str, vocabulary: Vocabulary, doc: YamlDocument, path: YamlPath
) -> EffectReport:
    """Check the effect ``text`` written at ``path`` in ``doc`` against ``vocabulary``."""
    node = doc.node(path)
    if node is None:  # not written in this file: nothing to point at
        return EffectReport((), ())
    scalar = ScalarPosition.at(doc.file, doc.lines, node.value.line - 1, node.value.column - 1)
    found = check_text(text, vocabulary, file=doc.file)
    diagnostics = tuple(map_diagnostic(d, scalar) for d in found)
    if diagnostics or not _PERMISSION.search(text):
        return EffectReport(diagnostics, ())
    return EffectReport(diagnostics, tuple(_permissions(text, scalar, doc)))


def _permissions(text: str, scalar: ScalarPosition, doc: YamlDocument) -> list[Permission]:
    try:
        effect = parse_text(text, file=doc.file)
    except HexforgeError:  # already reported by check_text
        return []
    found: list[Permission] = []
    for clause in effect.clauses:
        rules: tuple[object, ...] = (clause,)
        conditional = isinstance(clause, ast.While)
        if isinstance(clause, ast.While):
            rules = clause.rules
        for rule in rules:
            if isinstance(rule, ast.PermissionRule):
                words = rule.action.words()
                if words is None:
                    continue
                span = map_span(rule.span, scalar)
                at = Located(span, doc.source_line(span.line))
                found.append(Permission(" ".join(words), rule.allowed, conditional, at))
    return found
