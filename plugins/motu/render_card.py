"""The motu card preview: what a card says, in the reader's language.

Stats, weapon tables with their outcomes, items, skills with their costs, and rules text
written from the effect language in the card's language
(:func:`hexforge.plugins.motu.rules_text.card_text`), so a preview always says what the
card does, not what someone typed next to it. Every fixed label is in the rulebook's own
words (:mod:`hexforge.plugins.motu.terms`); how the lines are set is
:mod:`hexforge.plugins.motu.render_card_layout`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexforge.core.packs.models import Card
from hexforge.core.render import Svg, localised, palette
from hexforge.plugins.motu.render_battleground import side_colour
from hexforge.plugins.motu.render_card_layout import CARD_WIDTH, PADDING, CardWriter
from hexforge.plugins.motu.terms import count, plural, term
from hexforge.plugins.motu.textwidth import text_width

if TYPE_CHECKING:
    from hexforge.dsl.ast import Effect
    from hexforge.dsl.text import GameWords
    from hexforge.plugins.motu.cards import Skill, Weapon
    from hexforge.plugins.motu.library import Library

# The rules modules (cards, library, the effect language) are imported where they are
# used: this module is loaded with the render plugin by every ``hexforge`` command.


def _rules(
    writer: CardWriter,
    lib: Library,
    effect: str | Effect,
    self_name: str,
    *,
    character: bool = False,
) -> str:
    """``effect`` in the card's language; ``self_name`` is the character's name on a
    character's card (``character``), else the English of the bearer's role (``the
    bearer``)."""
    from hexforge.dsl.api import parse_text
    from hexforge.plugins.motu.rules_text import card_text

    tree = parse_text(effect) if isinstance(effect, str) else effect
    return card_text(
        tree, writer.lang, lib, self_name, character=character, words=writer.rules_words
    )


def _skill(
    writer: CardWriter, lib: Library, skill: Skill, owner: str, *, character: bool = False
) -> None:
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
    name = localised(skill.name, lang)
    writer.wrapped(name, "skill-name", size=13, bold=True)
    separator = term("and", lang)
    cost_chunks = [f"{extra}{separator.rstrip()}" for extra in extras[:-1]] + extras[-1:]
    writer.wrapped(cost_chunks, "skill-cost", x=24, size=11, colour=palette.MUTED)

    writer.generated(_rules(writer, lib, skill.effect, owner, character=character), "rules")


def _weapon(writer: CardWriter, lib: Library, weapon: Weapon) -> None:
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
    header = [f"{localised(weapon.name, lang)} -", *(f"{fact}," for fact in facts[:-1]), facts[-1]]
    writer.wrapped(header, "weapon-name", size=13, bold=True)
    from hexforge.dsl import ast
    from hexforge.dsl.api import parse_text
    from hexforge.plugins.motu.rules_text import colon

    attacker = "the attacker"
    tree = parse_text(weapon.attack)
    test = tree.clauses[0] if tree.clauses else None
    if isinstance(test, ast.StatTest):
        question = _rules(
            writer,
            lib,
            ast.Effect(
                clauses=(ast.StatTest(test.stat, test.bonus, test.against, (), span=test.span),),
                span=tree.span,
            ),
            attacker,
        )
        writer.generated(question.rstrip(" .:") + colon(writer.lang), "rules")
        for row in test.rows:
            body = _rules(writer, lib, ast.Effect(clauses=row.body, span=row.span), attacker)
            successes = f"{row.successes}{'+' if row.or_more else ''}"
            writer.line(successes, "outcome-successes", x=30, bold=True)
            writer.y -= 12 * 1.3  # the outcome (12 px) shares the successes' baseline
            writer.generated(body, "outcome", x=62)
    else:
        writer.generated(_rules(writer, lib, tree, attacker), "rules")
    for effect in weapon.effects:
        writer.generated(_rules(writer, lib, effect, attacker), "rules")


def card_svg(lib: Library, card: Card, lang: str, words: GameWords | None = None) -> Svg:
    """A preview of a motu card in ``lang``: names and printed text where translated, every
    label in the rulebook's terms (:mod:`hexforge.plugins.motu.terms`), English for a
    language the table does not have; rules text with ``words`` (the loaded plugins' words
    in ``lang``, an expansion's included), else motu's own."""
    from hexforge.plugins.motu.cards import Character, Fate, Glory, Item, Mark, Token, Weapon

    name = localised(card.name, lang)
    writer = CardWriter(card.id, lang)
    writer.rules_words = words
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
        pack = card.id.split("/")[0]
        for ref in card.weapons:
            weapon = lib.cards.get(ref if "/" in ref else f"{pack}/{ref}")
            if isinstance(weapon, Weapon):
                writer.gap()
                _weapon(writer, lib, weapon)
        for ref in card.items:
            item = lib.cards.get(ref if "/" in ref else f"{pack}/{ref}")
            if item is not None:
                writer.wrapped(
                    term("carried item", lang, name=localised(item.name, lang)),
                    "item-name",
                    size=13,
                )
        for skill in card.skills:
            writer.gap()
            _skill(writer, lib, skill, name, character=True)
    elif isinstance(card, Weapon):
        writer.wrapped(term("weapon", lang), "card-kind", size=13)
        _weapon(writer, lib, card)
    elif isinstance(card, Item):
        kind = f"{term(card.type, lang)} - {count('points', card.cost, lang)}"
        writer.wrapped(kind, "card-kind", size=13)
        for skill in card.skills:
            writer.gap()
            _skill(writer, lib, skill, "the bearer")
    elif isinstance(card, Token):
        colour = palette.DEBUFF if card.kind == "debuff" else palette.BUFF
        kind = term(f"unique {card.kind}" if card.unique else card.kind, lang)
        if isinstance(card, Mark):
            reach = term("reach", lang, n=card.reach)
            kind += f" - {term('range', lang, n=card.range)}, {reach}"
        writer.wrapped(kind, "card-kind", size=13)
        for effect in card.effects:
            writer.generated(_rules(writer, lib, effect, "the bearer"), "rules", x=PADDING)
        if card.removed is not None:
            removed = f"{term('removed', lang)} {_rules(writer, lib, card.removed, 'the bearer')}"
            writer.generated(removed, "rules", x=PADDING)
    elif isinstance(card, Fate | Glory):
        facts = [
            term("initiative", lang, n=card.initiative),
            f"{card.ap} {term('AP', lang)}",
            count("mana", card.mana, lang),
        ]
        writer.wrapped(f"{term(card.kind, lang)} - {', '.join(facts)}", "card-kind", size=13)
        if isinstance(card, Fate) and card.ability is not None:
            ability = _rules(writer, lib, card.ability, "the activated character")
            writer.generated(ability, "rules", x=PADDING)
    printed = getattr(card.text, lang, None) if card.text is not None else None
    if printed:
        writer.gap()
        writer.wrapped(printed, "printed-text")
    writer.gap()
    source = f"{card.id} - {term(card.provenance.value, lang)}"
    writer.wrapped(source, "card-id", size=10, colour=palette.MUTED)
    return writer.svg(colour)
