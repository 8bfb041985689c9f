"""Compiling one pack on its own: the manifest, then each card file against its kind.

Every problem is collected, never raised: a pack with ten broken cards reports ten
problems in one run. A file with YAML errors is not checked against the models (its data
would be a guess); every other file is.
"""

from __future__ import annotations

import difflib
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from pydantic import ValidationError

from hexforge.core.errors import Diagnostic, Severity, Span
from hexforge.core.packs import codes
from hexforge.core.packs.catalogue import GameContent
from hexforge.core.packs.compiled import (
    CardEntry,
    FileResult,
    Located,
    Permission,
    Reference,
    capped,
)
from hexforge.core.packs.effects import check_effect
from hexforge.core.packs.fields import marked_values
from hexforge.core.packs.model_errors import dotted, model_diagnostics
from hexforge.core.packs.models import Card, EffectText, PackManifest, Ref
from hexforge.core.packs.words import CardWords
from hexforge.core.packs.yamlio import (
    LoadResult,
    YamlDocument,
    YamlPath,
    load_file,
    not_a_file,
)
from hexforge.dsl.vocabulary import Vocabulary

MANIFEST = "pack.yaml"
CARD_SUFFIXES = (".yaml", ".yml")


def load_manifest(root: Path, display: str) -> tuple[YamlDocument | None, list[Diagnostic]]:
    """The pack.yaml document of ``root`` and its YAML problems (HF228 when pack.yaml is a
    symbolic link leading out of the pack folder: nothing outside a pack is read)."""
    name = _join(display, MANIFEST)
    if not _inside(root / MANIFEST, root):
        return None, [_outside_file(name, MANIFEST)]
    result = load_file(root / MANIFEST, name=name)
    return _usable(result)


def validate_manifest(doc: YamlDocument) -> tuple[PackManifest | None, list[Diagnostic]]:
    """The manifest model, or its problems at their positions."""
    try:
        return PackManifest.model_validate_json(json.dumps(doc.data), strict=True), []
    except ValidationError as error:
        return None, model_diagnostics(error, doc, (), PackManifest)


def manifest_positions(doc: YamlDocument) -> dict[str, Located]:
    """Where the manifest's id, game and each ``requires`` entry are written."""
    found: dict[str, Located] = {}
    for name in ("id", "game", "version", "languages"):
        found[name] = located(doc, (name,))
    requires = doc.data.get("requires") if isinstance(doc.data, dict) else None
    for pack in requires or {}:
        found[f"requires/{pack}"] = located(doc, ("requires", pack))
        found[f"requires/{pack}:key"] = located(doc, ("requires", pack), key=True)
    for index, _ in enumerate(doc.data.get("cards") or [] if isinstance(doc.data, dict) else []):
        found[f"cards/{index}"] = located(doc, ("cards", index))
    return found


def card_files(
    root: Path, display: str, manifest: PackManifest, at: dict[str, Located]
) -> tuple[list[tuple[Path, str]], list[Diagnostic]]:
    """The card files of a pack, sorted, with a problem for each missing listed folder.

    Only what is inside the pack folder is read: a listed folder that is absolute, has a
    ``..`` or leads out through a symbolic link, and a card file that is a link to a file
    outside, are HF228; a ``*.yaml`` that is not a regular file (a FIFO, a device) is
    HF112 and never opened.
    """
    files: list[tuple[Path, str]] = []
    problems: list[Diagnostic] = []
    for index, folder in enumerate(manifest.cards):
        where = at.get(f"cards/{index}")
        escape = _escape(root, folder)
        if escape is not None:
            message = f"cards folder '{folder}' {escape}; a pack reads only its own folder"
            hint = "list folders relative to pack.yaml, inside the pack, without '..'"
            problems.append(
                where.diagnostic(codes.OUTSIDE_PACK, message, hint)
                if where is not None
                else Diagnostic(
                    codes.OUTSIDE_PACK, message, Span.point(_join(display, MANIFEST), 1, 1)
                )
            )
            continue
        base = root / folder
        if not base.is_dir():
            if where is not None:  # the default 'cards' folder may be absent: an empty pack
                problems.append(
                    where.diagnostic(
                        codes.MISSING_FOLDER,
                        f"cards folder '{folder}' does not exist in the pack",
                        "the folder is relative to pack.yaml",
                    )
                )
            continue
        skip = len(str(base)) + 1
        lead = "" if Path(folder).as_posix() == "." else Path(folder).as_posix() + "/"
        found = []
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            found += [
                lead + os.path.join(dirpath, name)[skip:].replace(os.sep, "/")
                for name in filenames
                if name.endswith(CARD_SUFFIXES) and not name.startswith(".")
            ]
        for relative in sorted(f for f in found if f != MANIFEST):
            path, name = root / relative, _join(display, relative)
            try:
                mode = path.lstat().st_mode
            except OSError:  # gone since the walk: loading it reports the error
                mode = stat.S_IFREG
            if stat.S_ISLNK(mode):  # os.walk enters no linked folder: only a link leads out
                if not _inside(path, root):
                    problems.append(_outside_file(name, relative))
                    continue
                try:
                    mode = path.stat().st_mode
                except OSError:  # a dangling link: loading it reports the error
                    mode = stat.S_IFREG
            if not stat.S_ISREG(mode):
                problems.append(not_a_file(name, mode))
                continue
            files.append((path, name))
    return files, problems


def _escape(root: Path, folder: str) -> str | None:
    """How the listed ``folder`` leaves the pack folder ``root``, or None if it does not."""
    if PurePosixPath(folder).is_absolute() or PureWindowsPath(folder).is_absolute():
        return "is an absolute path"
    if PureWindowsPath(folder).drive or ".." in PureWindowsPath(folder).parts:
        return "goes up out of the pack ('..')"
    if not _inside(root / folder, root):
        return "leads out of the pack through a symbolic link"
    return None


def _inside(path: Path, root: Path) -> bool:
    """``path``, its symbolic links followed, is ``root`` or inside it."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a link loop: not inside anything
        return False


def _outside_file(name: str, relative: str) -> Diagnostic:
    return Diagnostic(
        codes.OUTSIDE_PACK,
        f"'{relative}' is a symbolic link to a file outside the pack folder; it is not read",
        Span.point(name, 1, 1),
        None,
        "copy the file into the pack, or link to a file inside it",
    )


def compile_file(
    path: Path, name: str, pack_id: str, game: GameContent, words: CardWords = ()
) -> FileResult:
    """Load one card file and validate every card in it; effect texts are checked with the
    card ``words`` of the run's packs (:mod:`hexforge.core.packs.words`)."""
    return compile_loaded(load_file(path, name=name), name, pack_id, game, words)


def compile_loaded(
    loaded: LoadResult, name: str, pack_id: str, game: GameContent, words: CardWords = ()
) -> FileResult:
    """Validate the cards of a file already read: the language server compiles the unsaved
    text of an editor's buffer (``load_text``) exactly as validate compiles a file."""
    doc, problems = _usable(loaded)
    if doc is None:
        return FileResult(name, (), tuple(problems))
    vocabulary = game.vocabulary_with(words)
    entries: list[CardEntry] = []
    for prefix, item in _items(doc, problems):
        entry = _compile_card(doc, prefix, item, pack_id, game, vocabulary, problems)
        if entry is not None:
            entries.append(entry)
    return FileResult(name, tuple(entries), tuple(capped(sorted(problems, key=_position))))


def _position(diagnostic: Diagnostic) -> tuple[int, int]:
    span = diagnostic.span
    return (span.line, span.column) if span is not None else (0, 0)


def _usable(result: LoadResult) -> tuple[YamlDocument | None, list[Diagnostic]]:
    problems = list(result.diagnostics)
    return (result.document if not problems else None), problems


def _items(doc: YamlDocument, problems: list[Diagnostic]) -> Iterator[tuple[YamlPath, Any]]:
    data = doc.data
    if data is None or data == []:
        problems.append(
            doc.diagnostic(
                codes.NO_CARDS,
                "the file holds no cards",
                hint="write one card (a mapping) or a list of cards, or delete the file",
                severity=Severity.WARNING,
            )
        )
        return
    if isinstance(data, dict):
        yield (), data
        return
    if not isinstance(data, list):
        problems.append(
            doc.diagnostic(
                codes.NOT_CARDS,
                "a card file holds one card (a mapping) or a list of cards",
                hint="start the card with 'id:' or each card of a list with '- id:'",
            )
        )
        return
    for index, item in enumerate(data):
        if isinstance(item, dict):
            yield (index,), item
        else:
            problems.append(
                doc.diagnostic(
                    codes.NOT_CARDS,
                    f"item {index + 1} of the list is not a card (a mapping)",
                    (index,),
                    hint="each card of a list starts with '- id:'",
                )
            )


def _compile_card(
    doc: YamlDocument,
    prefix: YamlPath,
    item: dict[str, Any],
    pack_id: str,
    game: GameContent,
    vocabulary: Vocabulary | None,
    problems: list[Diagnostic],
) -> CardEntry | None:
    model = _model_for(doc, prefix, item, game, problems)
    if model is None:
        return None
    try:
        card = model.model_validate_json(json.dumps(item), strict=True)
    except ValidationError as error:
        problems.extend(model_diagnostics(error, doc, prefix, model))
        return None
    problems.extend(_duplicate_entries(doc, prefix, item))
    at: dict[str, Located] = {
        name: located(doc, (*prefix, name), key=name in ("name", "text"))
        for name in ("id", "kind", "name", "text", "replaces")
        if name in item
    }
    references: list[Reference] = []
    if card.replaces is not None:
        references.append(Reference(card.replaces, (card.kind,), "replaces", at["replaces"]))
    permissions: list[Permission] = []
    for marked in marked_values(card):
        path = (*prefix, *marked.path)
        if isinstance(marked.marker, Ref):
            target = marked.text if "/" in marked.text else f"{pack_id}/{marked.text}"
            field = dotted(marked.path)
            references.append(Reference(target, marked.marker.kinds, field, located(doc, path)))
        elif isinstance(marked.marker, EffectText) and vocabulary is not None:
            report = check_effect(
                marked.text,
                vocabulary,
                doc,
                path,
                place(card, marked.path),
                condition=marked.marker.condition,
                selection=marked.marker.selection,
                runs=marked.marker.runs is True,
            )
            problems.extend(report.diagnostics)
            permissions.extend(report.permissions)
    return CardEntry(card, doc.file or "", at, tuple(references), tuple(permissions))


def _duplicate_entries(doc: YamlDocument, path: YamlPath, value: Any) -> Iterator[Diagnostic]:
    """Two mappings of one list inside a card with the same ``id`` (two skills ``rally``):
    whatever names an entry by its id would find only one of them."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _duplicate_entries(doc, (*path, key), child)
    elif isinstance(value, list):
        first: dict[str, int] = {}
        for index, entry in enumerate(value):
            yield from _duplicate_entries(doc, (*path, index), entry)
            ident = entry.get("id") if isinstance(entry, dict) else None
            if not isinstance(ident, str):
                continue
            if ident in first:
                earlier = doc.span((*path, first[ident], "id")).line
                field = next((p for p in reversed(path) if isinstance(p, str)), "the card")
                yield doc.diagnostic(
                    codes.DUPLICATE_ENTRY_ID,
                    f"two entries of '{field}' have the id '{ident}'",
                    (*path, index, "id"),
                    hint=f"the first is on line {earlier}; give each entry its own id",
                )
            else:
                first[ident] = index


def place(card: Card, path: YamlPath) -> str:
    """The card field an effect is written in, as vocabularies name it: the kind and the
    field names down to it, list positions left out (``character.skills.effect``)."""
    return ".".join([card.kind, *(str(part) for part in path if not isinstance(part, int))])


def _model_for(
    doc: YamlDocument,
    prefix: YamlPath,
    item: dict[str, Any],
    game: GameContent,
    problems: list[Diagnostic],
) -> type[Card] | None:
    kinds = game.kinds()
    listed = ", ".join(kinds) or "none yet"
    if "kind" not in item:
        problems.append(
            doc.diagnostic(
                codes.MISSING_FIELD,
                "missing required field 'kind'",
                prefix,
                key=bool(prefix),
                hint=f"add 'kind:'; kinds of game {game.id}: {listed}",
            )
        )
        return None
    kind = item["kind"]
    if not isinstance(kind, str) or kind not in game.kind_tiers:
        close = difflib.get_close_matches(str(kind), kinds, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"kinds of game {game.id}: {listed}"
        problems.append(
            doc.diagnostic(
                codes.UNKNOWN_KIND,
                f"'{kind}' is not a card kind of game {game.id}",
                (*prefix, "kind"),
                hint=hint,
            )
        )
        return None
    model = game.models.get(kind)
    if model is None:
        problems.append(
            doc.diagnostic(
                codes.KIND_WITHOUT_MODEL,
                f"no installed plugin defines the fields of card kind '{kind}' of game {game.id}",
                (*prefix, "kind"),
                hint="install or update the game's plugin (see 'hexforge plugins')",
            )
        )
    return model


def located(doc: YamlDocument, path: YamlPath, *, key: bool = False) -> Located:
    """The position of ``path`` in ``doc``, kept for later reports."""
    span = doc.span(path, key=key)
    return Located(span, doc.source_line(span.line))


def _join(display: str, relative: str) -> str:
    return relative if display in ("", ".") else f"{display.rstrip('/')}/{relative}"
