"""The battleground of a running motu game: the engine's models and marks as picture views.

Kept apart from the drawing (:mod:`hexforge.plugins.motu.render_battleground`) so that the
picture never reads the engine, and a replay can ask cheaply whether anything moved
(:func:`position_key`) before drawing again.
"""

from __future__ import annotations

from collections.abc import Hashable

from hexforge.core.engine import Engine
from hexforge.core.render import Svg
from hexforge.plugins.motu.render_battleground import Layer, MarkView, UnitView, map_svg
from hexforge.plugins.motu.state import UnitState

# The rules modules (board, library, tokens) are imported where they are used: this
# module is loaded with the render plugin by every ``hexforge`` command (the state view
# needs only the engine).


def _token_name(engine: Engine, card_id: str | None) -> str | None:
    from hexforge.plugins.motu.library import library_of

    if card_id is None:
        return None
    card = library_of(engine).cards.get(card_id)
    return card.name.en if card is not None else card_id.split("/")[-1]


def _initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w]
    if len(words) == 1:
        return words[0][:3]
    return "".join(w[0] for w in words[:3]).upper()


def units_of(engine: Engine) -> list[UnitView]:
    """Every character of a motu game in ``engine``, as the picture shows it."""
    from hexforge.plugins.motu.board import hexes_of, on_board, side
    from hexforge.plugins.motu.library import library_of

    views = []
    for unit in on_board(engine):
        character = UnitState(engine, unit)
        card = library_of(engine).cards.get(character.card)
        views.append(
            UnitView(
                id=unit,
                label=_initials(card.name.en if card is not None else unit),
                side=side(engine, unit),
                hex=character.hex,
                level=character.level,
                facing=character.facing,
                wounds=character.wounds,
                health=engine.query("health", unit),
                mana=character.mana,
                buff=_token_name(engine, character.buff),
                debuff=_token_name(engine, character.debuff),
                knocked_out=character.knocked_out,
                base=hexes_of(engine, unit) if character.base > 1 else (),
            )
        )
    return views


def marks_of(engine: Engine) -> list[MarkView]:
    """Every mark token of a motu game in ``engine``, as the picture shows it."""
    from hexforge.plugins.motu.board import side
    from hexforge.plugins.motu.tokens import marks

    views = []
    for m in marks(engine):
        mark = UnitState(engine, m)
        views.append(MarkView(m, _token_name(engine, mark.card) or m, side(engine, m), mark.hex))
    return views


def position_svg(engine: Engine, layer: Layer = Layer.ALL) -> Svg:
    """The battleground of a motu game in ``engine`` with every model and mark."""
    from hexforge.plugins.motu.board import board_map

    field = board_map(engine)
    title = f"motu: {field.name}"
    return map_svg(field, units_of(engine), marks_of(engine), title=title, layer=layer)


def position_key(engine: Engine) -> Hashable:
    """What the battleground picture depends on (cheap; for replay frame deduplication)."""
    return tuple(units_of(engine)), tuple(marks_of(engine))
