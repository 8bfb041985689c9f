"""The sentences of a motu game's account (``hexforge play``, the human at the terminal), in
each rulebook's own terms (en, pl, de, fr).

The words are the rulebooks' (§Tests, §Defence Tests, §Character Actions, §Attack,
§Health and Wounds, §Overwatch, §Interruptions, §Scoring, §Claim Objective Tokens, glossary):
test / test / Probe / test, success / sukces / Erfolg / réussite, scope / zakres / Bereich /
niveau, focus / skupienie / Konzentration / concentration, overwatch / warta /
Bereitschaft / surveiller, VP / PZ / SP / PV, objective token / żeton celu / Zielmarker /
jeton objectif. Names (characters, cards, skills, tokens) are filled in already localised,
and the sentences are built so that a name never needs a grammatical case: Polish puts it
after a noun (``postać {target}``) or a colon. The fixed card words (stats, weapon types,
``buff``, ``AP``) come from :mod:`hexforge.plugins.motu.terms`.

A counted noun holds its plural forms separated by ``|`` as in ``terms`` (the Polish forms
in the accusative, the case the sentences need).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from hexforge.dsl.text import STRUCTURES
from hexforge.plugins.motu.terms import language


def _table(rows: dict[str, dict[str, str]]) -> Mapping[str, Mapping[str, str]]:
    return MappingProxyType({key: MappingProxyType(row) for key, row in rows.items()})


SENTENCES: Mapping[str, Mapping[str, str]] = _table(
    {
        # the round and the activation phase (rulebook §Playing the Game)
        "seed": {
            "en": "seed {seed}",
            "pl": "ziarno {seed}",
            "de": "Startwert {seed}",
            "fr": "graine {seed}",
        },
        "round": {
            "en": "round {round}",
            "pl": "runda {round}",
            "de": "Runde {round}",
            "fr": "manche {round}",
        },
        "first_player": {
            "en": "{player} is the first player",
            "pl": "{player} zostaje pierwszym graczem",
            "de": "{player} hat Vorrang",
            "fr": "{player} est le premier joueur",
        },
        "reveal": {
            "en": "cards revealed: {cards}",
            "pl": "odsłonięte karty: {cards}",
            "de": "aufgedeckte Karten: {cards}",
            "fr": "cartes révélées : {cards}",
        },
        "revealed": {
            "en": "{card} ({player})",
            "pl": "{card} ({player})",
            "de": "{card} ({player})",
            "fr": "{card} ({player})",
        },
        "activate": {
            "en": "{player}: {unit} activates with {card}",
            "pl": "{player} aktywuje postać {unit} kartą {card}",
            "de": "{player}: {unit} wird mit {card} aktiviert",
            "fr": "{player} active {unit} avec {card}",
        },
        "bonus mana": {
            "en": "  {unit} takes the mana bonus of {card}",
            "pl": "  {unit} zyskuje bonus karty {card}: dodatkową manę",
            "de": "  {unit} erhält den Bonus von {card}: 1 Mana",
            "fr": "  {unit} gagne le bonus de {card} : 1 mana",
        },
        "bonus ability": {
            "en": "  {unit} uses the ability of {card}",
            "pl": "  {unit} używa zdolności karty {card}",
            "de": "  {unit} nutzt die Fähigkeit von {card}",
            "fr": "  {unit} utilise la capacité de {card}",
        },
        "bonus mission": {
            "en": "  {unit} takes the side mission of {card}",
            "pl": "  {unit} podejmuje zadanie poboczne karty {card}",
            "de": "  {unit} übernimmt die Nebenmission von {card}",
            "fr": "  {unit} entreprend la mission annexe de {card}",
        },
        "bonus ap": {
            "en": "  {unit} takes the AP bonus of {card}",
            "pl": "  {unit} zyskuje bonus karty {card}: dodatkowy PA",
            "de": "  {unit} erhält den Bonus von {card}: 1 AP",
            "fr": "  {unit} gagne le bonus de {card} : 1 PA",
        },
        "pass": {
            "en": "{player} passes",
            "pl": "{player} pasuje",
            "de": "{player} passt",
            "fr": "{player} passe",
        },
        # character actions (rulebook §Character Actions)
        "moved": {
            "en": "  {unit} moves to {to}",
            "pl": "  {unit} wykonuje ruch na pole {to}",
            "de": "  {unit} bewegt sich auf {to}",
            "fr": "  {unit} se déplace en {to}",
        },
        "pushed": {
            "en": "  {by} pushes {unit} to {to}",
            "pl": "  {by} popycha postać {unit} na pole {to}",
            "de": "  {by} schiebt {unit} auf {to}",
            "fr": "  {by} pousse {unit} en {to}",
        },
        "pulled": {
            "en": "  {by} pulls {unit} to {to}",
            "pl": "  {by} przyciąga postać {unit} na pole {to}",
            "de": "  {by} zieht {unit} auf {to}",
            "fr": "  {by} tire {unit} en {to}",
        },
        "focus": {
            "en": "  {unit} focuses",
            "pl": "  {unit} wykonuje akcję skupienia",
            "de": "  {unit} konzentriert sich",
            "fr": "  {unit} se concentre",
        },
        "focus on a test": {
            "en": "    {unit} spends focus: scope +{n}",
            "pl": "    {unit} wydaje żeton skupienia: zakres +{n}",
            "de": "    {unit} gibt Konzentration aus: Bereich +{n}",
            "fr": "    {unit} dépense sa concentration : niveau +{n}",
        },
        "focus on a move": {
            "en": "  {unit} spends focus to move further",
            "pl": "  {unit} wydaje żeton skupienia na dłuższy ruch",
            "de": "  {unit} gibt Konzentration aus, um weiter zu ziehen",
            "fr": "  {unit} dépense sa concentration pour aller plus loin",
        },
        "overwatch_taken": {
            "en": "  {unit} goes on overwatch",
            "pl": "  {unit} wykonuje akcję warty",
            "de": "  {unit} geht in Bereitschaft",
            "fr": "  {unit} se met à surveiller",
        },
        "interrupt": {
            "en": "  {unit} interrupts {interrupted}",
            "pl": "  {unit} przerywa aktywację postaci {interrupted}",
            "de": "  {unit} unterbricht {interrupted}",
            "fr": "  {unit} interrompt {interrupted}",
        },
        "opportunity": {
            "en": "  {unit} interrupts {interrupted} with an opportunity attack",
            "pl": "  {unit} przerywa aktywację postaci {interrupted}: atak okazyjny",
            "de": "  {unit} unterbricht {interrupted} mit einem Gelegenheitsangriff",
            "fr": "  {unit} interrompt {interrupted} par une attaque d'opportunité",
        },
        "skill": {
            "en": "  {unit} uses {skill}",
            "pl": "  {unit} używa umiejętności {skill}",
            "de": "  {unit} nutzt die Fertigkeit {skill}",
            "fr": "  {unit} utilise la compétence {skill}",
        },
        "skill on": {
            "en": "  {unit} uses {skill} on {target}",
            "pl": "  {unit} używa umiejętności {skill}, cel: {target}",
            "de": "  {unit} nutzt die Fertigkeit {skill}, Ziel: {target}",
            "fr": "  {unit} utilise la compétence {skill}, cible : {target}",
        },
        "item": {
            "en": "  {unit} uses the item {item}",
            "pl": "  {unit} używa przedmiotu {item}",
            "de": "  {unit} nutzt das Objekt {item}",
            "fr": "  {unit} utilise l'objet {item}",
        },
        "action": {
            "en": "  {unit} takes the action {action}",
            "pl": "  {unit} wykonuje akcję {action}",
            "de": "  {unit} führt die Aktion {action} aus",
            "fr": "  {unit} réalise l'action {action}",
        },
        "mana spent": {
            "en": "  {unit} spends {mana}",
            "pl": "  {unit} wydaje {mana}",
            "de": "  {unit} gibt {mana} aus",
            "fr": "  {unit} dépense {mana}",
        },
        # attacks and tests (rulebook §Attack, §Tests, §Defence Tests)
        "attack": {
            "en": "  {attacker} attacks {target} with {weapon} ({kind})",
            "pl": "  {attacker} atakuje postać {target}, broń: {weapon} ({kind})",
            "de": "  {attacker} greift {target} mit {weapon} an ({kind})",
            "fr": "  {attacker} attaque {target} avec {weapon} ({kind})",
        },
        "test roll": {
            "en": "    {tester} tests {stat} with {dice} (scope {scope}+): {results}",
            "pl": "    {tester} wykonuje test: {stat}, {dice} (zakres {scope}+): {results}",
            "de": "    {tester} legt eine Probe auf {stat} ab, {dice} (Bereich {scope}+): "
            "{results}",
            "fr": "    {tester} fait un test ({stat}) avec {dice} (niveau {scope}+) : {results}",
        },
        "mana reroll": {
            "en": "    {tester} spends {mana} to reroll: {results}",
            "pl": "    {tester} wydaje {mana} na przerzuty: {results}",
            "de": "    {tester} gibt {mana} aus, um neu zu würfeln: {results}",
            "fr": "    {tester} dépense {mana} pour relancer : {results}",
        },
        "free reroll": {
            "en": "    {tester} rerolls for free: {results}",
            "pl": "    {tester} wykonuje darmowe przerzuty: {results}",
            "de": "    {tester} würfelt kostenlos neu: {results}",
            "fr": "    {tester} relance gratuitement : {results}",
        },
        "explode": {
            "en": "    {tester}'s sixes explode: {results}",
            "pl": "    szóstki wybuchają ({tester}): {results}",
            "de": "    die Sechsen von {tester} explodieren: {results}",
            "fr": "    les six de {tester} explosent : {results}",
        },
        "scored": {
            "en": "    {tester} scores {successes}",
            "pl": "    {tester} uzyskuje {successes}",
            "de": "    {tester} erzielt {successes}",
            "fr": "    {tester} obtient {successes}",
        },
        "defended": {
            "en": "    {tester} defends with {stat}: {successes}",
            "pl": "    {tester} wykonuje test obrony ({stat}): {successes}",
            "de": "    {tester} verteidigt mit {stat}: {successes}",
            "fr": "    {tester} se défend avec {stat} : {successes}",
        },
        "cancelled": {
            "en": "    the defence cancels {cancelled}, {successes} left",
            "pl": "    obrona anuluje {cancelled}, wynik: {successes}",
            "de": "    die Verteidigung hebt {cancelled} auf, Ergebnis: {successes}",
            "fr": "    la défense annule {cancelled}, il reste {successes}",
        },
        "no effect": {
            "en": "    the attack has no effect",
            "pl": "    atak nie przynosi efektu",
            "de": "    der Angriff bleibt ohne Wirkung",
            "fr": "    l'attaque reste sans effet",
        },
        "wounded": {
            "en": "    {target} suffers {wounds}",
            "pl": "    {target} otrzymuje {wounds}",
            "de": "    {target} erleidet {wounds}",
            "fr": "    {target} subit {wounds}",
        },
        "healed": {
            "en": "    {target} heals {wounds}",
            "pl": "    {target} leczy {wounds}",
            "de": "    {target} heilt {wounds}",
            "fr": "    {target} soigne {wounds}",
        },
        "knocked_out": {
            "en": "    {target} is knocked out by {by}",
            "pl": "    {by} nokautuje postać {target}",
            "de": "    {target} wird von {by} ausgeschaltet",
            "fr": "    {by} met {target} KO",
        },
        # tokens and marks (rulebook §Buffs and Debuffs, §Marks)
        "token gained": {
            "en": "    {unit} gains {token} ({slot})",
            "pl": "    {unit} otrzymuje żeton {token} ({slot})",
            "de": "    {unit} erhält den Marker {token} ({slot})",
            "fr": "    {unit} reçoit le jeton {token} ({slot})",
        },
        "token removed": {
            "en": "  {unit} loses {token} ({slot})",
            "pl": "  {unit} traci żeton {token} ({slot})",
            "de": "  {unit} verliert den Marker {token} ({slot})",
            "fr": "  {unit} perd le jeton {token} ({slot})",
        },
        "mark placed": {
            "en": "    {by} places {mark} on {hex}",
            "pl": "    {by} umieszcza znak {mark} na polu {hex}",
            "de": "    {by} legt das Zeichen {mark} auf {hex}",
            "fr": "    {by} place la marque {mark} en {hex}",
        },
        # scoring and the end (rulebook §Scoring, §Check for Victory)
        "vp": {
            "en": "  {player} scores {vp} ({reason})",
            "pl": "  {player} zdobywa {vp} ({reason})",
            "de": "  {player} erhält {vp} ({reason})",
            "fr": "  {player} marque {vp} ({reason})",
        },
        "vp for a knock-out": {
            "en": "{unit} knocked out",
            "pl": "nokaut: {unit}",
            "de": "{unit} ausgeschaltet",
            "fr": "{unit} KO",
        },
        "objective": {
            "en": "  {player} claims the objective at {hex} with {unit}",
            "pl": "  {player}: {unit} zdobywa żeton celu na polu {hex}",
            "de": "  {player}: {unit} nimmt den Zielmarker auf {hex} ein",
            "fr": "  {player} : {unit} réclame le jeton objectif en {hex}",
        },
        "winner": {
            "en": "{player} wins: {reason}",
            "pl": "{player} wygrywa: {reason}",
            "de": "{player} gewinnt: {reason}",
            "fr": "{player} gagne : {reason}",
        },
        "draw": {
            "en": "draw: {reason}",
            "pl": "remis: {reason}",
            "de": "Unentschieden: {reason}",
            "fr": "égalité : {reason}",
        },
        "points victory": {
            "en": "points victory {score}",
            "pl": "zwycięstwo na punkty {score}",
            "de": "Sieg durch Punkte {score}",
            "fr": "victoire aux points {score}",
        },
        "draw on points": {
            "en": "draw on points {score}",
            "pl": "remis na punkty {score}",
            "de": "Gleichstand bei den Punkten {score}",
            "fr": "égalité aux points {score}",
        },
        "knock-out victory": {
            "en": "knock-out victory",
            "pl": "zwycięstwo przez nokaut",
            "de": "Sieg durch Ausschalten",
            "fr": "victoire par KO",
        },
        "both forces knocked out": {
            "en": "both forces knocked out",
            "pl": "oba oddziały znokautowane",
            "de": "beide Trupps ausgeschaltet",
            "fr": "les deux forces sont KO",
        },
        "agreed draw": {
            "en": "agreed draw",
            "pl": "remis za zgodą",
            "de": "vereinbartes Remis",
            "fr": "égalité convenue",
        },
        "forfeits": {
            "en": "{player} forfeits",
            "pl": "{player} poddaje grę",
            "de": "{player} gibt auf",
            "fr": "{player} abandonne",
        },
        "summary": {
            "en": "{result} (VP {scores})",
            "pl": "{result} (PZ: {scores})",
            "de": "{result} (SP: {scores})",
            "fr": "{result} (PV : {scores})",
        },
        # situations of an attack (rulebook §Flank Attacks, §Targeting Engaged Models, §Cover)
        "cover": {"en": "cover", "pl": "osłona", "de": "Deckung", "fr": "couverture"},
        "flank": {
            "en": "flank attack",
            "pl": "atak z flanki",
            "de": "Flankenangriff",
            "fr": "attaque de flanc",
        },
        "target engaged": {
            "en": "target engaged",
            "pl": "cel w zwarciu",
            "de": "Ziel im Gefecht",
            "fr": "cible engagée",
        },
        # the board summary of the human at the terminal (plugins/motu/terminal.py)
        "board score": {
            "en": "VP {scores}; objectives left: {objectives}",
            "pl": "PZ: {scores}; pozostałe żetony celu: {objectives}",
            "de": "SP: {scores}; übrige Zielmarker: {objectives}",
            "fr": "PV : {scores} ; jetons objectif restants : {objectives}",
        },
        "board none": {"en": "none", "pl": "brak", "de": "keine", "fr": "aucun"},
        "board acting": {
            "en": "acting: {unit}, {ap} left",
            "pl": "aktywna postać: {unit}, pozostało: {ap}",
            "de": "aktiv: {unit}, noch {ap}",
            "fr": "personnage actif : {unit}, {ap} restants",
        },
        "board at": {"en": "at {hex}", "pl": "na polu {hex}", "de": "auf {hex}", "fr": "en {hex}"},
        "board knocked out": {
            "en": "knocked out",
            "pl": "nokaut",
            "de": "ausgeschaltet",
            "fr": "KO",
        },
        "board unit": {
            "en": "{unit} ({player}) {place}, wounds {wounds}, mana {mana}",
            "pl": "{unit} ({player}) {place}, rany {wounds}, mana {mana}",
            "de": "{unit} ({player}) {place}, Wunden {wounds}, Mana {mana}",
            "fr": "{unit} ({player}) {place}, blessures {wounds}, mana {mana}",
        },
        "focus token": {
            "en": "focus",
            "pl": "skupienie",
            "de": "Konzentration",
            "fr": "concentration",
        },
        "overwatch token": {
            "en": "overwatch",
            "pl": "warta",
            "de": "Bereitschaft",
            "fr": "surveillance",
        },
        # counted nouns
        "successes": {
            "en": "success|successes",
            "pl": "sukces|sukcesy|sukcesów",
            "de": "Erfolg|Erfolge",
            "fr": "réussite|réussites",
        },
        "wounds": {
            "en": "wound|wounds",
            "pl": "ranę|rany|ran",
            "de": "Wunde|Wunden",
            "fr": "blessure|blessures",
        },
        "mana": {"en": "mana|mana", "pl": "manę|many|many", "de": "Mana|Mana", "fr": "mana|mana"},
        "VP": {"en": "VP|VP", "pl": "PZ|PZ|PZ", "de": "SP|SP", "fr": "PV|PV"},
        "objective tokens": {
            "en": "objective token|objective tokens",
            "pl": "żeton celu|żetony celu|żetonów celu",
            "de": "Zielmarker|Zielmarker",
            "fr": "jeton objectif|jetons objectif",
        },
    }
)
"""Sentence key -> language -> a ``str.format`` template (or a counted noun's forms)."""


def sentence(key: str, lang: str, **fields: object) -> str:
    """The sentence ``key`` in ``lang`` (English when the language is unknown)."""
    return SENTENCES[key][language(lang)].format(**fields)


def counted(key: str, n: int, lang: str) -> str:
    """``n`` and the counted noun ``key`` of this table: ``2 rany``, ``5 ran``."""
    lang = language(lang)
    forms = SENTENCES[key][lang].split("|")
    return f"{n} {forms[STRUCTURES[lang].plural(n)]}"
