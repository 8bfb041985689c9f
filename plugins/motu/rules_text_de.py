"""The motu effect words in German, in the German rulebook's terms, for rules text.

Terms: Wunde, zufügen (§Health and Wounds, §Attack), Stärkung / Schwächung (§Buffs and
Debuffs), Zeichen (§Marks), Bereich (§Scope), Erfolg, Verteidigungsprobe, gegen (§Tests),
im Gefecht (§Melee Attack), ausgeschaltet (§Health and Wounds), Konzentration (§Focus),
Flankenangriff, Deckung, Unterbrechung, Gelegenheitsangriff (§Scope Modifiers), Stürmen,
Teleportieren, Springen, Schieben, Ziehen, Tausch (§Movement Effects), Sichtlinie,
schwieriges Gelände, AP, Siegpunkte. Conditions and triggers follow a conjunction, so their
verb comes last (``wenn {by} {target@acc} ausschaltet``).
"""

from __future__ import annotations

from hexforge.dsl.text import GameWords, forms
from hexforge.dsl.text.forms import Forms

_CASES = ("nom", "acc", "dat", "gen")
_HEXES = "{hexes#Hexfeld|Hexfelder}"


def _noun(a: tuple[str, ...], weak: tuple[str, ...], plural: tuple[str, ...], each: str) -> Forms:
    """Cases in the order nom, acc, dat, gen: with ``ein``, after ``der nächste``, plural
    without article (its genitive with ``der``, for "Tempo der Feinde")."""
    slots = {"each": each, "count": plural[0], "gender": "m"}
    for number, words in (("a", a), ("one", a), ("weak", weak), ("all", plural)):
        slots.update({f"{number}.{case}": w for case, w in zip(_CASES, words, strict=True)})
    slots["all.gen"] = f"der {plural[3]}"
    for case, this, noun in zip(
        _CASES, ("dieser", "diesen", "diesem", "dieses"), weak, strict=True
    ):
        slots[f"this.{case}"] = f"{this} {noun}"
    slots["this.von"] = f"von {slots['this.dat']}"
    return forms(weak[0], **slots)


def _unit(nom: str, acc: str, dat: str, gen: str, gender: str = "m") -> Forms:
    """A unit's cases, and ``von`` with its dative as German contracts it (vom Ziel)."""
    return forms(nom, acc=acc, dat=dat, gen=gen, von=_von(dat), gender=gender)


def _von(dative: str) -> str:
    return f"vom {dative[4:]}" if dative.startswith("dem ") else f"von {dative}"


_THIS = _unit("dieser Charakter", "diesen Charakter", "diesem Charakter", "dieses Charakters")


def _stat(words: str, article: str = "die") -> Forms:
    return forms(words, **{"def": f"{article} {words}"})


WORDS = GameWords(
    lang="de",
    kinds=frozenset({"character", "mark"}),
    triggers={
        "upon activation": "bei Aktivierung",
        "at end of activation": "am Ende der Aktivierung",
        "upon interruption": "bei Unterbrechung",
        "at end of interruption": "am Ende der Unterbrechung",
        "when {target} would be wounded": "wenn {target} eine Wunde erhalten würde",
        "when {target} is wounded": "wenn {target} eine Wunde erhält",
        "when {target} is knocked out": "wenn {target} ausgeschaltet wird",
        "when {by} knock(s) out {target}": "wenn {by} {target@acc} ausschaltet",
        "when {attacker} attack(s) {target}": "wenn {attacker} {target@acc} angreift",
        "when {attacker} declare(s) an attack on {target}": (
            "wenn {attacker} einen Angriff auf {target@acc} ansagt"
        ),
        "when {unit} spend(s) focus": "wenn {unit} Konzentration ausgibt",
        "when {tester} check(s) a stat": "wenn {tester} den Wert einer Probe bestimmt",
        "when {tester} roll(s) for a test": "wenn {tester} für eine Probe würfelt",
        "when {tester} count(s) initial successes": "wenn {tester} die Anfangserfolge bestimmt",
        "when {tester} count(s) final successes": "wenn {tester} die Enderfolge bestimmt",
        "when {tester} apply/applies successes": "wenn {tester} die Erfolge anwendet",
        "when {defender} make(s) a defence test": (
            "wenn {defender} eine Verteidigungsprobe durchführt"
        ),
    },
    verbs={
        "deal {amount:int} wound(s) to {target:character}": (
            "füge {target@dat} {amount} {amount#Wunde|Wunden} zu"
        ),
        "remove {amount:int} wound(s) from {target:character}": (
            "entferne {amount} {amount#Wunde|Wunden} {target@von}"
        ),
        "give {target:character} {token:token}": "{target} erhält {token@acc}",
        "remove {token:token} from {target:character}": "entferne {token@acc} {target@von}",
        "gain {amount:int} mana": "erhalte {amount} Mana",
        "add {amount:int} mana to {target:character}": "{target} erhält {amount} Mana",
        "gain {amount:int} ap": "erhalte {amount} AP",
        "place mark {mark:mark_name}": "platziere {mark@acc}",
        "score {amount:int} vp": "erhalte {amount} {amount#Siegpunkt|Siegpunkte}",
        "push {target:character} {hexes:int} hex/hexes": (
            f"schiebe {{target@acc}} {{hexes}} {_HEXES} weit"
        ),
        "pull {target:character} {hexes:int} hex/hexes": (
            f"ziehe {{target@acc}} {{hexes}} {_HEXES} weit"
        ),
        "teleport {hexes:int} hex/hexes": f"teleportiere dich {{hexes}} {_HEXES} weit",
        "jump {hexes:int} hex/hexes": f"springe {{hexes}} {_HEXES} weit",
        "charge {target:character}": "stürme auf {target@acc}",
        "move towards {target:character} {hexes:int} hex/hexes": (
            f"bewege dich gezielt {{hexes}} {_HEXES} weit auf {{target@acc}} zu"
        ),
        "switch places with {target:character}": "tausche die Position mit {target@dat}",
        "make a free move": "führe eine freie Aktion „Bewegen“ aus",
        "roll {amount:int} more dice": (
            "würfle mit {amount} {amount#zusätzlichen Würfel|zusätzlichen Würfeln}"
        ),
        "add {amount:int} success/successes": "füge {amount} {amount#Erfolg|Erfolge} hinzu",
    },
    conditions={
        "attacking": "{self} angreift",
        "defending": "{self} sich verteidigt",
        "attacking with {type:weapon_type}": "{self} mit {type@dat} angreift",
        "{who:character} is knocked out": "{who} ausgeschaltet ist",
        "{who:character} is focused": "{who} konzentriert ist",
        "{who:character} is engaged": "{who} im Gefecht ist",
        "{who:character} has {token:token}": "{who} {token@acc} hat",
        "flanking": "{self} einen Flankenangriff ausführt",
        "making a ranged attack on an engaged target": (
            "{self} einen Fernkampfangriff auf ein Ziel im Gefecht ausführt"
        ),
        "attacking a target in cover": "{self} ein Ziel in Deckung angreift",
        "interrupting": "{self} eine Unterbrechung ausführt",
        "making an attack of opportunity": "{self} einen Gelegenheitsangriff ausführt",
    },
    filters={
        "within {n:int} inches of {anchor:character}": "im Umkreis von {n} Zoll um {anchor@acc}",
        "adjacent to {anchor:character}": "neben {anchor@dat}",
        "engaged with {anchor:character}": "im Gefecht mit {anchor@dat}",
        "in difficult terrain": "in schwierigem Gelände",
        "in sight of {anchor:character}": "in Sichtlinie {anchor@gen}",
        "in reach of {anchor:character}": "im Wirkungsbereich {anchor@gen}",
    },
    nouns={
        "enemy/enemies": _noun(
            ("ein Feind", "einen Feind", "einem Feind", "eines Feindes"),
            ("Feind", "Feind", "Feind", "Feindes"),
            ("Feinde", "Feinde", "Feinden", "Feinde"),
            "jeden Feind",
        ),
        "ally/allies": _noun(
            ("ein Verbündeter", "einen Verbündeten", "einem Verbündeten", "eines Verbündeten"),
            ("Verbündete", "Verbündeten", "Verbündeten", "Verbündeten"),
            ("Verbündete", "Verbündete", "Verbündeten", "Verbündeten"),
            "jeden Verbündeten",
        ),
        "character/characters": _noun(
            ("ein Charakter", "einen Charakter", "einem Charakter", "eines Charakters"),
            ("Charakter", "Charakter", "Charakter", "Charakters"),
            ("Charaktere", "Charaktere", "Charakteren", "Charaktere"),
            "jeden Charakter",
        ),
    },
    pickers={
        "the nearest": forms(
            "der nächste {noun@weak.nom}",
            acc="den nächsten {noun@weak.acc}",
            dat="dem nächsten {noun@weak.dat}",
            gen="des nächsten {noun@weak.gen}",
            von="vom nächsten {noun@weak.dat}",
        ),
    },
    stats={
        "health": _stat("Gesundheit"),
        "strength": _stat("Stärke"),
        "toughness": _stat("Zähigkeit"),
        "mind": _stat("Geist", "der"),
        "power": _stat("Macht"),
        "perception": _stat("Wahrnehmung"),
        "speed": _stat("Tempo", "das"),
        "focused speed": _stat("konzentriertes Tempo", "das"),
        "dice": _stat("Würfel"),
        "scope": _stat("Bereich", "der"),
        "free rerolls": _stat("kostenlose Neuwürfe"),
        "focus scope": _stat("Konzentrationsbonus", "der"),
    },
    permissions={
        "be targeted": forms("als Ziel gewählt werden"),
        "be flanked": forms("flankiert werden"),
        "ignore cover": forms("Deckung ignorieren"),
        "be pushed": forms("geschoben werden"),
        "be pulled": forms("gezogen werden"),
        "be switched": forms("getauscht werden"),
        "be moved by enemies": forms("von Feinden bewegt werden"),
        "move through enemies": forms("sich an Feinden vorbei bewegen"),
    },
    properties={
        "wounds": forms("die Anzahl der Wunden"),
        "mana": forms("das Mana"),
        "cost": forms("der Punktwert"),
        "health": forms("die Gesundheit"),
        "strength": forms("die Stärke"),
        "toughness": forms("die Zähigkeit"),
        "mind": forms("der Geist"),
        "power": forms("die Macht"),
        "perception": forms("die Wahrnehmung"),
        "speed": forms("das Tempo"),
    },
    contexts={
        "activation": forms("Aktivierung"),
        "interruption": forms("Unterbrechung"),
        "round": forms("Runde"),
        "attack": forms("Angriff"),
        "test": forms("Probe"),
    },
    constants={
        "melee": forms("Nahkampf", dat="einer Nahkampfwaffe"),
        "ranged": forms("Fernkampf", dat="einer Fernkampfwaffe"),
        "spell": forms("Zauber", dat="einem Zauber"),
    },
    names={
        "self": _THIS,
        "it": _THIS,
        "subject": _THIS,
        "unit": _THIS,
        "target": _unit("das Ziel", "das Ziel", "dem Ziel", "des Ziels", "n"),
        "attacker": _unit("der Angreifer", "den Angreifer", "dem Angreifer", "des Angreifers"),
        "defender": _unit(
            "der Verteidiger", "den Verteidiger", "dem Verteidiger", "des Verteidigers"
        ),
        "tester": _unit(
            "der Charakter, der die Probe ablegt",
            "den Charakter, der die Probe ablegt",
            "dem Charakter, der die Probe ablegt",
            "des Charakters, der die Probe ablegt",
        ),
        "by": _unit("der Verursacher", "den Verursacher", "dem Verursacher", "des Verursachers"),
        "source": _unit("die Quelle", "die Quelle", "der Quelle", "der Quelle", "f"),
        "interrupted": _unit(
            "der unterbrochene Charakter",
            "den unterbrochenen Charakter",
            "dem unterbrochenen Charakter",
            "des unterbrochenen Charakters",
        ),
        "value": forms("der Wert", gender="m"),
        "count": forms("die Anzahl der geworfenen Würfel", gender="f"),
        "scope": forms("der Bereich", gender="m"),
        "test": forms("die Nummer der Probe", gender="f"),
        "successes": forms("die Anzahl der Erfolge", gender="f"),
        "amount": forms("die Anzahl", gender="f"),
    },
)
"""The motu words in German."""

SELVES: dict[str, Forms] = {
    "the bearer": _unit("der Träger", "den Träger", "dem Träger", "des Trägers"),
    "the attacker": WORDS.names["attacker"],
    "the activated character": _unit(
        "der aktivierte Charakter",
        "den aktivierten Charakter",
        "dem aktivierten Charakter",
        "des aktivierten Charakters",
    ),
}
"""Who ``self`` is on a card that is no character's, by the English the preview uses."""

KINDS = {
    "buff": ("die Stärkung", "die Stärkung", "der Stärkung", "der Stärkung"),
    "debuff": ("die Schwächung", "die Schwächung", "der Schwächung", "der Schwächung"),
    "mark": ("das Zeichen", "das Zeichen", "dem Zeichen", "des Zeichens"),
}
"""A token's kind in each case (nom, acc, dat, gen), before its quoted name."""


def token(kind: str, name: str) -> Forms:
    """A buff, debuff or mark: its kind declined, its name quoted as printed."""
    cases = {case: f"{words} „{name}“" for case, words in zip(_CASES, KINDS[kind], strict=True)}
    return forms(cases.pop("nom"), **cases)
