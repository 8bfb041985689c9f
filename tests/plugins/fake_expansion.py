"""A small motu expansion used by the plugin tests: a pack with an override and a verb."""

from __future__ import annotations

from pathlib import Path

from hexforge.core.rules import EffectContext
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.markers import hookimpl

PACK = Path(__file__).parent / "fixtures" / "sprout"


def sprout(ctx: EffectContext, target: str) -> None:
    ctx.game.set_prop(target, "sprouted", True)


@hookimpl
def hexforge_content_packs() -> list[Path]:
    return [PACK]


@hookimpl
def hexforge_dsl_vocabulary(game: str, vocabulary: Vocabulary) -> None:
    if game == "motu":
        vocabulary.verb("sprout on {target:character}", sprout)
