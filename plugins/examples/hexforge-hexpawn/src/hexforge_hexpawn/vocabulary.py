"""Hexpawn's effect-language words: none.

A pawn card is data only (its steps and captures); no card holds effect text, so the game
declares no event, verb or stat. ``GamePlugin`` still asks every game for its words
(``words`` part, hook ``hexforge_dsl_vocabulary``), so this says so explicitly.
"""

from __future__ import annotations

from hexforge.dsl.vocabulary import Vocabulary


def declare_words(vocabulary: Vocabulary) -> None:
    """Add nothing: Hexpawn's cards hold no effect text."""
    del vocabulary
