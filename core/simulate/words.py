"""The sentences ``hexforge balance`` prints and the words of the simulation's HTML report,
in each language the CLI narrates in (en, pl, de, fr), so a designer reads the verdict in
the language chosen with ``--lang``.

Names (cards, characters, agents, sides) are filled in as they are - card names already in
the language - and the sentences are built so a name never needs a grammatical case: Polish
puts it after a noun (``strony {side}``) or before a colon. Numbers keep the decimal point,
as everywhere else in the CLI's output. A counted noun holds its plural forms separated by
``|``; each is keyed by where it stands, since Polish and German decline it there (``z 4
gier``, ``w 4 grach``, ``von 4 Spielen``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from hexforge.dsl.text import STRUCTURES

LANGUAGES = ("en", "pl", "de", "fr")
"""The languages the words are in; any other falls back to English."""


def _table(rows: dict[str, tuple[str, str, str, str]]) -> Mapping[str, Mapping[str, str]]:
    return MappingProxyType(
        {key: MappingProxyType(dict(zip(LANGUAGES, row, strict=True))) for key, row in rows.items()}
    )


SENTENCES: Mapping[str, Mapping[str, str]] = _table(
    {
        "heading": (
            "{game}: {agents}, {games} (seeds {first}-{last}, seats alternated)",
            "{game}: {agents}, {games} (ziarna {first}-{last}, miejsca zamieniane co grę)",
            "{game}: {agents}, {games} (Startwerte {first}-{last}, Plätze im Wechsel)",
            "{game} : {agents}, {games} (graines {first}-{last}, places alternées)",
        ),
        "each": ("{games} each", "{games} na wariant", "je {games}", "{games} par variante"),
        "itself": (
            "{agent} against itself",
            "{agent} przeciw sobie samemu",
            "{agent} gegen sich selbst",
            "{agent} contre lui-même",
        ),
        "versus": (
            "{one} against {other}",
            "{one} przeciw {other}",
            "{one} gegen {other}",
            "{one} contre {other}",
        ),
        "won": (
            "{side} won {rate}",
            "{side} wygrywa {rate}",
            "{side} gewinnt {rate}",
            "{side} gagne {rate}",
        ),
        "rate": (
            "{count} of {total} ({pct}%, 95% interval {low}-{high}%)",
            "{count} z {total} {games} ({pct}%, przedział 95% {low}-{high}%)",
            "{count} von {total} {games} ({pct}%, 95%-Intervall {low}-{high}%)",
            "{count} sur {total} {games} ({pct}%, intervalle à 95% {low}-{high}%)",
        ),
        "draws": (
            "draws: {count} of {total}",
            "remisy: {count} z {total}",
            "Unentschieden: {count} von {total}",
            "parties nulles : {count} sur {total}",
        ),
        "undecided": (
            "no game was decided: nothing to say about the sides",
            "żadna gra nie została rozstrzygnięta: o stronach nic nie wiadomo",
            "kein Spiel wurde entschieden: über die Seiten lässt sich nichts sagen",
            "aucune partie n'a été décidée : rien à dire sur les camps",
        ),
        "share": (
            "{one} won {won} of the {decided} ({low}-{high}%)",
            "{one} wygrywa {won} z {decided} ({low}-{high}%)",
            "{one} gewinnt {won} von {decided} ({low}-{high}%)",
            "{one} gagne {won} sur {decided} ({low}-{high}%)",
        ),
        "favoured": (
            "{share}: {side} is favoured, beyond chance",
            "{share}: strona {side} ma przewagę ponad przypadek",
            "{share}: {side} ist im Vorteil, über den Zufall hinaus",
            "{share} : {side} est avantagé, au-delà du hasard",
        ),
        "even": (
            "{share}: the sides are even as far as these games tell",
            "{share}: strony są wyrównane, na ile te gry pozwalają ocenić",
            "{share}: die Seiten sind ausgeglichen, soweit diese Spiele es zeigen",
            "{share} : les camps sont à égalité, autant que ces parties permettent d'en juger",
        ),
        "with": ("with {card}", "z kartą {card}", "mit {card}", "avec {card}"),
        "without": ("without {card}", "bez karty {card}", "ohne {card}", "sans {card}"),
        "instead": (
            "with {card} in its place",
            "z kartą {card} w jej miejsce",
            "mit {card} stattdessen",
            "avec {card} à sa place",
        ),
        "and": ("{one} and {other}", "{one} i {other}", "{one} und {other}", "{one} et {other}"),
        "held": (
            "{card}, held by {sides}: {first} and {second}",
            "{card}, karta strony {sides}: {first} i {second}",
            "{card}, gehalten von {sides}: {first} und {second}",
            "{card}, carte du camp {sides} : {first} et {second}",
        ),
        "arm": (
            "{arm}: {rates}; {drawn} drawn",
            "{arm}: {rates}; remisy: {drawn}",
            "{arm}: {rates}; {drawn} unentschieden",
            "{arm} : {rates} ; parties nulles : {drawn}",
        ),
        "change": (
            "change in the win rate of {side}: {difference}",
            "zmiana odsetka wygranych strony {side}: {difference}",
            "Änderung der Siegquote von {side}: {difference}",
            "variation du taux de victoire de {side} : {difference}",
        ),
        "difference": (
            "{value} points (95% interval {low} to {high}): {verdict}",
            "{value} pkt proc. (przedział 95% od {low} do {high}): {verdict}",
            "{value} Prozentpunkte (95%-Intervall {low} bis {high}): {verdict}",
            "{value} points (intervalle à 95% de {low} à {high}) : {verdict}",
        ),
        "beyond": (
            "beyond chance",
            "ponad przypadek",
            "über den Zufall hinaus",
            "au-delà du hasard",
        ),
        "within": (
            "within chance",
            "w granicach przypadku",
            "im Rahmen des Zufalls",
            "dans les limites du hasard",
        ),
        "plan": (
            "about {games} per arm would narrow it to ±{margin} points",
            "zawężenie go do ±{margin} pkt proc. wymaga około {games} na wariant",
            "etwa {games} pro Variante würden es auf ±{margin} Prozentpunkte eingrenzen",
            "environ {games} par variante le ramèneraient à ±{margin} points",
        ),
        "drafted": (
            "{heading}, forces drafted at random for about {points}",
            "{heading}, siły losowane za około {points}",
            "{heading}, Streitkräfte zufällig gezogen für etwa {points}",
            "{heading}, forces tirées au hasard pour environ {points}",
        ),
        "edge": (
            "the edge of {side}: {edge} log-odds with even forces",
            "przewaga strony {side}: {edge} log-szans przy równych siłach",
            "Vorteil von {side}: {edge} Log-Odds bei gleichen Kräften",
            "avantage de {side} : {edge} log-cotes à forces égales",
        ),
        "per_point": (
            "a point is worth {value} log-odds, the roster's units taken together (95% "
            "interval {low} to {high})",
            "punkt jest wart {value} log-szans, licząc wszystkie jednostki razem (przedział "
            "95% od {low} do {high})",
            "ein Punkt ist {value} Log-Odds wert, alle Einheiten zusammengenommen "
            "(95%-Intervall {low} bis {high})",
            "un point vaut {value} log-cotes, toutes les unités prises ensemble (intervalle "
            "à 95% de {low} à {high})",
        ),
        "units": (
            "each unit beyond its points (log-odds of its side winning when it is fielded):",
            "każda jednostka ponad swoje punkty (log-szanse wygranej jej strony, gdy jest w "
            "składzie):",
            "jede Einheit über ihre Punkte hinaus (Log-Odds eines Siegs ihrer Seite, wenn sie "
            "aufgestellt ist):",
            "chaque unité au-delà de ses points (log-cotes de victoire de son camp quand elle "
            "est alignée) :",
        ),
        "unit": (
            "  {unit} ({side}): {value} (95% interval {low} to {high}), fielded in {games}{price}",
            "  {unit} ({side}): {value} (przedział 95% od {low} do {high}), w składzie w "
            "{games}{price}",
            "  {unit} ({side}): {value} (95%-Intervall {low} bis {high}), aufgestellt in "
            "{games}{price}",
            "  {unit} ({side}) : {value} (intervalle à 95% de {low} à {high}), alignée dans "
            "{games}{price}",
        ),
        "cost": ("; costs {cost}", "; koszt {cost}", "; kostet {cost}", " ; coûte {cost}"),
        "fair": (
            ", fair about {fair} ({low} to {high})",
            ", uczciwy koszt około {fair} (od {low} do {high})",
            ", fair wären etwa {fair} ({low} bis {high})",
            ", prix juste environ {fair} (de {low} à {high})",
        ),
        "burden": (
            ", a burden even for nothing",
            ", obciążenie nawet za darmo",
            ", eine Last selbst umsonst",
            ", un fardeau même gratuit",
        ),
        "no_fair": (
            "no fair costs: these games do not show that a point is worth anything yet",
            "brak uczciwych kosztów: te gry jeszcze nie pokazują, że punkt jest cokolwiek wart",
            "keine fairen Kosten: diese Spiele zeigen noch nicht, dass ein Punkt etwas wert ist",
            "pas de coût juste : ces parties ne montrent pas encore qu'un point vaut quelque chose",
        ),
        "constant": (
            "fielded in every game, so not estimated: {units}",
            "w składzie w każdej grze, więc bez oceny: {units}",
            "in jedem Spiel aufgestellt, daher nicht geschätzt: {units}",
            "alignées dans chaque partie, donc non estimées : {units}",
        ),
        "drawn": ("drawn", "remisy", "unentschieden", "nulles"),
        "chart_rates": (
            "Win rates with their 95% intervals",
            "Odsetki wygranych z przedziałami 95%",
            "Siegquoten mit ihren 95%-Intervallen",
            "Taux de victoire avec leurs intervalles à 95%",
        ),
        "chart_change": (
            "Change in win rate from the first arm to the second, percentage points",
            "Zmiana odsetka wygranych z pierwszego wariantu na drugi, w punktach procentowych",
            "Änderung der Siegquote von der ersten zur zweiten Variante, in Prozentpunkten",
            "Variation du taux de victoire de la première variante à la seconde, en points",
        ),
        "report": ("report: {path}", "raport: {path}", "Bericht: {path}", "rapport : {path}"),
        # hexforge simulate's summary
        "sim_simulated": (
            "{n} {game} games in {seconds} s ({speed} games/s)",
            "{game}: {games} w {seconds} s ({speed} gier/s)",
            "{game}: {games} in {seconds} s ({speed} Spiele/s)",
            "{game} : {games} en {seconds} s ({speed} parties/s)",
        ),
        "sim_agent": ("agent", "agent", "Agent", "agent"),
        "sim_seat": ("seat", "miejsce", "Platz", "place"),
        "sim_wins": (
            "{title} {name}: wins {count}/{total} = {pct}% (95% CI {low}-{high}%)",
            "{title} {name}: wygrane {count}/{total} = {pct}% (przedział 95% {low}-{high}%)",
            "{title} {name}: Siege {count}/{total} = {pct}% (95%-Intervall {low}-{high}%)",
            "{title} {name} : victoires {count}/{total} = {pct}% (intervalle à 95% {low}-{high}%)",
        ),
        "sim_draws": (
            "draws: {count}/{total}",
            "remisy: {count}/{total}",
            "Unentschieden: {count}/{total}",
            "parties nulles : {count}/{total}",
        ),
        "sim_invariants": (
            "invariants held in all {n} games ({names})",
            "niezmienniki zachowane we wszystkich grach: {n} ({names})",
            "Invarianten in allen Spielen eingehalten: {n} ({names})",
            "invariants respectés dans toutes les parties : {n} ({names})",
        ),
        "sim_legal_answers": (
            "legal answers",
            "dozwolone odpowiedzi",
            "zulässige Antworten",
            "réponses légales",
        ),
        "sim_replay": ("replay", "powtórka", "Wiederholung", "rejeu"),
        "sim_reports": (
            "reports: {paths}",
            "raporty: {paths}",
            "Berichte: {paths}",
            "rapports : {paths}",
        ),
    }
)
"""Sentence key -> language -> its template."""

REPORT: Mapping[str, Mapping[str, str]] = _table(
    {
        "title": (
            "hexforge simulation",
            "symulacja hexforge",
            "hexforge-Simulation",
            "simulation hexforge",
        ),
        "heading": (
            "hexforge simulation: {games}",
            "symulacja hexforge: {games}",
            "hexforge-Simulation: {games}",
            "simulation hexforge : {games}",
        ),
        "by_agent": (
            "Win rate by agent (95% Wilson interval)",
            "Odsetek wygranych według agenta (przedział Wilsona 95%)",
            "Siegquote je Agent (95%-Wilson-Intervall)",
            "Taux de victoire par agent (intervalle de Wilson à 95%)",
        ),
        "by_seat": (
            "Win rate by seat, and draws",
            "Odsetek wygranych według miejsca oraz remisy",
            "Siegquote je Platz und Unentschieden",
            "Taux de victoire par place, et parties nulles",
        ),
        "draw": ("draw", "remis", "unentschieden", "nulle"),
        "scores": (
            "Score distribution: {seat}",
            "Rozkład wyników: {seat}",
            "Verteilung der Punkte: {seat}",
            "Répartition des points : {seat}",
        ),
        "score": ("score", "wynik", "Punkte", "points"),
        "axis": (
            "{what} (bars: games)",
            "{what} (słupki: gry)",
            "{what} (Balken: Spiele)",
            "{what} (barres : parties)",
        ),
        "no_games": ("no games", "brak gier", "keine Spiele", "aucune partie"),
        "cards": ("Cards", "Karty", "Karten", "Cartes"),
        "characters": (
            "Characters and tiles",
            "Postacie i płytki",
            "Figuren und Felder",
            "Personnages et tuiles",
        ),
        "note": (
            "A card's win rate when used follows its side's: compare it with its users' usual "
            "rate (the column after it), and measure one card with {command}.",
            "Odsetek wygranych karty idzie za odsetkiem jej strony: porównaj go ze zwykłym "
            "odsetkiem jej użytkowników (następna kolumna), a jedną kartę zmierz poleceniem "
            "{command}.",
            "Die Siegquote einer Karte folgt der ihrer Seite: vergleiche sie mit der üblichen "
            "Quote ihrer Nutzer (die Spalte danach) und miss eine Karte mit {command}.",
            "Le taux de victoire d'une carte suit celui de son camp : comparez-le au taux "
            "habituel de ses utilisateurs (la colonne suivante), et mesurez une carte avec "
            "{command}.",
        ),
        "columns": (
            "name|pick rate|win rate when used|95% interval|beyond its users' usual|damage dealt",
            "nazwa|odsetek wyborów|odsetek wygranych, gdy użyta|przedział 95%|ponad zwykły "
            "odsetek użytkowników|zadane obrażenia",
            "Name|Wahlquote|Siegquote beim Einsatz|95%-Intervall|über der üblichen Quote der "
            "Nutzer|verursachter Schaden",
            "nom|taux de choix|taux de victoire quand jouée|intervalle à 95%|au-delà de "
            "l'habituel de ses utilisateurs|dégâts infligés",
        ),
    }
)
"""Words of the simulation's HTML report (core/simulate/report.py): key -> language ->
the words (``columns``: the usage table's headings, ``|``-separated)."""

NOUNS: Mapping[str, Mapping[str, str]] = _table(
    {
        # a number of games on its own: 4 games, 4 gry (nominative)
        "games": ("game|games", "gra|gry|gier", "Spiel|Spiele", "partie|parties"),
        # out of a number of games: 3 z 4 gier, 3 von 4 Spielen
        "of_games": ("game|games", "gry|gier|gier", "Spiel|Spielen", "partie|parties"),
        # out of the decided games
        "of_decided": (
            "decided game|decided games",
            "rozstrzygniętej gry|rozstrzygniętych gier|rozstrzygniętych gier",
            "entschiedenen Spiel|entschiedenen Spielen",
            "partie décidée|parties décidées",
        ),
        # the games a plan needs: about 577 games, około 577 gier, etwa 577 Spiele
        "plan_games": ("game|games", "gry|gier|gier", "Spiel|Spiele", "partie|parties"),
        # fielded in a number of games: w 4 grach, in 4 Spielen
        "in_games": ("game|games", "grze|grach|grach", "Spiel|Spielen", "partie|parties"),
        # a draft's budget: about 60 points, około 60 punktów
        "points": ("point|points", "punktu|punktów|punktów", "Punkt|Punkte", "point|points"),
    }
)
"""Counted noun key -> language -> its plural forms, ``|``-separated (CLDR order)."""


def language(lang: str) -> str:
    """``lang`` if there are words in it, else English."""
    return lang if lang in LANGUAGES else "en"


def sentence(key: str, lang: str, **fields: object) -> str:
    """The sentence ``key`` in ``lang`` with ``fields`` filled in (a language may leave a
    field out, as English leaves out the noun after ``3 of 4``)."""
    return SENTENCES[key][language(lang)].format(**fields)


def report_word(key: str, lang: str, **fields: object) -> str:
    """The HTML report's words ``key`` in ``lang`` with ``fields`` filled in."""
    return REPORT[key][language(lang)].format(**fields)


def plural(key: str, n: int, lang: str) -> str:
    """The form of the counted noun ``key`` that goes with ``n``."""
    lang = language(lang)
    return NOUNS[key][lang].split("|")[STRUCTURES[lang].plural(n)]


def count(key: str, n: int, lang: str) -> str:
    """``n`` and the counted noun ``key``: ``1 gra``, ``3 gry``, ``5 gier``."""
    return f"{n} {plural(key, n, lang)}"
