"""The words of the web table's page - buttons, headings, labels, messages and the names of
the board's marks - in each language the games are played in (en, pl, de, fr).

The games' own text (the account, card names and rules text, the result) comes from the
games in the table's language; these are only the page's words around them. A key a
language lacks is English; ``GET /api/words?lang=de`` serves one language's table.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

_WORDS: dict[str, tuple[str, str, str, str]] = {
    # key: (en, pl, de, fr)
    "title": ("hexforge table", "stół hexforge", "hexforge-Spieltisch", "table hexforge"),
    "game": ("game", "gra", "Spiel", "jeu"),
    "seed": ("seed", "ziarno", "Startwert", "graine"),
    "random": ("random", "losowe", "zufällig", "aléatoire"),
    "language": ("language", "język", "Sprache", "langue"),
    "default": ("(default)", "(domyślnie)", "(Standard)", "(par défaut)"),
    "new_game": ("New game", "Nowa gra", "Neues Spiel", "Nouvelle partie"),
    "load": ("Load a log…", "Wczytaj zapis…", "Protokoll laden…", "Charger un journal…"),
    "save": ("Save the log", "Zapisz grę", "Protokoll speichern", "Enregistrer le journal"),
    "zoom_in": (
        "zoom in (mouse wheel)",
        "powiększ (kółko myszy)",
        "vergrößern (Mausrad)",
        "agrandir (molette)",
    ),
    "zoom_out": (
        "zoom out (mouse wheel)",
        "pomniejsz (kółko myszy)",
        "verkleinern (Mausrad)",
        "réduire (molette)",
    ),
    "fit": ("fit", "całość", "ganz", "tout"),
    "fit_title": (
        "show the whole board",
        "pokaż całą planszę",
        "das ganze Spielfeld zeigen",
        "montrer tout le plateau",
    ),
    "hint": (
        "Choose a game and its seats, then New game.",
        "Wybierz grę i graczy, potem Nowa gra.",
        "Wähle ein Spiel und seine Plätze, dann Neues Spiel.",
        "Choisissez un jeu et ses places, puis Nouvelle partie.",
    ),
    "no_game": ("no game yet", "brak gry", "noch kein Spiel", "pas encore de partie"),
    "no_picture": (
        "this game draws no board picture",
        "ta gra nie rysuje planszy",
        "dieses Spiel zeichnet kein Spielfeld",
        "ce jeu ne dessine pas de plateau",
    ),
    "thinking": (
        "the computer is thinking",
        "komputer myśli",
        "der Computer denkt nach",
        "l'ordinateur réfléchit",
    ),
    "waiting": ("your choice", "twój wybór", "deine Wahl", "à vous de choisir"),
    "over": ("game over", "koniec gry", "Spielende", "partie terminée"),
    "failed": (
        "the game stopped",
        "gra przerwana",
        "das Spiel wurde abgebrochen",
        "la partie s'est arrêtée",
    ),
    "undo": (
        "Undo my last choice",
        "Cofnij mój ostatni wybór",
        "Meine letzte Wahl zurücknehmen",
        "Annuler mon dernier choix",
    ),
    "result": ("Result", "Wynik", "Ergebnis", "Résultat"),
    "watch": ("Watch", "Oglądaj", "Ansehen", "Revoir"),
    "watch_title": (
        "step through the game so far as the replay viewer does",
        "przejdź przez dotychczasową grę krok po kroku, jak w przeglądarce powtórek",
        "das bisherige Spiel Schritt für Schritt ansehen, wie im Wiederholungsbetrachter",
        "parcourir la partie jusqu'ici pas à pas, comme la visionneuse de parties",
    ),
    "back": ("Back to the table", "Wróć do stołu", "Zurück zum Tisch", "Retour à la table"),
    # watch mode: the replay viewer's stepper (hexforge.core.render.viewer.STEPPER_WORDS)
    "st_home": ("Home", "Początek", "Anfang", "Début"),
    "st_end": ("End", "Koniec", "Ende", "Fin"),
    "st_entry": ("log entry", "wpis", "Eintrag", "entrée"),
    "st_dice": ("dice", "kości", "Würfel", "dés"),
    "st_decision": ("decision", "decyzja", "Entscheidung", "décision"),
    "st_log": ("log", "zapis", "Protokoll", "journal"),
    "st_fit": ("fit", "całość", "ganz", "tout"),
    "st_zoom_hint": (
        "wheel to zoom, drag to pan",
        "kółko: powiększ, przeciągnij: przesuń",
        "Mausrad: zoomen, ziehen: verschieben",
        "molette : zoom, glisser : déplacer",
    ),
    "st_step": ("step", "krok", "Schritt", "étape"),
    "st_no_dice": (
        "no dice rolled yet",
        "jeszcze bez rzutów",
        "noch nicht gewürfelt",
        "pas encore de dés lancés",
    ),
    "st_no_decision": (
        "no decision yet",
        "jeszcze bez decyzji",
        "noch keine Entscheidung",
        "pas encore de décision",
    ),
    "st_chooses": ("chooses", "wybiera", "wählt", "choisit"),
    "st_forced": ("forced", "wymuszone", "erzwungen", "forcé"),
    "st_no_score": (
        "no score for this game",
        "ta gra nie liczy punktów",
        "kein Punktestand für dieses Spiel",
        "pas de score pour ce jeu",
    ),
    "log": ("Log", "Przebieg gry", "Spielverlauf", "Déroulement"),
    "every_entry": ("every entry", "każdy wpis", "jeder Eintrag", "chaque entrée"),
    "dice": (
        "the latest dice and shuffles",
        "ostatnie rzuty i tasowania",
        "die letzten Würfe und Mischungen",
        "les derniers dés et mélanges",
    ),
    "selected": ("selected", "wybrano", "ausgewählt", "sélection"),
    "you": (
        "you, in this browser (both seats: hot-seat)",
        "ty, w tej przeglądarce (oba miejsca: gra na jednym komputerze)",
        "du, in diesem Browser (beide Plätze: am selben Gerät)",
        "vous, dans ce navigateur (deux places : à tour de rôle)",
    ),
    # the marks on the board (a game's inspect and option_marks tags)
    "sight": ("in sight", "w zasięgu wzroku", "in Sichtlinie", "en ligne de vue"),
    "range": ("in range", "w zasięgu", "in Reichweite", "à portée"),
    "melee": ("in reach", "w zasięgu walki wręcz", "im Nahkampf erreichbar", "au contact"),
    "cover": ("in cover", "w osłonie", "in Deckung", "à couvert"),
    "target": ("target", "cel", "Ziel", "cible"),
    "flank": ("flank attack", "atak z flanki", "Flankenangriff", "attaque de flanc"),
    "area": ("area", "obszar", "Bereich", "zone"),
    "hit": (
        "hit by the area attack",
        "trafiony atakiem obszarowym",
        "vom Flächenangriff getroffen",
        "touché par l'attaque de zone",
    ),
}
LANGUAGE_ORDER = ("en", "pl", "de", "fr")


def words(lang: str) -> Mapping[str, str]:
    """The page's words in ``lang`` (English for a language there is none of)."""
    column = LANGUAGE_ORDER.index(lang) if lang in LANGUAGE_ORDER else 0
    return MappingProxyType({key: texts[column] for key, texts in _WORDS.items()})
