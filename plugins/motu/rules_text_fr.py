"""The motu effect words in French, in the French rulebook's terms, for rules text.

Terms: blessure, infliger (§Health and Wounds, §Attack), renforcement / affaiblissement
(§Buffs and Debuffs), marque (§Marks), niveau (§Scope), réussite, test de défense, contre
(§Tests), engagé (§Melee Attack), assommé (§Health and Wounds), concentration (§Focus),
attaque de flanc, couvert, interruption, attaque d'opportunité (§Scope Modifiers), charger,
se téléporter, sauter, pousser, tirer, échanger (§Movement Effects), ligne de vue, terrain
difficile, PA, points de victoire.
"""

from __future__ import annotations

from hexforge.dsl.text import GameWords, forms
from hexforge.dsl.text.forms import Forms
from hexforge.dsl.text.fr import of

_HEXES = "{hexes#hexagone|hexagones}"
_VOWELS = tuple("aeiouàâéèêëîïôûù")


def _noun(singular: str, plural: str, the: str, gender: str = "m") -> Forms:
    """A noun's forms: ``un ennemi``, ``les ennemis``, ``l'ennemi`` (``the``) with ``à``
    and ``de`` where French contracts them (au, aux, du, des)."""
    a = "un" if gender == "m" else "une"
    this = ("cet" if singular.startswith(_VOWELS) else "ce") if gender == "m" else "cette"
    contracted = {"le ": ("au ", "du "), "la ": ("à la ", "de la "), "l'": ("à l'", "de l'")}
    dat, gen = next(
        (d + the[len(k) :], g + the[len(k) :])
        for k, (d, g) in contracted.items()
        if the.startswith(k)
    )
    return forms(
        singular,
        each=f"chaque {singular}",
        count=of(plural),
        gender=gender,
        **{
            "a.nom": f"{a} {singular}",
            "a.dat": f"à {a} {singular}",
            "a.gen": f"d'{a} {singular}",
            "one.nom": singular,
            "this.nom": f"{this} {singular}",
            "this.dat": f"à {this} {singular}",
            "this.gen": f"de {this} {singular}",
            "the.nom": the,
            "the.dat": dat,
            "the.gen": gen,
            "all.nom": f"les {plural}",
            "all.dat": f"aux {plural}",
            "all.gen": f"des {plural}",
        },
    )


def _unit(nom: str, dat: str, gen: str, gender: str = "m") -> Forms:
    return forms(nom, dat=dat, gen=gen, gender=gender)


_THIS = _unit("ce personnage", "à ce personnage", "de ce personnage")


def _stat(words: str, the: str) -> Forms:
    return forms(words, **{"def": the})


WORDS = GameWords(
    lang="fr",
    kinds=frozenset({"character", "mark"}),
    triggers={
        "upon activation": "à l'activation",
        "at end of activation": "à la fin de l'activation",
        "upon interruption": "à l'interruption",
        "at end of interruption": "à la fin de l'interruption",
        "when {target} would be wounded": "quand {target} devrait recevoir une blessure",
        "when {target} is wounded": "quand {target} reçoit une blessure",
        "when {target} is knocked out": "quand {target} est {target/assommé|assommée}",
        "when {by} knock(s) out {target}": "quand {by} assomme {target}",
        "when {attacker} attack(s) {target}": "quand {attacker} attaque {target}",
        "when {attacker} declare(s) an attack on {target}": (
            "quand {attacker} déclare une attaque contre {target}"
        ),
        "when {unit} spend(s) focus": "quand {unit} dépense sa concentration",
        "when {tester} check(s) a stat": "quand {tester} détermine la caractéristique d'un test",
        "when {tester} roll(s) for a test": "quand {tester} lance les dés d'un test",
        "when {tester} count(s) initial successes": (
            "quand {tester} détermine les réussites initiales"
        ),
        "when {tester} count(s) final successes": "quand {tester} détermine les réussites finales",
        "when {tester} apply/applies successes": "quand {tester} applique les réussites",
        "when {defender} make(s) a defence test": "quand {defender} effectue un test de défense",
    },
    verbs={
        "deal {amount:int} wound(s) to {target:character}": (
            "infligez {amount} {amount#blessure|blessures} {target@dat}"
        ),
        "remove {amount:int} wound(s) from {target:character}": (
            "retirez {amount} {amount#blessure|blessures} {target@gen}"
        ),
        "give {target:character} {token:token}": "{target} reçoit {token}",
        "remove {token:token} from {target:character}": "retirez {token} {target@gen}",
        "gain {amount:int} mana": "gagnez {amount} mana",
        "add {amount:int} mana to {target:character}": "{target} gagne {amount} mana",
        "gain {amount:int} ap": "gagnez {amount} PA",
        "place mark {mark:mark_name}": "placez {mark}",
        "score {amount:int} vp": "marquez {amount} {amount#point|points} de victoire",
        "push {target:character} {hexes:int} hex/hexes": (
            f"poussez {{target}} de {{hexes}} {_HEXES}"
        ),
        "pull {target:character} {hexes:int} hex/hexes": f"tirez {{target}} de {{hexes}} {_HEXES}",
        "teleport {hexes:int} hex/hexes": f"téléportez-vous de {{hexes}} {_HEXES}",
        "jump {hexes:int} hex/hexes": f"sautez de {{hexes}} {_HEXES}",
        "charge {target:character}": "chargez {target}",
        "move towards {target:character} {hexes:int} hex/hexes": (
            f"déplacez-vous vers {{target}} de {{hexes}} {_HEXES}"
        ),
        "switch places with {target:character}": "échangez votre position avec {target}",
        "make a free move": "effectuez une action de déplacement gratuite",
        "roll {amount:int} more dice": (
            "lancez {amount} {amount#dé supplémentaire|dés supplémentaires}"
        ),
        "add {amount:int} success/successes": "ajoutez {amount} {amount#réussite|réussites}",
    },
    conditions={
        "attacking": "{self} attaque",
        "defending": "{self} se défend",
        "attacking with {type:weapon_type}": "{self} attaque avec une arme {type@arme}",
        "{who:character} is knocked out": "{who} est {who/assommé|assommée}",
        "{who:character} is focused": "{who} est {who/concentré|concentrée}",
        "{who:character} is engaged": "{who} est {who/engagé|engagée}",
        "{who:character} has {token:token}": "{who} a {token}",
        "flanking": "{self} attaque de flanc",
        "making a ranged attack on an engaged target": (
            "{self} effectue une attaque à distance contre une cible engagée"
        ),
        "attacking a target in cover": "{self} attaque une cible à couvert",
        "interrupting": "{self} effectue une interruption",
        "making an attack of opportunity": "{self} effectue une attaque d'opportunité",
    },
    filters={
        "within {n:int} inches of {anchor:character}": (
            "à {n} {n#pouce|pouces} ou moins {anchor@gen}"
        ),
        "adjacent to {anchor:character}": "à côté {anchor@gen}",
        "engaged with {anchor:character}": "au contact {anchor@gen}",
        "in difficult terrain": "en terrain difficile",
        "in sight of {anchor:character}": "en ligne de vue {anchor@gen}",
        "in reach of {anchor:character}": "dans le rayon {anchor@gen}",
    },
    nouns={
        "enemy/enemies": _noun("ennemi", "ennemis", "l'ennemi"),
        "ally/allies": _noun("allié", "alliés", "l'allié"),
        "character/characters": _noun("personnage", "personnages", "le personnage"),
    },
    pickers={
        "the nearest": forms(
            "{noun@the.nom} le plus proche",
            dat="{noun@the.dat} le plus proche",
            gen="{noun@the.gen} le plus proche",
        ),
    },
    stats={
        "health": _stat("santé", "la santé"),
        "strength": _stat("force", "la force"),
        "toughness": _stat("résistance", "la résistance"),
        "mind": _stat("esprit", "l'esprit"),
        "power": _stat("pouvoir", "le pouvoir"),
        "perception": _stat("perception", "la perception"),
        "speed": _stat("vitesse", "la vitesse"),
        "focused speed": _stat("vitesse concentrée", "la vitesse concentrée"),
        "dice": _stat("dés", "les dés"),
        "scope": _stat("niveau", "le niveau"),
        "free rerolls": _stat("relances gratuites", "les relances gratuites"),
        "focus scope": _stat("bonus de concentration", "le bonus de concentration"),
    },
    permissions={
        "be targeted": forms("être ciblé", pl="être ciblés"),
        "be flanked": forms("être attaqué de flanc", pl="être attaqués de flanc"),
        "ignore cover": forms("ignorer le couvert", pl="ignorer le couvert"),
        "be pushed": forms("être poussé", pl="être poussés"),
        "be pulled": forms("être tiré", pl="être tirés"),
        "be switched": forms("être échangé", pl="être échangés"),
        "be moved by enemies": forms(
            "être déplacé par les ennemis", pl="être déplacés par les ennemis"
        ),
        "move through enemies": forms(
            "se déplacer à côté des ennemis", pl="se déplacer à côté des ennemis"
        ),
    },
    properties={
        "wounds": forms("le nombre de blessures"),
        "mana": forms("le mana"),
        "cost": forms("le coût"),
        "health": forms("la santé", gender="f"),
        "strength": forms("la force", gender="f"),
        "toughness": forms("la résistance", gender="f"),
        "mind": forms("l'esprit"),
        "power": forms("le pouvoir"),
        "perception": forms("la perception", gender="f"),
        "speed": forms("la vitesse", gender="f"),
    },
    contexts={
        "activation": forms("activation"),
        "interruption": forms("interruption"),
        "round": forms("manche"),
        "attack": forms("attaque"),
        "test": forms("test"),
    },
    constants={
        "melee": forms("mêlée", arme="de mêlée"),
        "ranged": forms("à distance", arme="à distance"),
        "spell": forms("magique", arme="magique"),
    },
    names={
        "self": _THIS,
        "it": _THIS,
        "subject": _THIS,
        "unit": _THIS,
        "target": _unit("la cible", "à la cible", "de la cible", "f"),
        "attacker": _unit("l'attaquant", "à l'attaquant", "de l'attaquant"),
        "defender": _unit("le défenseur", "au défenseur", "du défenseur"),
        "tester": _unit(
            "le personnage qui fait le test",
            "au personnage qui fait le test",
            "du personnage qui fait le test",
        ),
        "by": _unit("l'auteur", "à l'auteur", "de l'auteur"),
        "source": _unit("la source", "à la source", "de la source", "f"),
        "interrupted": _unit(
            "le personnage interrompu", "au personnage interrompu", "du personnage interrompu"
        ),
        "value": forms("la valeur de la caractéristique", gender="f"),
        "count": forms("le nombre de dés lancés"),
        "scope": forms("le niveau"),
        "test": forms("le numéro du test"),
        "successes": forms("le nombre de réussites"),
        "amount": forms("la quantité", gender="f"),
    },
)
"""The motu words in French."""

SELVES: dict[str, Forms] = {
    "the bearer": _unit("le porteur", "au porteur", "du porteur"),
    "the attacker": WORDS.names["attacker"],
    "the activated character": _unit(
        "le personnage activé", "au personnage activé", "du personnage activé"
    ),
}
"""Who ``self`` is on a card that is no character's, by the English the preview uses."""

KINDS = {
    "buff": ("le renforcement", "au renforcement", "du renforcement"),
    "debuff": ("l'affaiblissement", "à l'affaiblissement", "de l'affaiblissement"),
    "mark": ("la marque", "à la marque", "de la marque"),
}
"""A token's kind (nom, dat, gen), before its quoted name."""


def token(kind: str, name: str) -> Forms:
    """A buff, debuff or mark: its kind, its name quoted as printed."""
    nom, dat, gen = (f"{words} « {name} »" for words in KINDS[kind])
    return forms(nom, dat=dat, gen=gen)
