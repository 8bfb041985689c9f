"""The language features over one :class:`~hexforge.core.lsp.project.Analysis`, as LSP types.

Pure functions of the analysis and a cursor, so the server module only wires them to
requests. Positions: hexforge spans are 1-based with an exclusive end column, LSP
positions 0-based; a cursor right after a word still counts as on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types as lsp

from hexforge.core.errors import Diagnostic, HexforgeError, Severity, Span
from hexforge.core.lsp.project import Analysis
from hexforge.core.lsp.words import WordKind, vocabulary_words
from hexforge.core.packs.compiled import CardEntry
from hexforge.core.packs.fields import Marked, marked_values
from hexforge.core.packs.models import EffectText, Ref
from hexforge.core.packs.yamlio import YamlDocument, YamlPath

SOURCE = "hexforge"
ERRORS_PAGE = "https://github.com/hexforge/hexforge/blob/main/docs/errors.md"
_SUGGESTION = re.compile(r"did you mean '([^']+)'")
_ITEM_KIND = {
    WordKind.VERB: lsp.CompletionItemKind.Function,
    WordKind.CONDITION: lsp.CompletionItemKind.Operator,
    WordKind.TRIGGER: lsp.CompletionItemKind.Event,
    WordKind.STAT: lsp.CompletionItemKind.Property,
    WordKind.SELECTOR: lsp.CompletionItemKind.Variable,
    WordKind.FILTER: lsp.CompletionItemKind.Operator,
    WordKind.PERMISSION: lsp.CompletionItemKind.Keyword,
    WordKind.WORD: lsp.CompletionItemKind.EnumMember,
    WordKind.NAME: lsp.CompletionItemKind.Variable,
    WordKind.KEYWORD: lsp.CompletionItemKind.Keyword,
}


def to_range(span: Span) -> lsp.Range:
    return lsp.Range(
        start=lsp.Position(line=max(span.line - 1, 0), character=max(span.column - 1, 0)),
        end=lsp.Position(line=max(span.end_line - 1, 0), character=max(span.end_column - 1, 0)),
    )


def diagnostics(analysis: Analysis) -> list[lsp.Diagnostic]:
    """The analysis' problems; a did-you-mean hint's word rides along for the quick fix."""
    return [_diagnostic(d) for d in analysis.diagnostics if d.span is not None]


def _diagnostic(found: Diagnostic) -> lsp.Diagnostic:
    assert found.span is not None
    hint = f"\nhint: {found.hint}" if found.hint else ""
    suggestion = _SUGGESTION.search(found.hint or "")
    return lsp.Diagnostic(
        range=to_range(found.span),
        message=found.message + hint,
        severity=(
            lsp.DiagnosticSeverity.Error
            if found.severity is Severity.ERROR
            else lsp.DiagnosticSeverity.Warning
        ),
        code=found.code,
        code_description=lsp.CodeDescription(href=f"{ERRORS_PAGE}#{found.code.lower()}"),
        source=SOURCE,
        data={"fix": suggestion.group(1)} if suggestion else None,
    )


def quick_fixes(uri: str, reported: list[lsp.Diagnostic]) -> list[lsp.CodeAction]:
    """One "replace with" fix per diagnostic whose hint named the word meant."""
    actions = []
    for found in reported:
        fix = found.data.get("fix") if isinstance(found.data, dict) else None
        if not isinstance(fix, str):
            continue
        edit = lsp.TextEdit(range=found.range, new_text=fix)
        actions.append(
            lsp.CodeAction(
                title=f"Replace with '{fix}'",
                kind=lsp.CodeActionKind.QuickFix,
                diagnostics=[found],
                is_preferred=True,
                edit=lsp.WorkspaceEdit(changes={uri: [edit]}),
            )
        )
    return actions


def completions(
    analysis: Analysis, cards: Mapping[str, CardEntry], position: lsp.Position
) -> list[lsp.CompletionItem]:
    """Inside an effect, the effect language's words (of the buffer's game); inside a card
    reference, the ids of the cards of the kinds it takes; elsewhere (or while the card
    does not yet validate), both."""
    found = _at(analysis, position)
    marker = found.marked.marker if found is not None else None
    items = []
    if analysis.vocabulary is not None and not isinstance(marker, Ref):
        for word in vocabulary_words(analysis.vocabulary):
            items.append(
                lsp.CompletionItem(
                    label=word.label,
                    kind=_ITEM_KIND[word.kind],
                    detail=f"{word.kind.value}: {word.detail}",
                    documentation=word.doc or None,
                    sort_text=f"0{word.label}",
                )
            )
    if isinstance(marker, EffectText):
        return items
    for card_id, entry in sorted(cards.items()):
        if isinstance(marker, Ref) and marker.kinds and entry.card.kind not in marker.kinds:
            continue
        items.append(
            lsp.CompletionItem(
                label=card_id,
                kind=lsp.CompletionItemKind.Reference,
                detail=f"{entry.card.kind}: {entry.card.name.en}",
                sort_text=f"1{card_id}",
            )
        )
    return items


@dataclass(frozen=True, slots=True)
class _Found:
    """A marked value (effect or reference) of the buffer's cards under the cursor."""

    marked: Marked
    span: Span
    pack: str


def hover(analysis: Analysis, position: lsp.Position, lang: str = "en") -> lsp.Hover | None:
    """The rules text an effect reads as, or what card a reference names, in ``lang``
    (the editor's language; English where the game has no words in it)."""
    found = _at(analysis, position)
    if found is None:
        return None
    if isinstance(found.marked.marker, Ref):
        entry = analysis.cards.get(_target(found))
        if entry is None:
            return None
        name = entry.card.name.en
        text = f"**{name}** ({entry.card.kind}, `{entry.card.id}`)"
    else:
        text = _rules_text(analysis, found.marked, lang) + "".join(
            f"\n\n{d.code}: {d.message}" for d in _inside(analysis, found.span)
        )
    return lsp.Hover(
        contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text),
        range=to_range(found.span),
    )


def definition(analysis: Analysis, position: lsp.Position) -> lsp.Location | None:
    """Where the card a reference names is written."""
    found = _at(analysis, position)
    if found is None or not isinstance(found.marked.marker, Ref):
        return None
    entry = analysis.cards.get(_target(found))
    if entry is None or "id" not in entry.at:
        return None
    span = entry.at["id"].span
    return lsp.Location(uri=Path(span.file or entry.file).resolve().as_uri(), range=to_range(span))


def _rules_text(analysis: Analysis, marked: Marked, lang: str) -> str:
    from hexforge.core.packs.words import word_of
    from hexforge.dsl.api import parse_text
    from hexforge.dsl.text import forms, rules_text, words_for

    if not isinstance(marked.marker, EffectText) or marked.marker.condition:
        return f"`{marked.text.strip()}`"
    if marked.marker.selection:
        return f"for each {marked.text.strip()}"
    try:
        effect = parse_text(marked.text)
    except HexforgeError as error:
        return f"(not yet an effect: {error.diagnostics[0].message})"
    words = words_for(analysis.vocabulary, lang)
    if words is not None and analysis.vocabulary is not None:
        # a card an effect names by its word (a token) is written by its name in lang
        constants = {v for values in analysis.vocabulary.constants.values() for v in values}
        named = {
            word_of(card_id): entry.card.name
            for card_id, entry in analysis.cards.items()
            if word_of(card_id) in constants
        }
        words = words.with_constants(
            {word: forms(getattr(name, lang, None) or name.en) for word, name in named.items()}
        )
    return "**Rules text:** " + rules_text(effect, lang=lang, words=words)


def _inside(analysis: Analysis, span: Span) -> list[Diagnostic]:
    """The problems reported inside ``span`` (an effect the rules text is written from)."""
    start, end = (span.line, span.column), (span.end_line, span.end_column)
    return [
        d
        for d in analysis.diagnostics
        if d.span is not None and start <= (d.span.line, d.span.column) <= end
    ]


def _target(found: _Found) -> str:
    text = found.marked.text
    return text if "/" in text else f"{found.pack}/{text}"


def _at(analysis: Analysis, position: lsp.Position) -> _Found | None:
    doc = analysis.document
    if doc is None:
        return None
    cursor = (position.line + 1, position.character + 1)
    for prefix, entry in _placed(doc, analysis.entries):
        for marked in marked_values(entry.card):
            node = doc.node((*prefix, *marked.path))
            if node is None:
                continue
            span = node.value
            if (span.line, span.column) <= cursor <= (span.end_line, span.end_column):
                pack = entry.card.id.split("/", 1)[0]
                return _Found(marked, span, pack)
    for prefix, model, pack in analysis.models:  # a scenario's setup: its card references
        for marked in marked_values(model):
            node = doc.node((*prefix, *marked.path))
            if node is None:
                continue
            span = node.value
            if (span.line, span.column) <= cursor <= (span.end_line, span.end_column):
                return _Found(marked, span, pack)
    return None


def _placed(
    doc: YamlDocument, entries: tuple[CardEntry, ...]
) -> Iterator[tuple[YamlPath, CardEntry]]:
    """Each card with the path of its mapping in the file."""
    by_id = {entry.card.id: entry for entry in entries}
    data = doc.data
    items: list[tuple[YamlPath, object]] = [((), data)] if isinstance(data, dict) else []
    if isinstance(data, list):
        items = [((index,), item) for index, item in enumerate(data)]
    for prefix, item in items:
        if isinstance(item, dict) and item.get("id") in by_id:
            yield prefix, by_id[item["id"]]
