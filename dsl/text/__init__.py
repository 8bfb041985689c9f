"""Rules text generated from the AST, for card previews and hovers, in the rulebooks' words.

``rules_text(effect, lang="pl", words=...)`` writes one paragraph per clause. The
language's structure words (``Upon activation: ...``, ``At the end of activation: ...``,
``2 or more successes: ...``, ``for each``, ``once per``) are in one module per language
(:mod:`.en`, :mod:`.pl`, :mod:`.de`, :mod:`.fr`): the effect language knows no game. The
game's own words (its verbs, conditions, stats, nouns, tokens) come from the game's
:class:`~hexforge.dsl.text.words.GameWords` for that language, which the game registers
with its vocabulary (``Vocabulary.localise``; :func:`words_for` finds them). English needs
none: it writes the game's words as the effect does. A language the game gives no words
for is written in English, never half-translated.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from hexforge.dsl import ast
from hexforge.dsl.text import de, en, fr, pl
from hexforge.dsl.text.forms import Forms, forms
from hexforge.dsl.text.structure import Structure
from hexforge.dsl.text.words import GameWords
from hexforge.dsl.text.writer import Writer

if TYPE_CHECKING:
    from hexforge.dsl.vocabulary import Vocabulary

__all__ = ["LANGUAGES", "STRUCTURES", "Forms", "GameWords", "forms", "rules_text", "words_for"]

STRUCTURES: Mapping[str, Structure] = {
    module.STRUCTURE.lang: module.STRUCTURE for module in (en, pl, de, fr)
}
"""Each language's structure words."""
LANGUAGES = tuple(STRUCTURES)


def rules_text(
    effect: ast.Effect,
    *,
    self_name: str | Forms | None = None,
    lang: str = "en",
    words: GameWords | None = None,
) -> str:
    """One paragraph per clause of ``effect`` in ``lang``; ``self`` is ``self_name`` (a
    name as written, or its forms in each slot), else the language's "this character".

    ``words`` are the game's words in ``lang``; without them (or for a language with no
    structure words here) the text is English.
    """
    structure = STRUCTURES.get(lang)
    if structure is None or (lang != en.STRUCTURE.lang and words is None):
        structure, words = en.STRUCTURE, None
    elif structure is en.STRUCTURE:
        words = None
    if self_name is None:
        me = structure.self_default if words is None else words.names.get("self")
        me = me or structure.self_default
    elif isinstance(self_name, str):
        me = structure.proper(self_name)
    else:
        me = self_name
    writer = Writer(structure, words, me)
    return "\n".join(writer.clause(clause) for clause in effect.clauses)


def words_for(vocabulary: Vocabulary | None, lang: str) -> GameWords | None:
    """The game's words in ``lang`` its vocabulary was given, if any."""
    return None if vocabulary is None else vocabulary.texts.get(lang)
