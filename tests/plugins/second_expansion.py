"""A second small motu expansion for the load-order tests: one verb of its own."""

from __future__ import annotations

from hexforge.core.rules import EffectContext
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.markers import hookimpl


def bloom(ctx: EffectContext, target: str) -> None:
    ctx.game.set_prop(target, "bloomed", True)


@hookimpl
def hexforge_dsl_vocabulary(game: str, vocabulary: Vocabulary) -> None:
    if game == "motu":
        vocabulary.verb("bloom on {target:character}", bloom)
