"""Pictures of motu: the battleground with its terrain and models, and card previews.

The battleground shows every terrain kind (rulebook §Terrain), platforms with their
elevation, ladders, objective tokens, both deployment zones, coordinates, and each model
with its facing (a pointer through the edge it faces, rulebook §Facing), wounds, mana,
buff and debuff (rulebook §Buffs and Debuffs) and marks. Cards show their stats, weapon
tables, costs and skills, with the rules text written from the effect language
(:func:`hexforge.dsl.text.rules_text`).

SVG classes tests and the replay viewer rely on: ``hex`` (``data-coord``, ``data-ground``),
``deployment`` (``data-side``), ``platform`` (``data-elevation``), ``objective``,
``unit`` (``data-id``, ``data-coord``, ``data-level``; its ``facing`` child carries the
rotation), ``wounds``, ``mana``, ``buff``, ``debuff``, ``mark``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from hexforge.core.engine import Engine, ScriptedAgent, replay_answers
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.hexgrid import Direction, Hex, column_letters, format_coord, from_offset
from hexforge.core.packs.models import Card
from hexforge.core.render import (
    FrameRecorder,
    GameLogFile,
    GameRenderer,
    HexLayout,
    LegendEntry,
    Replay,
    Score,
    Svg,
    check_same_log,
    coordinate_label,
    el,
    facing_marker,
    fitted,
    fmt,
    hex_polygon,
    label,
    legend,
    ordered_score,
    palette,
    points,
)
from hexforge.core.render.codes import REPLAY_DIVERGED
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.motu.terms import FALLBACK, count, language, plural, term
from hexforge.plugins.motu.textwidth import text_width

if TYPE_CHECKING:
    from hexforge.plugins.motu.battlefield import Map
    from hexforge.plugins.motu.cards import Skill, Weapon
    from hexforge.plugins.motu.setups import GameSetup

# The rules modules (battlefield, cards, library, the effect language) are imported where
# they are used: this module is a plugin every ``hexforge`` command loads, and most
# commands draw nothing.

GAME = "motu"
SIDES = ("masters", "evil")
SIZE = 22.0
MARGIN = 30.0

GROUND_FILL = {
    "open": "#eef2e0",
    "difficult": "#b9c98a",
    "ladder": "#c9a173",
    "low": "#a7a39a",
    "high": "#4d5157",
}
GROUND_LABEL = {
    "open": "open ground",
    "difficult": "difficult terrain",
    "ladder": "ladder",
    "low": "low obstacle (portion)",
    "high": "high obstacle (portion)",
}
PLATFORM_FILL = "#d9a45b"


@dataclass(frozen=True, slots=True)
class UnitView:
    """What the picture shows of one model."""

    id: str
    label: str
    side: str
    hex: Hex
    level: int
    facing: Direction
    wounds: int
    health: int
    mana: int
    buff: str | None = None
    debuff: str | None = None
    knocked_out: bool = False


@dataclass(frozen=True, slots=True)
class MarkView:
    """A mark token on the battleground."""

    id: str
    label: str
    side: str
    hex: Hex


def side_colour(side: str) -> str:
    return palette.side_colour(SIDES.index(side)) if side in SIDES else palette.INK


class Layer(StrEnum):
    """Which parts of the battleground a picture holds (a replay draws terrain once)."""

    ALL = "all"
    TERRAIN = "terrain"
    """Terrain, zones, objectives, coordinates and the legend: what never moves."""
    PIECES = "pieces"
    """Models and marks only, on a transparent picture of the same size."""


def map_svg(
    field: Map,
    units: Sequence[UnitView] = (),
    marks: Sequence[MarkView] = (),
    *,
    title: str | None = None,
    layer: Layer = Layer.ALL,
) -> Svg:
    """The battleground ``field`` with ``units`` and ``marks`` on it."""
    layout, width, height = fitted(field.board, SIZE, MARGIN)
    legend_width = 240.0
    picture = Svg.new(
        width + legend_width,
        max(height, 420.0),
        title or f"motu map {field.name}",
        background=layer is not Layer.PIECES,
    )
    if layer is not Layer.PIECES:
        _ground(picture, layout, field)
        _axes(picture, layout, field)
        _legend(picture, width, field)
    if layer is not Layer.TERRAIN:
        _marks(picture, layout, marks)
        _units(picture, layout, units)
    return picture


def _ground(picture: Svg, layout: HexLayout, field: Map) -> None:
    grid = picture.group("terrain")
    for hex_ in sorted(field.board):
        ground = field.ground[hex_].name.lower()
        piece = field.piece_at.get(hex_)
        polygon = hex_polygon(grid, layout, hex_, fill=GROUND_FILL[ground], data_ground=ground)
        if piece is not None:
            polygon.set("data-piece", piece.id)
        if ground == "ladder":
            _ladder(grid, layout, hex_)
    zones = picture.group("deployment-zones")
    for side, hexes in sorted(field.deployment.items()):
        for hex_ in hexes:
            hex_polygon(
                zones,
                layout,
                hex_,
                fill=side_colour(side),
                class_="deployment",
                stroke="none",
                fill_opacity="0.22",
                data_side=side,
            )
    raised = picture.group("platforms")
    for loc, piece in sorted(field.platform_at.items()):
        hex_polygon(
            raised,
            layout,
            loc.hex,
            fill=PLATFORM_FILL,
            class_="platform",
            stroke="#8a5a1c",
            inset=0.82,
            fill_opacity="0.85",
            data_elevation=str(loc.level),
            data_piece=piece.id,
        )
        x, y = layout.centre(loc.hex)
        el(
            raised,
            "text",
            f"+{loc.level}",
            class_="elevation",
            x=fmt(x + SIZE * 0.45),
            y=fmt(y + SIZE * 0.62),
            font_size=fmt(SIZE * 0.36),
            text_anchor="middle",
            fill="#5a3a0c",
        )
    tokens = picture.group("objectives")
    for hex_ in field.objectives:
        x, y = layout.centre(hex_)
        el(
            tokens,
            "circle",
            class_="objective",
            data_coord=format_coord(hex_),
            cx=fmt(x),
            cy=fmt(y),
            r=fmt(SIZE * 0.42),
            fill=palette.OBJECTIVE,
            stroke=palette.INK,
        )
        el(tokens, "circle", cx=fmt(x), cy=fmt(y), r=fmt(SIZE * 0.15), fill=palette.INK)
    labels = picture.group("coordinates")
    for hex_ in sorted(field.board):
        coordinate_label(labels, layout, hex_)


def _ladder(parent: ET.Element, layout: HexLayout, hex_: Hex) -> None:
    x, y = layout.centre(hex_)
    w, h = SIZE * 0.28, SIZE * 0.55
    group = el(
        parent,
        "g",
        class_="ladder",
        data_coord=format_coord(hex_),
        stroke="#5a3a0c",
        stroke_width=fmt(SIZE * 0.07),
    )
    for dx in (-w, w):
        el(group, "line", x1=fmt(x + dx), y1=fmt(y - h), x2=fmt(x + dx), y2=fmt(y + h))
    for k in range(4):
        ry = y - h + (k + 0.5) * 2 * h / 4
        el(group, "line", x1=fmt(x - w), y1=fmt(ry), x2=fmt(x + w), y2=fmt(ry))


def _axes(picture: Svg, layout: HexLayout, field: Map) -> None:
    """Column letters above the board and row numbers left of it (docs/coordinates.md)."""
    axes = picture.group("axes")
    size = SIZE * 0.5
    for column in range(field.columns):
        x, y = layout.centre(from_offset(column, 0))
        letters = column_letters(column)
        label(axes, letters, x, y - SIZE * 1.05, size, class_="axis column", fill=palette.INK)
    for row in range(field.rows):
        x, y = layout.centre(from_offset(0, row))
        label(
            axes,
            str(row + 1),
            x - SIZE * 1.15,
            y + SIZE * 0.18,
            size,
            class_="axis row",
            fill=palette.INK,
            anchor="end",
        )


def _marks(picture: Svg, layout: HexLayout, marks: Sequence[MarkView]) -> None:
    group = picture.group("marks")
    for mark in marks:
        x, y = layout.centre(mark.hex)
        r = SIZE * 0.55
        el(
            group,
            "polygon",
            class_="mark",
            data_id=mark.id,
            data_coord=format_coord(mark.hex),
            points=points([(x, y - r), (x + r, y), (x, y + r), (x - r, y)]),
            fill=side_colour(mark.side),
            stroke=palette.INK,
        )
        label(
            group,
            mark.label,
            x,
            y + r + SIZE * 0.3,
            SIZE * 0.32,
            class_="mark-label",
            fill=palette.INK,
        )


def _units(picture: Svg, layout: HexLayout, units: Sequence[UnitView]) -> None:
    group = picture.group("units")
    for unit in units:
        colour = "#9a9a9a" if unit.knocked_out else side_colour(unit.side)
        marker = facing_marker(
            group,
            layout,
            unit.hex,
            int(unit.facing),
            colour=colour,
            marker_id=unit.id,
            radius=SIZE * 0.5,
        )
        marker.set("data-level", str(unit.level))
        marker.set("data-facing", unit.facing.name)
        if unit.level:
            el(
                marker,
                "circle",
                class_="raised",
                cx=0,
                cy=0,
                r=fmt(SIZE * 0.62),
                fill="none",
                stroke="#ffffff",
                stroke_width=fmt(SIZE * 0.08),
            )
        label(
            marker,
            unit.label,
            0,
            SIZE * 0.14,
            SIZE * 0.36,
            class_="unit-label",
            fill="#ffffff",
            bold=True,
        )
        if unit.knocked_out:
            label(
                marker, "KO", 0, -SIZE * 0.6, SIZE * 0.4, class_="knocked-out", fill=palette.WOUND
            )
        _badges(marker, unit)


def _badges(marker: ET.Element, unit: UnitView) -> None:
    small = SIZE * 0.34
    right = SIZE * 0.62
    label(
        marker,
        f"{unit.wounds}/{unit.health}",
        right,
        -SIZE * 0.3,
        small,
        class_="wounds",
        fill=palette.WOUND,
        anchor="start",
        bold=True,
    )
    if unit.mana:
        label(
            marker,
            f"{unit.mana}m",
            right,
            SIZE * 0.1,
            small,
            class_="mana",
            fill=palette.MANA,
            anchor="start",
            bold=True,
        )
    low = SIZE * 0.95
    for kind, name, colour in (
        ("buff", unit.buff, palette.BUFF),
        ("debuff", unit.debuff, palette.DEBUFF),
    ):
        if name is not None:
            label(marker, name, 0, low, small, class_=kind, fill=colour, bold=True)
            low += SIZE * 0.36


def _legend(picture: Svg, x: float, field: Map) -> None:
    present = {"open", *(g.name.lower() for g in field.ground.values())}
    grounds = [g for g in GROUND_FILL if g in present]
    entries = [LegendEntry(GROUND_LABEL[g], GROUND_FILL[g]) for g in grounds]
    if field.platform_at:
        entries.append(LegendEntry("platform (+elevation)", PLATFORM_FILL))
    if field.objectives:
        entries.append(LegendEntry("objective", palette.OBJECTIVE, shape="circle"))
    for side in sorted(field.deployment):
        entries.append(LegendEntry(f"{side} deployment zone", side_colour(side)))
    entries += [
        LegendEntry("model: pointer = facing", palette.SIDES[0], shape="circle"),
        LegendEntry("wounds/health", palette.WOUND),
        LegendEntry("mana", palette.MANA),
        LegendEntry("buff", palette.BUFF),
        LegendEntry("debuff", palette.DEBUFF),
    ]
    bottom = legend(picture.root, x + 10, MARGIN, entries)
    el(
        picture.root,
        "text",
        f"{field.name}: {field.columns} x {field.rows} hexes",
        class_="map-name",
        x=fmt(x + 10),
        y=fmt(bottom + 16),
        font_size=12,
        fill=palette.MUTED,
    )


# -- from a game --------------------------------------------------------------------------


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _token_name(card_id: object, lang: str = "en") -> str | None:
    from hexforge.plugins.motu.library import library

    if not isinstance(card_id, str):
        return None
    card = library().cards.get(card_id)
    return _name(card, lang) if card is not None else card_id.split("/")[-1]


def units_of(engine: Engine) -> list[UnitView]:
    """Every character of a motu game in ``engine``, as the picture shows it."""
    from hexforge.plugins.motu.board import facing, hex_of, location, on_board, side
    from hexforge.plugins.motu.library import library

    views = []
    for unit in on_board(engine):
        card = library().cards.get(str(engine.prop(unit, "card")))
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
                buff=_token_name(engine.prop(unit, "buff", None)),
                debuff=_token_name(engine.prop(unit, "debuff", None)),
                knocked_out=bool(engine.prop(unit, "knocked_out", False)),
            )
        )
    return views


def marks_of(engine: Engine) -> list[MarkView]:
    from hexforge.plugins.motu.board import hex_of, side
    from hexforge.plugins.motu.tokens import marks

    return [
        MarkView(m, _token_name(engine.prop(m, "card")) or m, side(engine, m), hex_of(engine, m))
        for m in marks(engine)
    ]


def _initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w]
    if len(words) == 1:
        return words[0][:3]
    return "".join(w[0] for w in words[:3]).upper()


def position_svg(engine: Engine, layer: Layer = Layer.ALL) -> Svg:
    """The battleground of a motu game in ``engine`` with every model and mark."""
    from hexforge.plugins.motu.board import board_map

    field = board_map(engine)
    title = f"motu: {field.name}"
    return map_svg(field, units_of(engine), marks_of(engine), title=title, layer=layer)


def _pieces(engine: Engine) -> Svg:
    return position_svg(engine, Layer.PIECES)


def replay_setup(log: GameLogFile, setup: GameSetup) -> Replay:
    """Replay ``log`` as a game of ``setup``, recording every step's picture."""
    from hexforge.plugins.motu.rounds import new_game, play_game

    agent = ScriptedAgent(replay_answers(log.lines))
    engine = new_game(setup, log.seed, {p: agent for p in SIDES})
    recorder = FrameRecorder(engine, position_key, _pieces, _vp)
    recorder.attach()
    try:
        play_game(engine)
    except HexforgeError:
        check_same_log(log, engine.log.lines)  # report where it went elsewhere, if it did
        raise
    check_same_log(log, engine.log.lines)
    terrain = position_svg(engine, Layer.TERRAIN).text(standalone=False)
    return Replay(GAME, recorder.boards, tuple(recorder.frames), "VP", terrain)


def _vp(engine: Engine) -> Score:
    vp = engine.state.data.get("vp")
    if not isinstance(vp, dict):
        return ()
    return ordered_score({p: v for p, v in vp.items() if isinstance(v, int)}, SIDES)


def position_key(engine: Engine) -> Hashable:
    """What the battleground picture depends on (cheap; for replay frame deduplication)."""
    return tuple(units_of(engine)), tuple(marks_of(engine))


# -- cards ----------------------------------------------------------------------------------

CARD_WIDTH = 420.0
FRAME = 5.0
"""The frame's inner edge, from the card's left and right sides (x 3, stroke 4)."""
PADDING = 16.0
"""Text starts this far from the card's left side and wraps this far from its right."""
STAT_GAP = 8.0
"""The least space between two stat columns."""


def _name(card: Card, lang: str) -> str:
    return getattr(card.name, lang, None) or card.name.en


def _rules(effect: str, self_name: str) -> str:
    from hexforge.dsl.api import parse_text
    from hexforge.dsl.text import rules_text

    return rules_text(parse_text(effect), self_name=self_name)


@dataclass(frozen=True, slots=True)
class _Text:
    """One line of text on a card (its baseline at ``y``, anchored at its start)."""

    text: str
    class_: str
    x: float
    y: float
    size: float
    bold: bool = False
    colour: str = palette.INK
    italic: bool = False


def _fit(chunks: Sequence[str], width: float, size: float, bold: bool) -> list[str]:
    """``chunks`` (words, or groups of words that belong together) joined by spaces into
    lines no wider than ``width``; a chunk wider than a line is cut between its words, and
    a word wider than a line inside it."""

    def fits(text: str) -> bool:
        return text_width(text, size, bold=bold) <= width

    lines: list[str] = []
    current = ""
    for chunk in chunks:
        for word in [chunk] if fits(chunk) else chunk.split():
            candidate = f"{current} {word}" if current else word
            if fits(candidate):
                current = candidate
                continue
            if current:
                lines.append(current)
            current = word
            while not fits(current) and len(current) > 1:
                cut = next(k for k in range(len(current) - 1, 0, -1) if fits(current[:k]) or k == 1)
                lines.append(current[:cut])
                current = current[cut:]
    return [*lines, current]


_NUMBER = re.compile(r"[-+]?\d+\+?")


def _words(text: str) -> list[str]:
    """The words of ``text``, a number kept with the word after it (``4 Zoll``, ``1 wound``)."""
    words: list[str] = []
    for word in text.split():
        if words and _NUMBER.fullmatch(words[-1]):
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    return words


class _CardWriter:
    """Lays text out top to bottom on a card, wrapping by the estimated drawn width
    (:func:`~hexforge.plugins.motu.textwidth.text_width`) so no line passes the frame."""

    def __init__(self, title: str, lang: str) -> None:
        self.parts: list[_Text] = []
        self.y = 0.0
        self.title = title
        self.lang = language(lang)
        self.captioned = self.lang == FALLBACK

    def line(
        self,
        text: str,
        class_: str,
        *,
        size: float = 13,
        x: float = PADDING,
        bold: bool = False,
        colour: str = palette.INK,
        italic: bool = False,
    ) -> None:
        """One line as it is: for short texts that cannot grow (numbers)."""
        self.y += size * 1.3
        self.parts.append(_Text(text, class_, x, self.y, size, bold, colour, italic))

    def wrapped(
        self,
        text: str | Sequence[str],
        class_: str,
        *,
        x: float = PADDING,
        size: float = 12,
        bold: bool = False,
        colour: str = palette.INK,
        italic: bool = False,
    ) -> None:
        """``text`` in as many lines as it needs between ``x`` and the right margin; given
        as chunks, a line breaks between chunks where it can (``area 1 hex`` stays whole)."""
        width = CARD_WIDTH - PADDING - x
        paragraphs = [_words(p) for p in text.split("\n")] if isinstance(text, str) else [text]
        for chunks in paragraphs:
            for piece in _fit(chunks, width, size, bold):
                self.line(piece, class_, x=x, size=size, bold=bold, colour=colour, italic=italic)

    def generated(self, text: str, class_: str, *, x: float = PADDING + 8) -> None:
        """Rules text written from the effect language: English only, so a preview in
        another language says so once, before the first such line, and sets it in italics."""
        if not self.captioned:
            self.captioned = True
            caption = term("generated", self.lang)
            self.wrapped(caption, "generated-caption", size=10, colour=palette.MUTED, italic=True)
        self.wrapped(text, class_, x=x, italic=self.lang != FALLBACK)

    def table(self, cells: Sequence[tuple[str, str, int | str]]) -> None:
        """Stat names over their values, one column each (``key``, label, value), each
        column as wide as its text and the spare width shared between the columns; the
        names get smaller only when a language's words do not fit at their usual size."""
        available = CARD_WIDTH - 2 * PADDING
        value_size, size = 15.0, 11.0
        values = [text_width(str(value), value_size, bold=True) for _, _, value in cells]
        while True:
            widths = [
                max(text_width(name, size), value)
                for (_, name, _), value in zip(cells, values, strict=True)
            ]
            spare = available - sum(widths)
            if spare >= STAT_GAP * (len(cells) - 1) or size <= 6:
                break
            size -= 0.5
        gap = spare / (len(cells) - 1) if len(cells) > 1 else 0.0
        names_y = self.y + size * 1.3
        values_y = names_y + value_size * 1.3
        x = PADDING
        for (key, name, value), width in zip(cells, widths, strict=True):
            self.parts.append(_Text(name, "stat-name", x, names_y, size, colour=palette.MUTED))
            self.parts.append(_Text(str(value), f"stat {key}", x, values_y, value_size, True))
            x += width + gap
        self.y = values_y

    def gap(self, amount: float = 6) -> None:
        self.y += amount

    def svg(self, colour: str) -> Svg:
        height = self.y + 20
        picture = Svg.new(CARD_WIDTH, height, self.title)
        el(
            picture.root,
            "rect",
            class_="card-frame",
            x=3,
            y=3,
            width=fmt(CARD_WIDTH - 6),
            height=fmt(height - 6),
            rx=10,
            fill="#fbf8f0",
            stroke=colour,
            stroke_width=4,
        )
        el(
            picture.root,
            "rect",
            class_="card-band",
            x=3,
            y=3,
            width=fmt(CARD_WIDTH - 6),
            height=36,
            rx=10,
            fill=colour,
        )
        for part in self.parts:
            el(
                picture.root,
                "text",
                part.text,
                class_=part.class_,
                x=fmt(part.x),
                y=fmt(part.y),
                font_size=fmt(part.size),
                font_weight="bold" if part.bold else None,
                font_style="italic" if part.italic else None,
                fill=part.colour,
            )
        return picture


def _skill(writer: _CardWriter, skill: Skill, owner: str) -> None:
    lang = writer.lang
    if skill.active:
        costs = []
        if skill.cost is not None:
            if skill.cost.ap:
                costs.append(f"{skill.cost.ap} {term('AP', lang)}")
            if skill.cost.mana:
                costs.append(count("mana", skill.cost.mana, lang))
        extras = [term("active", lang, costs=", ".join(costs) or f"0 {term('AP', lang)}")]
    else:
        extras = [term("disposable" if skill.disposable else "passive", lang)]
    if skill.target != "none":
        extras.append(term("target", lang, who=term(skill.target, lang)))
    if skill.range is not None:
        extras.append(term("range", lang, n=skill.range))
    name = getattr(skill.name, lang, None) or skill.name.en
    writer.wrapped(name, "skill-name", size=13, bold=True)
    separator = term("and", lang)
    cost_chunks = [f"{extra}{separator.rstrip()}" for extra in extras[:-1]] + extras[-1:]
    writer.wrapped(cost_chunks, "skill-cost", x=24, size=11, colour=palette.MUTED)

    writer.generated(_rules(skill.effect, owner), "rules")


def _weapon(writer: _CardWriter, weapon: Weapon) -> None:
    lang = writer.lang
    facts = [term(weapon.type.value, lang)]
    if weapon.range is not None:
        facts.append(term("range", lang, n=weapon.range))
    if weapon.dice:
        facts.append(f"{weapon.dice:+d} {plural('dice', weapon.dice, lang)}")
    if weapon.mana:
        facts.append(count("mana", weapon.mana, lang))
    if weapon.area:
        facts.append(term("area", lang, hexes=count("hexes", weapon.area, lang)))
    if weapon.cost:
        facts.append(f"{weapon.cost} {term('pts', lang)}")
    header = [f"{_name(weapon, lang)} -", *(f"{fact}," for fact in facts[:-1]), facts[-1]]
    writer.wrapped(header, "weapon-name", size=13, bold=True)
    from hexforge.dsl import ast
    from hexforge.dsl.api import parse_text
    from hexforge.dsl.text import rules_text

    tree = parse_text(weapon.attack)
    test = tree.clauses[0] if tree.clauses else None
    if isinstance(test, ast.StatTest):
        question = rules_text(
            ast.Effect(
                clauses=(ast.StatTest(test.stat, test.bonus, test.against, (), span=test.span),),
                span=tree.span,
            )
        )
        writer.generated(question.rstrip(" .:") + ":", "rules")
        for row in test.rows:
            body = rules_text(ast.Effect(clauses=row.body, span=row.span))
            successes = f"{row.successes}{'+' if row.or_more else ''}"
            writer.line(successes, "outcome-successes", x=30, bold=True)
            writer.y -= 12 * 1.3  # the outcome (12 px) shares the successes' baseline
            writer.generated(body, "outcome", x=62)
    else:
        writer.generated(_rules(weapon.attack, "the attacker"), "rules")
    for effect in weapon.effects:
        writer.generated(_rules(effect, "the attacker"), "rules")


def card_svg(card: Card, lang: str) -> Svg:
    """A preview of a motu card in ``lang``: names and printed text where translated, every
    label in the rulebook's terms (:mod:`hexforge.plugins.motu.terms`), English for a
    language the table does not have."""
    from hexforge.plugins.motu.cards import Character, Fate, Glory, Item, Mark, Token, Weapon
    from hexforge.plugins.motu.library import library

    name = _name(card, lang)
    writer = _CardWriter(card.id, lang)
    lang = writer.lang
    colour = palette.MUTED
    size = 18.0
    while size > 10 and text_width(name, size, bold=True) > CARD_WIDTH - 2 * PADDING:
        size -= 1  # a long name gets smaller, staying on the band
    writer.line(name, "card-name", size=size, bold=True, colour="#ffffff")
    writer.y = 18 * 1.3
    writer.gap(14)
    if isinstance(card, Character):
        colour = side_colour(card.faction.value)
        kind = term("faction character", lang, faction=term(card.faction.value, lang))
        writer.wrapped(f"{kind} - {count('points', card.cost, lang)}", "card-kind", size=13)
        stats = card.stats
        writer.table(
            [
                (key, term(key, lang), value)
                for key, value in (
                    ("health", stats.health),
                    ("toughness", stats.toughness),
                    ("mind", stats.mind),
                    ("power", stats.power),
                    ("perception", stats.perception),
                    ("strength", stats.strength),
                    ("speed", f"{stats.speed}/{stats.focused_speed}"),
                )
            ]
        )
        lib = library()
        pack = card.id.split("/")[0]
        for ref in card.weapons:
            weapon = lib.cards.get(ref if "/" in ref else f"{pack}/{ref}")
            if isinstance(weapon, Weapon):
                writer.gap()
                _weapon(writer, weapon)
        for ref in card.items:
            item = lib.cards.get(ref if "/" in ref else f"{pack}/{ref}")
            if item is not None:
                writer.wrapped(
                    term("carried item", lang, name=_name(item, lang)), "item-name", size=13
                )
        for skill in card.skills:
            writer.gap()
            _skill(writer, skill, name)
    elif isinstance(card, Weapon):
        writer.wrapped(term("weapon", lang), "card-kind", size=13)
        _weapon(writer, card)
    elif isinstance(card, Item):
        kind = f"{term(card.type, lang)} - {count('points', card.cost, lang)}"
        writer.wrapped(kind, "card-kind", size=13)
        for skill in card.skills:
            writer.gap()
            _skill(writer, skill, "the bearer")
    elif isinstance(card, Token):
        colour = palette.DEBUFF if card.kind == "debuff" else palette.BUFF
        kind = term(f"unique {card.kind}" if card.unique else card.kind, lang)
        if isinstance(card, Mark):
            reach = term("reach", lang, n=card.reach)
            kind += f" - {term('range', lang, n=card.range)}, {reach}"
        writer.wrapped(kind, "card-kind", size=13)
        for effect in card.effects:
            writer.generated(_rules(effect, "the bearer"), "rules", x=PADDING)
        if card.removed is not None:
            removed = f"{term('removed', lang)} {_rules(card.removed, 'the bearer')}"
            writer.generated(removed, "rules", x=PADDING)
    elif isinstance(card, Fate | Glory):
        facts = [
            term("initiative", lang, n=card.initiative),
            f"{card.ap} {term('AP', lang)}",
            count("mana", card.mana, lang),
        ]
        writer.wrapped(f"{term(card.kind, lang)} - {', '.join(facts)}", "card-kind", size=13)
        if isinstance(card, Fate) and card.ability is not None:
            writer.generated(_rules(card.ability, "the activated character"), "rules", x=PADDING)
    printed = getattr(card.text, lang, None) if card.text is not None else None
    if printed:
        writer.gap()
        writer.wrapped(printed, "printed-text")
    writer.gap()
    source = f"{card.id} - {term(card.provenance.value, lang)}"
    writer.wrapped(source, "card-id", size=10, colour=palette.MUTED)
    return writer.svg(colour)


class MotuRenderer:
    """The motu :class:`~hexforge.core.render.GameRenderer`."""

    game = GAME

    def map_names(self) -> Sequence[str]:
        from hexforge.plugins.motu.battlefield import shipped_maps

        return sorted(shipped_maps())

    def render_map(self, name: str) -> Svg | None:
        from hexforge.plugins.motu.battlefield import named_map, shipped_maps

        if name not in shipped_maps():
            return None
        return map_svg(named_map(name))

    def render_position(self, engine: Engine) -> Svg:
        return position_svg(engine)

    def card_ids(self) -> Sequence[str]:
        from hexforge.plugins.motu.library import library

        return sorted(library().cards)

    def render_card(self, card_id: str, language: str) -> Svg | None:
        from hexforge.plugins.motu.library import library

        card = library().cards.get(card_id)
        return None if card is None else card_svg(card, language)

    def replay(self, log: GameLogFile, options: Mapping[str, str] | None = None) -> Replay | None:
        """A whole game's log (``hexforge play --game motu``), replayed from the setup option
        (a shipped setup's name or a setup file, as ``hexforge play --set setup=``) or, as
        the log does not name it, from each shipped setup in turn until one reproduces it;
        HF907 if none does."""
        if log.players != list(SIDES) or not any(e.get("type") == "round" for e in log.entries):
            return None
        from hexforge.plugins.motu import CONTENT
        from hexforge.plugins.motu.play import chosen_setup

        chosen = (options or {}).get("setup")
        if chosen is not None:
            return replay_setup(log, chosen_setup(chosen))
        names = sorted(p.stem for p in (CONTENT / "setups").glob("*.yaml"))
        names.sort(key=lambda n: n != "first-game")
        failures: list[HexforgeError] = []
        for name in names:
            try:
                return replay_setup(log, chosen_setup(name))
            except HexforgeError as error:
                failures.append(error)
        untried = Diagnostic(
            REPLAY_DIVERGED,
            f"the log replays from none of the shipped setups ({', '.join(names)})",
            hint="a game of a setup file (an expansion's, say) replays with --scenario PATH "
            "or --set setup=PATH, as it was played",
        )
        raise HexforgeError(*failures[0].diagnostics, untried)


@hookimpl
def hexforge_renderers() -> list[GameRenderer]:
    """Registered as its own entry point (pyproject.toml), like an expansion would be."""
    return [MotuRenderer()]
