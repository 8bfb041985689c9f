"""A card file given to ``hexforge validate`` by path that lies in no pack.

Its cards are checked as if they were in the pack their ids name: the game is the one
whose card kinds include the first card's ``kind``; when a pack of that id is in the run
(installed, or given), the file is checked as one more file of it - references, ids and
overrides against that pack's cards - otherwise as a pack of its own requiring every pack
of the game, so its references to the base game resolve. Only the file's own problems are
reported.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from hexforge.core.errors import Diagnostic, Span
from hexforge.core.packs import codes
from hexforge.core.packs.catalogue import GameContent
from hexforge.core.packs.compiled import CompiledPack, Located
from hexforge.core.packs.compiler import compile_loaded
from hexforge.core.packs.crosscheck import cross_check
from hexforge.core.packs.filekinds import ANY_GAME, FileContext, FileKind
from hexforge.core.packs.models import PackManifest
from hexforge.core.packs.words import card_words
from hexforge.core.packs.yamlio import LoadResult, YamlDocument

_PACK_CODES = {
    codes.DUPLICATE_PACK,
    codes.MISSING_PACK,
    codes.PACK_VERSION,
    codes.BAD_VERSION_RANGE,
    codes.REQUIRES_CYCLE,
}
"""Problems of the stand-in pack itself, not of the file."""


def is_cards(data: Any) -> bool:
    """``data`` is a card (a mapping with ``id`` and ``kind``) or a list starting with one."""
    first = data[0] if isinstance(data, list) and data else data
    return isinstance(first, dict) and "id" in first and "kind" in first


def check_lone_cards(document: YamlDocument, context: FileContext) -> list[Diagnostic]:
    """Every problem of the cards in ``document``, a file of no pack (module docstring)."""
    data = document.data
    first = data[0] if isinstance(data, list) else data
    kind, card_id = str(first.get("kind")), str(first.get("id"))
    pack_id = card_id.partition("/")[0] if "/" in card_id else ""
    games = [g for g in context.catalogue.games.values() if kind in g.models]
    if not games:
        kinds = sorted({k for g in context.catalogue.games.values() for k in g.models})
        return [
            document.diagnostic(
                codes.UNKNOWN_KIND,
                f"no installed game has the card kind '{kind}'",
                (0, "kind") if isinstance(data, list) else ("kind",),
                hint=f"card kinds: {', '.join(kinds) or 'none'}",
            )
        ]
    owners = {p.manifest.game for p in context.packs if p.id == pack_id and p.manifest}
    game = next((g for g in games if g.id in owners), games[0])
    name = document.file or "<cards>"
    packs = context.packs_of(game.id)
    named = [(e.card.kind, e.card.replaces or e.card.id) for p in packs for e in p.cards()]
    named += [
        (str(item.get("kind")), str(item.get("replaces") or item.get("id")))
        for item in (data if isinstance(data, list) else [data])
        if isinstance(item, dict)
    ]
    words = card_words(named, game.word_kinds)
    loaded = LoadResult(document, ())
    result = compile_loaded(loaded, name, pack_id or "lone", game, words)
    home = next((p for p in packs if p.id == pack_id), None)
    if home is None:
        home = _stand_in(pack_id, game, packs, name)
        all_packs = [*context.packs, home]
    else:
        all_packs = list(context.packs)
    updated = replace(home, files=(*home.files, result))
    all_packs = [updated if p is home else p for p in all_packs]
    found = [*result.diagnostics, *cross_check(all_packs, [updated], context.catalogue)]
    return [
        d
        for d in dict.fromkeys(found)
        if d.code not in _PACK_CODES and d.span is not None and d.span.file == name
    ]


def _stand_in(
    pack_id: str, game: GameContent, packs: list[CompiledPack], file: str
) -> CompiledPack:
    """A pack of the file alone, requiring every pack of its game (any version)."""
    required = {p.id: "*" for p in packs if p.id is not None and p.id != pack_id}
    fields = {"name": {"en": "a file"}, "version": "0.0.0", "game": game.id}
    try:
        manifest = PackManifest.model_validate({**fields, "id": pack_id, "requires": required})
    except ValidationError:  # an id not of a pack (HF205 at the card's id says so)
        manifest = PackManifest.model_validate({**fields, "id": "lone", "requires": required})
    here = Located(Span.point(file, 1, 1), None)
    at = {"id": here, "game": here}
    for other in required:
        at[f"requires/{other}"] = here
        at[f"requires/{other}:key"] = here
    return CompiledPack(str(Path(file).parent), manifest, at)


LONE_CARDS = FileKind(ANY_GAME, "cards", check_lone_cards, keys=("id", "kind"))
"""The kind of a lone card file (recognised by :func:`is_cards`, lists included)."""
