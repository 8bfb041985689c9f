"""The Neuroshima Hex effect words in Polish, in the Polish Duel rules' terms, for rules text.

Terms (Duel rules, the only rulebook the project has, Polish): żeton (tile), jednostka
(unit), sztab (HQ), bitwa (§Bitwy), rana and trafienie, zginąć (killed), odrzucić
(discard), stos (draw pile), walka wręcz, strzał, inicjatywa, wytrzymałość, sieć (net),
heks, przeciwnik. The board words of instants (push, move, rotate, swap) follow the
instants' own Polish names.
"""

from __future__ import annotations

from hexforge.dsl.text import GameWords, forms
from hexforge.dsl.text.forms import Forms
from hexforge.dsl.text.pl import noun, unit

_TILE = unit("m", "ten żeton", "tego żetonu", "temu żetonowi", "ten żeton", "tym żetonem")


def _stat(nom: str, gen: str, dat: str) -> Forms:
    return forms(nom, gen=gen, dat=dat)


def _units(adjective: tuple[str, ...], plural: tuple[str, ...], each: str) -> Forms:
    """A unit noun: an adjective's cases before ``jednostka`` (feminine)."""
    singular = ("jednostka", "jednostki", "jednostce", "jednostkę", "jednostką")
    many = ("jednostki", "jednostek", "jednostkom", "jednostki", "jednostkami")
    return noun(
        "f",
        tuple(f"{a} {n}".strip() for a, n in zip(adjective, singular, strict=True)),
        tuple(f"{a} {n}".strip() for a, n in zip(plural, many, strict=True)),
        each,
    )


WORDS = GameWords(
    lang="pl",
    kinds=frozenset({"tile", "hex", "rotation"}),
    triggers={
        "when {target} would be hit": "gdy {target} ma otrzymać trafienie",
        "when {target} is hit": "gdy {target} otrzymuje trafienie",
        "when {tile} would be killed": "gdy {tile} ma zginąć",
        "when {tile} is killed": "gdy {tile} ginie",
        "when {tile} is placed": "po umieszczeniu {tile@gen} na planszy",
    },
    verbs={
        "cancel the hit": "anuluj trafienie",
        "discard {tile:tile}": "odrzuć {tile@acc}",
        "return {tile:tile} to the top of the draw pile instead": (
            "zamiast tego połóż {tile@acc} na wierzchu stosu"
        ),
        "deal {amount:int} wound(s) to {targets:tile*}": (
            "zadaj {targets@dat} {amount} {amount#ranę|rany|ran}"
        ),
        "destroy {target:tile}": "zniszcz {target@acc}",
        "move {tile:tile} to {hex:hex} turned to {rotation:rotation}": (
            "przesuń {tile@acc} na {hex@acc}, ustawiając {rotation@acc}"
        ),
        "push {tile:tile} to {hex:hex}": "odepchnij {tile@acc} na {hex@acc}",
        "rotate {tile:tile} to {rotation:rotation}": "obróć {tile@acc}, ustawiając {rotation@acc}",
        "swap {a:tile} with {b:tile}": "zamień miejscami {a@acc} z {b@ins}",
        "fight a battle": "rozegraj bitwę",
        "the opponent places no tiles next turn": (
            "przeciwnik nie umieszcza żetonów na planszy w swojej następnej turze"
        ),
    },
    conditions={
        "nobody has drawn their last tile": "nikt nie dobrał jeszcze ostatniego żetonu",
    },
    filters={
        "linked to {anchor:tile}": "w połączeniu z {anchor@ins}",
        "adjacent to {anchor:tile}": "obok {anchor@gen}",
        "free to act": "bez blokady sieci",
        "other than HQ(s)": "poza sztabami",
        "around {anchor:tile}": "wokół {anchor@gen}",
        "in line with {anchor:tile}": "w linii z {anchor@ins}",
        "that is/are empty": "bez żetonu",
        "behind {target:tile} from {pusher:tile}": "za {target@ins} od strony {pusher@gen}",
        "near {centre:hex}": "na {centre@loc} lub obok {centre@gen}",
        "that turn {tile:tile}": "inne niż obecny obrót {tile@gen}",
    },
    nouns={
        "ally/allies": _units(
            ("sojusznicza", "sojuszniczej", "sojuszniczej", "sojuszniczą", "sojuszniczą"),
            ("sojusznicze", "sojuszniczych", "sojuszniczym", "sojusznicze", "sojuszniczymi"),
            "każdej sojuszniczej jednostki",
        ),
        "enemy/enemies": _units(
            ("wroga", "wrogiej", "wrogiej", "wrogą", "wrogą"),
            ("wrogie", "wrogich", "wrogim", "wrogie", "wrogimi"),
            "każdej wrogiej jednostki",
        ),
        "unit/units": _units(("", "", "", "", ""), ("", "", "", "", ""), "każdej jednostki"),
        "tile/tiles": noun(
            "m",
            ("żeton", "żetonu", "żetonowi", "żeton", "żetonem"),
            ("żetony", "żetonów", "żetonom", "żetony", "żetonami"),
            "każdego żetonu",
        ),
        "hex/hexes": noun(
            "m",
            ("heks", "heksu", "heksowi", "heks", "heksem"),
            ("heksy", "heksów", "heksom", "heksy", "heksami"),
            "każdego heksu",
        ),
        "rotation/rotations": noun(
            "m",
            ("obrót", "obrotu", "obrotowi", "obrót", "obrotem"),
            ("obroty", "obrotów", "obrotom", "obroty", "obrotami"),
            "każdego obrotu",
        ),
    },
    pickers={
        "the first": forms(
            "{noun/pierwszy|pierwsza|pierwsze} {noun@one.nom}",
            gen="{noun/pierwszego|pierwszej|pierwszego} {noun@one.gen}",
            dat="{noun/pierwszemu|pierwszej|pierwszemu} {noun@one.dat}",
            acc="{noun/pierwszy|pierwszą|pierwsze} {noun@one.acc}",
            ins="{noun/pierwszym|pierwszą|pierwszym} {noun@one.ins}",
        ),
    },
    stats={
        "melee": _stat("walka wręcz", "walki wręcz", "walce wręcz"),
        "ranged": _stat("strzał", "strzału", "strzałowi"),
        "initiative": _stat("inicjatywa", "inicjatywy", "inicjatywie"),
        "toughness": _stat("wytrzymałość", "wytrzymałości", "wytrzymałości"),
    },
    permissions={"act": forms("działać", pl="działać")},
    properties={"wounds": forms("liczba ran", gender="f")},
    contexts={"segment": forms("segment", acc="segment")},
    names={
        "self": _TILE,
        "it": _TILE,
        "subject": _TILE,
        "tile": unit("m", "żeton", "żetonu", "żetonowi", "żeton", "żetonem"),
        "target": unit("m", "cel", "celu", "celowi", "cel", "celem"),
        "source": unit(
            "n",
            "źródło trafienia",
            "źródła trafienia",
            "źródłu trafienia",
            "źródło trafienia",
            "źródłem trafienia",
        ),
        "unit": unit(
            "f",
            "wybrana jednostka",
            "wybranej jednostki",
            "wybranej jednostce",
            "wybraną jednostkę",
            "wybraną jednostką",
        ),
        "hex": forms(
            "wybrany heks",
            gen="wybranego heksu",
            dat="wybranemu heksowi",
            acc="wybrany heks",
            ins="wybranym heksem",
            loc="wybranym heksie",
        ),
        "rotation": unit(
            "m",
            "wybrany obrót",
            "wybranego obrotu",
            "wybranemu obrotowi",
            "wybrany obrót",
            "wybranym obrotem",
        ),
        "hq": unit("m", "sztab", "sztabu", "sztabowi", "sztab", "sztabem"),
        "amount": forms("liczba", gender="f"),
    },
)
"""The nshex words in Polish."""
