"""Effect-language words named by cards: a game's ``game.yaml`` ``words:`` section.

``words: {token: [buff, debuff]}`` makes each buff and debuff card a word of the constant
set ``token``. The words of a run are those of every pack of the game being validated or
played (so a card may name a token another pack defines), and they are the same in
``hexforge validate`` and in play: both spell a card's word with :func:`word_of` from the
card's id (the id it replaces, for a card with ``replaces:``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from hexforge.core.packs.models import ID_PATTERN
from hexforge.core.packs.yamlio import load_file

CardWords = tuple[tuple[str, tuple[str, ...]], ...]
"""Per constant set (sorted by name), its words sorted: hashable, so a vocabulary and
cache keys can be made per set of words."""

Named = tuple[str, str]
"""A card that names a word: its kind and its id."""

_ID = re.compile(ID_PATTERN)


def word_of(card_id: str) -> str:
    """The word effect text names a card by: its id's slug, spaced ('serpent mark')."""
    return card_id.split("/", 1)[-1].replace("-", " ")


def card_words(cards: Iterable[Named], sources: Mapping[str, Sequence[str]]) -> CardWords:
    """The words of ``cards`` for each set of ``sources`` (set name -> the card kinds
    naming its words)."""
    found = list(cards)
    return tuple(
        (name, tuple(sorted({word_of(card) for kind, card in found if kind in kinds})))
        for name, kinds in sorted(sources.items())
    )


def named_in_file(path: Path, kinds: Iterable[str]) -> list[Named]:
    """The cards of one card file whose kind is one of ``kinds``, read before the file is
    compiled (its effects are checked with the words of every pack). A file or card
    that cannot be read names nothing: compiling it reports why."""
    wanted = set(kinds)
    result = load_file(path)
    data = result.document.data if result.document is not None else None
    items = data if isinstance(data, list) else [data]
    found = []
    for item in items:
        if not isinstance(item, dict) or item.get("kind") not in wanted:
            continue
        card = item.get("replaces") or item.get("id")
        if isinstance(card, str) and _ID.match(card):
            found.append((str(item["kind"]), card))
    return found
