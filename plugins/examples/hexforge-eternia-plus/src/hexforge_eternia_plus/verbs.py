"""What the verbs this expansion adds do, on a running motu game."""

from __future__ import annotations

from hexforge.core.engine import Engine
from hexforge.core.rules import EffectContext
from hexforge.plugins.motu.api import gain_mana, mana


def siphon_mana(ctx: EffectContext, amount: int, target: str) -> None:
    """``siphon N mana from TARGET``: never more than the target has, and the bearer's
    mana stays within the game's limit (what it cannot hold is lost)."""
    engine = ctx.game
    assert isinstance(engine, Engine) and ctx.bearer is not None
    taken = min(amount, mana(engine, target))
    engine.set_prop(target, "mana", mana(engine, target) - taken)
    gain_mana(engine, ctx.bearer, taken)
