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

# The rules modules (board, library, tokens) are imported where they are used: this
# module is loaded with the render plugin by every ``hexforge`` command.


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _token_name(engine: Engine, card_id: object) -> str | None:
    from hexforge.plugins.motu.library import library_of

    if not isinstance(card_id, str):
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
    from hexforge.plugins.motu.board import facing, hex_of, location, on_board, side
    from hexforge.plugins.motu.library import library_of

    views = []
    for unit in on_board(engine):
        card = library_of(engine).cards.get(str(engine.prop(unit, "card")))
        views.append(
            UnitView(
                id=unit,
                label=_initials(card.name.en if card is not None else unit),
                side=side(engine, unit),
                hex=hex_of(engine, unit),
                level=location(engine, unit).level,
                facing=facing(engine, unit),
                wounds=_int(engine.prop(unit, "wounds", 0)),
                health=_int(engine.query("health", unit)),
                mana=_int(engine.prop(unit, "mana", 0)),
                buff=_token_name(engine, engine.prop(unit, "buff", None)),
                debuff=_token_name(engine, engine.prop(unit, "debuff", None)),
                knocked_out=bool(engine.prop(unit, "knocked_out", False)),
            )
        )
    return views


def marks_of(engine: Engine) -> list[MarkView]:
    """Every mark token of a motu game in ``engine``, as the picture shows it."""
    from hexforge.plugins.motu.board import hex_of, side
    from hexforge.plugins.motu.tokens import marks

    return [
        MarkView(
            m, _token_name(engine, engine.prop(m, "card")) or m, side(engine, m), hex_of(engine, m)
        )
        for m in marks(engine)
    ]


def position_svg(engine: Engine, layer: Layer = Layer.ALL) -> Svg:
    """The battleground of a motu game in ``engine`` with every model and mark."""
    from hexforge.plugins.motu.board import board_map

    field = board_map(engine)
    title = f"motu: {field.name}"
    return map_svg(field, units_of(engine), marks_of(engine), title=title, layer=layer)


def position_key(engine: Engine) -> Hashable:
    """What the battleground picture depends on (cheap; for replay frame deduplication)."""
    return tuple(units_of(engine)), tuple(marks_of(engine))
