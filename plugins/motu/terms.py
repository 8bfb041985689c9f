"""The fixed words of motu previews in each rulebook's own terms (en, pl, de, fr).

Card names and printed texts come with the cards; everything else a preview prints (stat
names, weapon types, skill kinds, costs, token kinds) is here, once, so the renderer and
anything else that labels motu things say what the rulebook of that language says. The
words are the rulebooks' (icon key, glossary, §Characters, §Attack, §Items, §Disposable
Items, §Buffs and Debuffs, §Marks, §Area Attacks), as listed in docs/motu-content.md;
where a rulebook has no word (a card's points, a mark's reach, a card's data source) the
term is plain language.

A value is a ``str.format`` template when it has ``{fields}``. A counted noun (``points``,
``hexes``, ``dice``, ``mana``) holds its plural forms separated by ``|`` in the order of
the language's plural rule (:func:`plural`). An unknown language gets English, as card
names do. Every motu card kind (``character``, ``weapon``, ``item``, ``buff``, ``debuff``,
``mark``, ``fate``, ``glory``) and every provenance value is a key, so a card list can
print ``term(card.kind, lang)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from hexforge.dsl.text import STRUCTURES

LANGUAGES = ("en", "pl", "de", "fr")
FALLBACK = "en"


def _table(rows: dict[str, dict[str, str]]) -> Mapping[str, Mapping[str, str]]:
    return MappingProxyType({key: MappingProxyType(row) for key, row in rows.items()})


TERMS: Mapping[str, Mapping[str, str]] = _table(
    {
        # character stats (rulebook icon key, §Characters)
        "health": {"en": "health", "pl": "zdrowie", "de": "Gesundheit", "fr": "santé"},
        "strength": {"en": "strength", "pl": "siła", "de": "Stärke", "fr": "force"},
        "toughness": {
            "en": "toughness",
            "pl": "wytrzymałość",
            "de": "Zähigkeit",
            "fr": "résistance",
        },
        "mind": {"en": "mind", "pl": "umysł", "de": "Geist", "fr": "esprit"},
        "power": {"en": "power", "pl": "moc", "de": "Macht", "fr": "pouvoir"},
        "perception": {
            "en": "perception",
            "pl": "percepcja",
            "de": "Wahrnehmung",
            "fr": "perception",
        },
        "speed": {"en": "speed", "pl": "szybkość", "de": "Tempo", "fr": "vitesse"},
        # factions (rulebook §Forces: the names are English in every rulebook)
        "masters": {
            "en": "Masters of the Universe",
            "pl": "Masters of the Universe",
            "de": "Masters of the Universe",
            "fr": "Masters of the Universe",
        },
        "evil": {
            "en": "Evil Warriors",
            "pl": "Evil Warriors",
            "de": "Evil Warriors",
            "fr": "Evil Warriors",
        },
        "faction character": {
            "en": "{faction} character",
            "pl": "postać ({faction})",
            "de": "Charakter der {faction}",
            "fr": "personnage des {faction}",
        },
        "points": {
            "en": "point|points",
            "pl": "punkt|punkty|punktów",
            "de": "Punkt|Punkte",
            "fr": "point|points",
        },
        "pts": {"en": "pts", "pl": "pkt", "de": "Pkt.", "fr": "pts"},
        # weapons (rulebook §Attack, §Area Attacks)
        "weapon": {"en": "weapon", "pl": "broń", "de": "Waffe", "fr": "arme"},
        "melee": {"en": "melee", "pl": "do walki wręcz", "de": "Nahkampf", "fr": "mêlée"},
        "ranged": {"en": "ranged", "pl": "dystansowa", "de": "Fernkampf", "fr": "à distance"},
        "spell": {"en": "spell", "pl": "magiczna", "de": "Zauber", "fr": "magique"},
        "range": {
            "en": 'range {n}"',
            "pl": 'zasięg {n}"',
            "de": 'Reichweite {n}"',
            "fr": 'portée {n}"',
        },
        "dice": {"en": "die|dice", "pl": "kość|kości|kości", "de": "Würfel|Würfel", "fr": "dé|dés"},
        "area": {
            "en": "area {hexes}",
            "pl": "obszar {hexes}",
            "de": "Wirkungsfeld {hexes}",
            "fr": "zone {hexes}",
        },
        "hexes": {
            "en": "hex|hexes",
            "pl": "heks|heksy|heksów",
            "de": "Hexfeld|Hexfelder",
            "fr": "hexagone|hexagones",
        },
        # costs (rulebook icon key, §Character Actions)
        "AP": {"en": "AP", "pl": "PA", "de": "AP", "fr": "PA"},
        "mana": {"en": "mana|mana", "pl": "mana|many|many", "de": "Mana|Mana", "fr": "mana|mana"},
        # items (rulebook §Items, §Disposable Items)
        "item": {"en": "item", "pl": "przedmiot", "de": "Objekt", "fr": "objet"},
        "carried item": {
            "en": "item: {name}",
            "pl": "przedmiot: {name}",
            "de": "Objekt: {name}",
            "fr": "objet : {name}",
        },
        "trinket": {"en": "trinket", "pl": "drobiazg", "de": "Schmuck", "fr": "breloque"},
        "shield": {"en": "shield", "pl": "tarcza", "de": "Schild", "fr": "bouclier"},
        "armour": {"en": "armour", "pl": "pancerz", "de": "Panzer", "fr": "armure"},
        # skills (rulebook glossary: active and passive skills; §Disposable Items)
        "active": {
            "en": "active: {costs}",
            "pl": "aktywna: {costs}",
            "de": "aktiv: {costs}",
            "fr": "compétence active : {costs}",
        },
        "passive": {
            "en": "passive",
            "pl": "pasywna",
            "de": "passiv",
            "fr": "compétence passive",
        },
        "disposable": {
            "en": "disposable",
            "pl": "jednorazowe",
            "de": "verbrauchbar",
            "fr": "à usage unique",
        },
        "and": {"en": "; ", "pl": "; ", "de": "; ", "fr": " ; "},
        "target": {
            "en": "target {who}",
            "pl": "cel: {who}",
            "de": "Ziel: {who}",
            "fr": "cible : {who}",
        },
        "enemy": {"en": "enemy", "pl": "wróg", "de": "Feind", "fr": "ennemi"},
        "ally": {"en": "ally", "pl": "sojusznik", "de": "Verbündeter", "fr": "allié"},
        "character": {"en": "character", "pl": "postać", "de": "Charakter", "fr": "personnage"},
        # buffs, debuffs and marks (rulebook §Buffs and Debuffs, §Marks)
        "buff": {"en": "buff", "pl": "wzmocnienie", "de": "Stärkung", "fr": "renforcement"},
        "debuff": {"en": "debuff", "pl": "osłabienie", "de": "Schwächung", "fr": "affaiblissement"},
        "mark": {"en": "mark", "pl": "znak", "de": "Zeichen", "fr": "marque"},
        # rulebook rules as data (rulebook §Rule Hierarchy)
        "rule": {"en": "rule", "pl": "zasada", "de": "Regel", "fr": "règle"},
        "unique buff": {
            "en": "unique buff",
            "pl": "unikalne wzmocnienie",
            "de": "einzigartige Stärkung",
            "fr": "renforcement unique",
        },
        "unique debuff": {
            "en": "unique debuff",
            "pl": "unikalne osłabienie",
            "de": "einzigartige Schwächung",
            "fr": "affaiblissement unique",
        },
        "unique mark": {
            "en": "unique mark",
            "pl": "unikalny znak",
            "de": "einzigartiges Zeichen",
            "fr": "marque unique",
        },
        "reach": {
            "en": 'reach {n}"',
            "pl": 'oddziaływanie {n}"',
            "de": 'Wirkungsbereich {n}"',
            "fr": 'rayon {n}"',
        },
        "removed": {
            "en": "When removed:",
            "pl": "Po usunięciu:",
            "de": "Beim Entfernen:",
            "fr": "Quand il est retiré :",
        },
        # fate and glory cards (rulebook §Select Cards)
        "fate": {
            "en": "fate card",
            "pl": "karta losu",
            "de": "Schicksalskarte",
            "fr": "carte destin",
        },
        "glory": {
            "en": "glory card",
            "pl": "karta chwały",
            "de": "Ruhmkarte",
            "fr": "carte gloire",
        },
        # action cards: actions an expansion adds (rulebook §Character Actions' terms)
        "action": {"en": "action", "pl": "akcja", "de": "Aktion", "fr": "action"},
        "initiative": {
            "en": "initiative {n}",
            "pl": "inicjatywa {n}",
            "de": "Initiative {n}",
            "fr": "initiative {n}",
        },
        # where a card's numbers come from (docs/motu-content.md, provenance policy)
        "rulebook": {
            "en": "rulebook data",
            "pl": "dane z podręcznika",
            "de": "Daten aus der Spielanleitung",
            "fr": "données du livret de règles",
        },
        "community": {
            "en": "community data",
            "pl": "dane społeczności",
            "de": "Community-Daten",
            "fr": "données communautaires",
        },
        "invented": {
            "en": "invented data",
            "pl": "dane wymyślone",
            "de": "erfundene Daten",
            "fr": "données inventées",
        },
    }
)
"""Term key -> language -> the words (a template, or plural forms joined by ``|``)."""


def language(lang: str) -> str:
    """``lang`` if the table has it, else English (the fallback rule for card names)."""
    return lang if lang in LANGUAGES else FALLBACK


def term(key: str, lang: str, **fields: object) -> str:
    """The words for ``key`` in ``lang``, with ``fields`` filled into the template."""
    words = TERMS[key][language(lang)]
    return words.format(**fields) if fields else words


def plural(key: str, n: int, lang: str) -> str:
    """The form of the counted noun ``key`` that goes with the number ``n``."""
    lang = language(lang)
    return TERMS[key][lang].split("|")[STRUCTURES[lang].plural(n)]


def count(key: str, n: int, lang: str) -> str:
    """``n`` and the counted noun ``key``: ``3 punkty``, ``5 punktów``, ``1 hexagone``."""
    return f"{n} {plural(key, n, lang)}"
