"""Motu rules text in the reader's language: the game's words for :mod:`hexforge.dsl.text`.

The effect language's structure words are the DSL's; the motu words - triggers, verbs,
conditions, filters, nouns, stats, permissions, contexts, the bearer's names - are the
rulebooks' (one module per language: :mod:`.rules_text_pl`, :mod:`.rules_text_de`,
:mod:`.rules_text_fr`), registered with the vocabulary (:func:`localise`). Buff, debuff and
mark words are cards: each is written as its kind and its name as printed in the language
(:func:`token_words`), and a character's skill names it by its name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING

from hexforge.core.render import localised
from hexforge.dsl.text import STRUCTURES, GameWords, rules_text
from hexforge.dsl.text.forms import Forms
from hexforge.plugins.motu import rules_text_de, rules_text_fr, rules_text_pl

if TYPE_CHECKING:
    from hexforge.dsl.ast import Effect
    from hexforge.plugins.motu.library import Library

_MODULES: Mapping[str, ModuleType] = {
    "pl": rules_text_pl,
    "de": rules_text_de,
    "fr": rules_text_fr,
}
WORDS: Mapping[str, GameWords] = {lang: module.WORDS for lang, module in _MODULES.items()}
"""The motu words in each language other than English (the effect language's own)."""


def token_words(library: Library, lang: str) -> dict[str, Forms]:
    """Each buff, debuff and mark word of ``library`` (``serpent mark``) as its kind and
    its name in ``lang`` (``znak „Znak Węża”``)."""
    module = _MODULES.get(lang)
    if module is None:
        return {}
    token: Callable[[str, str], Forms] = module.token
    found = {}
    for word, card_id in library.named.items():
        card = library.cards.get(card_id)
        if card is not None and card.kind in ("buff", "debuff", "mark"):
            found[word] = token(card.kind, localised(card.name, lang))
    return found


def bearer(self_name: str, lang: str, *, character: bool) -> str | Forms:
    """Who ``self`` is: a character's name, or the bearer's role by its English words
    (``the bearer``, ``the attacker``, ``the activated character``) in ``lang``."""
    module = _MODULES.get(lang)
    if module is None:
        return self_name
    if character:
        return module.named(self_name) if lang == "pl" else self_name
    selves: Mapping[str, Forms] = module.SELVES
    return selves.get(self_name, self_name)


def card_text(
    effect: Effect,
    lang: str,
    library: Library,
    self_name: str,
    *,
    character: bool = False,
    words: GameWords | None = None,
) -> str:
    """``effect`` as rules text in ``lang`` (English where motu has no words for it);
    ``words`` are the loaded plugins' words in ``lang`` (an expansion's included), else
    motu's own."""
    words = words or WORDS.get(lang)
    if words is not None:
        words = words.with_constants(token_words(library, lang))
    me = bearer(self_name, lang, character=character)
    return rules_text(effect, self_name=me, lang=lang, words=words)


def colon(lang: str) -> str:
    """What ends a line that a table follows: ``:``, in French `` :``."""
    structure = STRUCTURES.get(lang) if lang in WORDS else None
    return ":" if structure is None else structure.colon.rstrip()
