"""The motu effect words in Polish, in the Polish rulebook's terms, for rules text.

Terms: rana (§Health and Wounds), wzmocnienie / osłabienie (§Buffs and Debuffs), znak
(§Marks), zakres (§Scope), sukces, test obrony, przeciwko (§Tests, §Defence Tests), w
zwarciu (§Melee Attack), znokautowany (§Health and Wounds), skupienie (§Focus), atak z
flanki, osłona, przerwanie, atak okazyjny (§Scope Modifiers, §Interruptions), szarża,
teleportacja, skok, popychanie, przyciąganie, zamiana (§Movement Effects), pole widzenia,
trudny teren, PA, PZ. Units are named in the nominative where Polish allows (``cel
otrzymuje``), so a card's name needs no declension; elsewhere ``{x@gen}`` and the like.
"""

from __future__ import annotations

from hexforge.dsl.text import GameWords, forms
from hexforge.dsl.text.forms import Forms
from hexforge.dsl.text.pl import CASES, noun, unit

_THIS = unit("f", "ta postać", "tej postaci", "tej postaci", "tę postać", "tą postacią")
_HEXES = "{hexes#heks|heksy|heksów}"


def _stat(nom: str, gen: str, dat: str) -> Forms:
    return forms(nom, gen=gen, dat=dat)


WORDS = GameWords(
    lang="pl",
    kinds=frozenset({"character", "mark"}),
    triggers={
        "upon activation": "podczas aktywacji",
        "at end of activation": "na koniec aktywacji",
        "upon interruption": "podczas przerwania",
        "at end of interruption": "na koniec przerwania",
        "when {target} would be wounded": "gdy {target} ma otrzymać ranę",
        "when {target} is wounded": "gdy {target} otrzymuje ranę",
        "when {target} is knocked out": "po znokautowaniu {target@gen}",
        "when {by} knock(s) out {target}": "gdy {by} nokautuje {target@acc}",
        "when {attacker} attack(s) {target}": "gdy {attacker} atakuje {target@acc}",
        "when {attacker} declare(s) an attack on {target}": (
            "gdy {attacker} deklaruje atak na {target@acc}"
        ),
        "when {unit} spend(s) focus": "gdy {unit} wydaje żeton skupienia",
        "when {tester} check(s) a stat": "gdy {tester} określa statystykę testu",
        "when {tester} roll(s) for a test": "gdy {tester} rzuca kośćmi w teście",
        "when {tester} count(s) initial successes": "gdy {tester} określa początkowe sukcesy",
        "when {tester} count(s) final successes": "gdy {tester} określa końcowe sukcesy",
        "when {tester} apply/applies successes": "gdy {tester} uwzględnia sukcesy",
        "when {defender} make(s) a defence test": "gdy {defender} wykonuje test obrony",
    },
    verbs={
        "deal {amount:int} wound(s) to {target:character}": (
            "zadaj {target@dat} {amount} {amount#ranę|rany|ran}"
        ),
        "remove {amount:int} wound(s) from {target:character}": (
            "usuń {amount} {amount#ranę|rany|ran} z {target@gen}"
        ),
        "give {target:character} {token:token}": "{target} otrzymuje {token@acc}",
        "remove {token:token} from {target:character}": "usuń {token@acc} z {target@gen}",
        "gain {amount:int} mana": "zyskaj {amount} {amount#manę|many|many}",
        "add {amount:int} mana to {target:character}": (
            "{target} otrzymuje {amount} {amount#manę|many|many}"
        ),
        "gain {amount:int} ap": "zyskaj {amount} PA",
        "place mark {mark:mark_name}": "umieść {mark@acc}",
        "score {amount:int} vp": "zdobądź {amount} PZ",
        "push {target:character} {hexes:int} hex/hexes": (
            f"popchnij {{target@acc}} o {{hexes}} {_HEXES}"
        ),
        "pull {target:character} {hexes:int} hex/hexes": (
            f"przyciągnij {{target@acc}} o {{hexes}} {_HEXES}"
        ),
        "teleport {hexes:int} hex/hexes": f"teleportuj się o {{hexes}} {_HEXES}",
        "jump {hexes:int} hex/hexes": f"skocz o {{hexes}} {_HEXES}",
        "charge {target:character}": "wykonaj szarżę na {target@acc}",
        "move towards {target:character} {hexes:int} hex/hexes": (
            f"wykonaj ruch w kierunku {{target@gen}} o {{hexes}} {_HEXES}"
        ),
        "switch places with {target:character}": "zamień się miejscami z {target@ins}",
        "make a free move": "wykonaj darmową akcję ruchu",
        "roll {amount:int} more dice": (
            "rzuć {amount} {amount#dodatkową kością|dodatkowymi kośćmi|dodatkowymi kośćmi}"
        ),
        "add {amount:int} success/successes": "dodaj {amount} {amount#sukces|sukcesy|sukcesów}",
    },
    conditions={
        "attacking": "{self} atakuje",
        "defending": "{self} się broni",
        "attacking with {type:weapon_type}": "{self} atakuje bronią {type@ins}",
        "{who:character} is knocked out": (
            "{who} jest {who/znokautowany|znokautowana|znokautowane}"
        ),
        "{who:character} is focused": "{who} jest {who/skupiony|skupiona|skupione}",
        "{who:character} is engaged": "{who} jest w zwarciu",
        "{who:character} has {token:token}": "{who} ma {token@acc}",
        "flanking": "{self} atakuje z flanki",
        "making a ranged attack on an engaged target": (
            "{self} wykonuje atak dystansowy na cel w zwarciu"
        ),
        "attacking a target in cover": "{self} atakuje cel za osłoną",
        "interrupting": "{self} wykonuje przerwanie",
        "making an attack of opportunity": "{self} wykonuje atak okazyjny",
    },
    filters={
        "within {n:int} inches of {anchor:character}": (
            "w promieniu {n} {n#cala|cali|cali} od {anchor@gen}"
        ),
        "adjacent to {anchor:character}": "obok {anchor@gen}",
        "engaged with {anchor:character}": "w zwarciu z {anchor@ins}",
        "in difficult terrain": "w trudnym terenie",
        "in sight of {anchor:character}": "w polu widzenia {anchor@gen}",
        "in reach of {anchor:character}": "w zasięgu oddziaływania {anchor@gen}",
    },
    nouns={
        "enemy/enemies": noun(
            "m",
            ("wróg", "wroga", "wrogowi", "wroga", "wrogiem"),
            ("wrogowie", "wrogów", "wrogom", "wrogów", "wrogami"),
            "każdego wroga",
        ),
        "ally/allies": noun(
            "m",
            ("sojusznik", "sojusznika", "sojusznikowi", "sojusznika", "sojusznikiem"),
            ("sojusznicy", "sojuszników", "sojusznikom", "sojuszników", "sojusznikami"),
            "każdego sojusznika",
        ),
        "character/characters": noun(
            "f",
            ("postać", "postaci", "postaci", "postać", "postacią"),
            ("postacie", "postaci", "postaciom", "postacie", "postaciami"),
            "każdej postaci",
        ),
    },
    pickers={
        "the nearest": forms(
            "{noun/najbliższy|najbliższa|najbliższe} {noun@one.nom}",
            gen="{noun/najbliższego|najbliższej|najbliższego} {noun@one.gen}",
            dat="{noun/najbliższemu|najbliższej|najbliższemu} {noun@one.dat}",
            acc="{noun/najbliższego|najbliższą|najbliższe} {noun@one.acc}",
            ins="{noun/najbliższym|najbliższą|najbliższym} {noun@one.ins}",
        ),
    },
    stats={
        "health": _stat("zdrowie", "zdrowia", "zdrowiu"),
        "strength": _stat("siła", "siły", "sile"),
        "toughness": _stat("wytrzymałość", "wytrzymałości", "wytrzymałości"),
        "mind": _stat("umysł", "umysłu", "umysłowi"),
        "power": _stat("moc", "mocy", "mocy"),
        "perception": _stat("percepcja", "percepcji", "percepcji"),
        "speed": _stat("szybkość", "szybkości", "szybkości"),
        "focused speed": _stat("skupiona szybkość", "skupionej szybkości", "skupionej szybkości"),
        "dice": _stat("kości", "kości", "kościom"),
        "scope": _stat("zakres", "zakresu", "zakresowi"),
        "free rerolls": _stat("darmowe przerzuty", "darmowych przerzutów", "darmowym przerzutom"),
        "focus scope": _stat("premia ze skupienia", "premii ze skupienia", "premii ze skupienia"),
    },
    permissions={
        "be targeted": forms("być celem ataku", pl="być celem ataku"),
        "be flanked": forms("być celem ataku z flanki", pl="być celem ataku z flanki"),
        "ignore cover": forms("ignorować osłonę", pl="ignorować osłonę"),
        "be pushed": forms("podlegać popychaniu", pl="podlegać popychaniu"),
        "be pulled": forms("podlegać przyciąganiu", pl="podlegać przyciąganiu"),
        "be switched": forms("podlegać zamianie", pl="podlegać zamianie"),
        "be moved by enemies": forms(
            "podlegać przesunięciu przez wrogów", pl="podlegać przesunięciu przez wrogów"
        ),
        "move through enemies": forms("poruszać się obok wrogów", pl="poruszać się obok wrogów"),
    },
    properties={
        "wounds": forms("liczba ran"),
        "mana": forms("liczba many"),
        "cost": forms("koszt"),
        "health": forms("zdrowie"),
        "strength": forms("siła"),
        "toughness": forms("wytrzymałość"),
        "mind": forms("umysł"),
        "power": forms("moc"),
        "perception": forms("percepcja"),
        "speed": forms("szybkość"),
    },
    contexts={
        "activation": forms("aktywacja", acc="aktywację"),
        "interruption": forms("przerwanie", acc="przerwanie"),
        "round": forms("runda", acc="rundę"),
        "attack": forms("atak", acc="atak"),
        "test": forms("test", acc="test"),
    },
    constants={
        "melee": forms("do walki wręcz", ins="do walki wręcz"),
        "ranged": forms("dystansowa", ins="dystansową"),
        "spell": forms("magiczna", ins="magiczną"),
    },
    names={
        "self": _THIS,
        "it": _THIS,
        "subject": _THIS,
        "target": unit("m", "cel", "celu", "celowi", "cel", "celem"),
        "attacker": unit(
            "m", "atakujący", "atakującego", "atakującemu", "atakującego", "atakującym"
        ),
        "defender": unit("m", "obrońca", "obrońcy", "obrońcy", "obrońcę", "obrońcą"),
        "tester": unit("m", "testujący", "testującego", "testującemu", "testującego", "testującym"),
        "by": unit("m", "sprawca", "sprawcy", "sprawcy", "sprawcę", "sprawcą"),
        "source": unit("n", "źródło", "źródła", "źródłu", "źródło", "źródłem"),
        "unit": _THIS,
        "interrupted": unit(
            "f",
            "przerwana postać",
            "przerwanej postaci",
            "przerwanej postaci",
            "przerwaną postać",
            "przerwaną postacią",
        ),
        "value": forms("wartość statystyki", gender="f"),
        "count": forms("liczba rzucanych kości", gender="f"),
        "scope": forms("zakres", gender="m"),
        "test": forms("numer testu", gender="m"),
        "successes": forms("liczba sukcesów", gender="f"),
        "amount": forms("liczba", gen="liczby", gender="f"),
    },
)
"""The motu words in Polish."""

SELVES: dict[str, Forms] = {
    "the bearer": unit("m", "posiadacz", "posiadacza", "posiadaczowi", "posiadacza", "posiadaczem"),
    "the attacker": WORDS.names["attacker"],
    "the activated character": unit(
        "f",
        "aktywowana postać",
        "aktywowanej postaci",
        "aktywowanej postaci",
        "aktywowaną postać",
        "aktywowaną postacią",
    ),
}
"""Who ``self`` is on a card that is no character's, by the English the preview uses."""


def named(name: str) -> Forms:
    """A character's name: as it is in the nominative, after ``postać`` elsewhere (``od
    postaci He-Man``), so no name needs declining."""
    return forms(
        name,
        gen=f"postaci {name}",
        dat=f"postaci {name}",
        acc=f"postać {name}",
        ins=f"postacią {name}",
        gender="f" if name.endswith("a") else "m",
    )


KINDS = {
    "buff": ("wzmocnienie", "wzmocnienia", "wzmocnieniu", "wzmocnienie", "wzmocnieniem"),
    "debuff": ("osłabienie", "osłabienia", "osłabieniu", "osłabienie", "osłabieniem"),
    "mark": ("znak", "znaku", "znakowi", "znak", "znakiem"),
}
"""A token's kind in each case (nom, gen, dat, acc, ins), before its quoted name."""


def token(kind: str, name: str) -> Forms:
    """A buff, debuff or mark: its kind declined, its name quoted as printed."""
    cases = {case: f"{words} „{name}”" for case, words in zip(CASES, KINDS[kind], strict=True)}
    return forms(cases.pop("nom"), **cases)
