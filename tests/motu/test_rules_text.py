"""Motu rules text in Polish, German and French, written from the AST (issue 27).

Every kind of clause and statement, every motu word and every shipped card's effects are
written in each language with nothing left in English; a handful of cards are checked
sentence by sentence. The expected sentences use the rulebooks' terms (docs/motu-content.md
lists them): Polish rana, wzmocnienie, osłabienie, zakres, sukces, "przeciwko", "raz na
aktywację"; German Wunde, Stärkung, Schwächung, Bereich, Erfolg, "gegen", "pro
Aktivierung"; French blessure, renforcement, affaiblissement, niveau, réussite, "contre",
"une fois par activation".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from hexforge.core.lsp import features
from hexforge.core.lsp.project import Project
from hexforge.core.packs.fields import marked_values
from hexforge.core.packs.models import EffectText
from hexforge.dsl import ast
from hexforge.dsl.api import check_text, parse_text
from hexforge.dsl.text import STRUCTURES, GameWords, rules_text, words_for
from hexforge.dsl.text.forms import fields
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.motu.rules_text import WORDS, card_text
from hexforge.plugins.packs_of_game import loaded_vocabulary
from tests.plugged import HOST, LIB

LANGS = ("pl", "de", "fr")

EVERY_KIND = """\
upon activation: gain 1 mana
at end of activation: remove curse from self
upon interruption: make a free move
at end of interruption: teleport 2 hexes
when self is wounded once per round if event.amount > 1: gain 1 ap
when an enemy within 3 inches of self knocks out target once per trigger: add 1 mana to target
when self would be wounded: roll 1 more dice
when target is knocked out: score 5 vp
when self attacks target if successes >= 3 and successes <= 5: add 1 success
when self declares an attack on target: give self enhancement
when self spends focus: gain 1 ap
when self checks a stat: gain 1 ap
when self rolls for a test: gain 1 ap
when self counts initial successes: gain 1 ap
when self counts final successes: gain 1 ap
when self applies successes: gain 1 ap
when self makes a defence test: gain 1 ap
while attacking with melee and not self is engaged: scope +1
while defending or self is focused: dice +1
while flanking: free rerolls +1
while making a ranged attack on an engaged target: scope -1
while attacking a target in cover: scope -1
while interrupting: focus scope = 0
while making an attack of opportunity: strength +1
while not self in difficult terrain: focused speed -2
while target is an enemy in sight of self: dice +1
speed = 3
toughness +1
speed of enemies in reach of self -2
strength of allies within 2 inches of self +1
cannot be pushed
cannot be pulled
cannot be switched
cannot be targeted
cannot be flanked
cannot be moved by enemies
can move through enemies
enemies adjacent to self cannot be pushed
can ignore cover
if target.wounds >= 2 and count(enemies within 2 inches of self) * 2 < 3 and not target == self:
    deal (target.wounds + 1) wounds to target
else: remove 1 wound from self
if target.wounds != 4 and target.wounds == 1 and target.wounds > 0: gain 1 ap
unless self has quickness: give self quickness
for each ally engaged with self: push it 1 hex
for each character adjacent to self: pull it 1 hex
choose one: gain 1 ap | jump 2 hexes
test power -1 against mind of target:
    2: give target curse
    3+: deal 2 wounds to target
test toughness +1:
    1+: switch places with target
charge the nearest enemy
move towards the nearest ally 2 hexes
place mark serpent mark
if target.mana > 1 and target.cost > 1 and target.health > 1 and target.strength > 1: gain 1 ap
"""
"""Every clause and statement of the AST and every motu word, in one valid effect."""

GOLDEN = {
    # (card, field, character or None): sentence in pl, de, fr
    ("motu/orko", "skills", "Orko"): (
        "Dla każdego wroga w promieniu 4 cali od postaci Orko: "
        "ten wróg otrzymuje osłabienie „Oślepienie”.",
        "Für jeden Feind im Umkreis von 4 Zoll um Orko: "
        "Dieser Feind erhält die Schwächung „Geblendet“.",
        "Pour chaque ennemi à 4 pouces ou moins d'Orko : "
        "cet ennemi reçoit l'affaiblissement « Aveugle ».",
    ),
    ("motu/regeneration", "removed", None): (
        "Chyba że posiadacz jest znokautowany: usuń 1 ranę z posiadacza.",
        "Außer wenn der Träger ausgeschaltet ist: Entferne 1 Wunde vom Träger.",
        "Sauf si le porteur est assommé : retirez 1 blessure du porteur.",
    ),
    ("motu/cripple", "effects", None): (
        "Dopóki posiadacz nie jest w trudnym terenie: szybkość -2 i skupiona szybkość -2.",
        "Solange der Träger nicht in schwierigem Gelände ist: Tempo -2 und "
        "konzentriertes Tempo -2.",
        "Tant que le porteur n'est pas en terrain difficile : vitesse -2 et vitesse concentrée -2.",
    ),
    ("motu/skeletor", "skills", "Skeletor"): (
        "Test mocy przeciwko umysłowi celu. 2 lub więcej sukcesów: "
        "cel otrzymuje osłabienie „Klątwa”.",
        "Probe auf Macht gegen Geist des Ziels. 2 oder mehr Erfolge: "
        "Das Ziel erhält die Schwächung „Fluch“.",
        "Test de pouvoir contre l'esprit de la cible. 2 réussites ou plus : "
        "la cible reçoit l'affaiblissement « Malédiction ».",
    ),
    ("motu/tidal-mark", "effects", None): (
        "Szybkość wrogów w zasięgu oddziaływania posiadacza -2.",
        "Das Tempo der Feinde im Wirkungsbereich des Trägers -2.",
        "La vitesse des ennemis dans le rayon du porteur -2.",
    ),
    ("motu/lucky-charm", "skills", None): (
        "Gdy posiadacz rzuca kośćmi w teście (raz na aktywację): rzuć 1 dodatkową kością.",
        "Wenn der Träger für eine Probe würfelt (einmal pro Aktivierung): "
        "Würfle mit 1 zusätzlichen Würfel.",
        "Quand le porteur lance les dés d'un test (une fois par activation) : "
        "lancez 1 dé supplémentaire.",
    ),
    ("motu/cosmic-key", "skills", None): (
        "Gdy posiadacz uwzględnia sukcesy, jeśli liczba sukcesów wynosi co najmniej 2: "
        "dodaj 1 sukces.",
        "Wenn der Träger die Erfolge anwendet, falls die Anzahl der Erfolge mindestens 2 "
        "ist: Füge 1 Erfolg hinzu.",
        "Quand le porteur applique les réussites, si le nombre de réussites est d'au "
        "moins 2 : ajoutez 1 réussite.",
    ),
    ("motu/stratos", "skills", "Stratos"): (
        "Skocz o 4 heksy.",
        "Springe 4 Hexfelder weit.",
        "Sautez de 4 hexagones.",
    ),
}

_WORD = re.compile(r"[^\W\d_]+")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


def _strings(value: object) -> Iterator[str]:
    """Every text inside a structure or game-word table."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict) or hasattr(value, "items"):
        for key, item in value.items():
            if not isinstance(key, str) or key != "gender":
                yield from _strings(item)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from _strings(item)


@cache
def _vocabulary() -> Vocabulary:
    return loaded_vocabulary(HOST, "motu")


@cache
def _english() -> frozenset[str]:
    """The English words rules text could leak: the structure's and motu's."""
    en = STRUCTURES["en"]
    found = set()
    for name in en.__slots__:
        found |= {w for text in _strings(getattr(en, name)) for w in _words(text)}
    v = _vocabulary()
    for group in (v.verbs, v.conditions, v.filters, v.triggers):
        found |= {w for item in group for lit in item.template.literals for w in lit.spellings}
    found |= {w for noun in v.nouns for w in _words(f"{noun.singular} {noun.plural}")}
    found |= {w for item in v.stats for w in item.words}
    found |= {w for item in v.permissions for w in item.words}
    found |= {w for item in v.pickers for w in item.words}
    found |= {"wounds", "cost", "target", "successes", "activation", "round", "trigger"}
    return frozenset(found)


@cache
def _allowed(lang: str) -> frozenset[str]:
    """The words the language's own tables use (some are English too: test, mana)."""
    structure = STRUCTURES[lang]
    found = {w for name in structure.__slots__ for t in _strings(getattr(structure, name))
             for w in _words(t)}  # fmt: skip
    words = WORDS[lang]
    for name in words.__slots__:
        found |= {w for text in _strings(getattr(words, name)) for w in _words(text)}
    for card in LIB.cards.values():
        found |= _words(getattr(card.name, lang, None) or card.name.en)
    return frozenset(found)


def _leaks(text: str, lang: str) -> set[str]:
    return (_words(text) & _english()) - _allowed(lang)


def _effects() -> Iterator[tuple[str, str, bool, str]]:
    """(card id, effect text, whether self is a character, self's name) of every shipped
    motu card's effects (conditions and selections are not effects)."""
    for card in sorted(LIB.cards.values(), key=lambda c: c.id):
        character = card.kind == "character"
        for marked in marked_values(card):
            marker = marked.marker
            if isinstance(marker, EffectText) and not (marker.condition or marker.selection):
                yield card.id, marked.text, character, card.name.en if character else "the bearer"


def test_the_synthetic_effect_is_valid_and_holds_every_kind_of_clause() -> None:
    assert check_text(EVERY_KIND, _vocabulary()) == []
    tree = parse_text(EVERY_KIND)
    kinds = {type(clause) for clause in tree.clauses}
    statements = {type(s) for clause in tree.clauses if isinstance(clause, ast.If) for s in (
        *clause.then, *clause.otherwise)}  # fmt: skip
    assert {ast.Trigger, ast.While, ast.ModifierRule, ast.PermissionRule} <= kinds
    assert {ast.If, ast.Unless, ast.ForEach, ast.ChooseOne, ast.StatTest, ast.Do} <= kinds
    assert ast.Do in statements
    forms = {clause.form for clause in tree.clauses if isinstance(clause, ast.Trigger)}
    assert forms == set(ast.TriggerForm)
    signs = {c.sign for c in tree.clauses if isinstance(c, ast.ModifierRule)}
    assert signs == set(ast.ModifierSign)
    ops = set(re.findall(r" (>=|<=|!=|==|<|>) ", EVERY_KIND))
    assert ops == {op.value for op in ast.CompareOp}


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_clause_and_every_motu_word_is_written_in_the_language(lang: str) -> None:
    """No English structure word and no English motu word is left in the text."""
    text = card_text(parse_text(EVERY_KIND), lang, LIB, "Skeletor", character=True)
    lines = text.splitlines()
    assert len(lines) == len(parse_text(EVERY_KIND).clauses)
    for line in lines:
        assert not _leaks(line, lang), (line, _leaks(line, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_shipped_effect_is_written_in_the_language(lang: str) -> None:
    effects = list(_effects())
    assert len(effects) > 60
    for card_id, effect, character, name in effects:
        text = card_text(parse_text(effect), lang, LIB, name, character=character)
        english = card_text(parse_text(effect), "en", LIB, name, character=character)
        assert text != english, (card_id, text)
        assert not _leaks(text, lang), (card_id, text, _leaks(text, lang))


@pytest.mark.parametrize(("card_id", "field", "who"), list(GOLDEN))
def test_golden_sentences(card_id: str, field: str, who: str | None) -> None:
    card = LIB.card(card_id)
    value = getattr(card, field)
    effect = value if isinstance(value, str) else value[0]
    effect = effect if isinstance(effect, str) else effect.effect
    for lang, expected in zip(LANGS, GOLDEN[card_id, field, who], strict=True):
        name = who or "the bearer"
        assert card_text(parse_text(effect), lang, LIB, name, character=bool(who)) == expected


@pytest.mark.parametrize("lang", LANGS)
def test_every_motu_word_has_its_words_in_each_language(lang: str) -> None:
    """Each declaration of the motu vocabulary is a key of the language's table, and each
    localised template uses only its template's placeholders (and ``self``)."""
    v, words = _vocabulary(), WORDS[lang]
    assert words_for(v, lang) is words
    tables: list[tuple[dict[str, str], list[str]]] = [
        (dict(words.verbs), [verb.template.text for verb in v.verbs]),
        (dict(words.conditions), [c.template.text for c in v.conditions]),
        (dict(words.filters), [f.template.text for f in v.filters]),
        (dict(words.triggers), [f"{t.form.value} {t.template.text}" for t in v.triggers]),
    ]
    for table, declared in tables:
        assert set(declared) <= set(table), set(declared) - set(table)
        for key, localised in table.items():
            names = set(re.findall(r"\{([a-z_]+)", key)) | {"self"}
            assert fields(localised) <= names, (key, localised)
    assert {f"{n.singular}/{n.plural}" for n in v.nouns} == set(words.nouns)
    assert {" ".join(p.words) for p in v.pickers} == set(words.pickers)
    assert {" ".join(s.words) for s in v.stats} == set(words.stats)
    assert {" ".join(p.words) for p in v.permissions} == set(words.permissions)
    assert set(v.contexts) - {"trigger"} == set(words.contexts)
    assert set(v.constants["weapon_type"]) <= set(words.constants)
    assert set(v.properties["character"]) == set(words.properties)
    payload = {f.name for t in v.triggers for f in v.events[t.event].fields if f.type != "text"}
    assert {*v.bindings, *payload, "it", "self", "successes"} <= set(words.names)


def test_a_language_the_game_has_no_words_for_is_english() -> None:
    """Without the game's words in a language (nshex has none in German or French) the
    text is English, never mixed; with words that match nothing, the author's words."""
    tree = parse_text("gain 1 mana")
    assert rules_text(tree, lang="pl") == rules_text(tree) == "Gain 1 mana."
    assert rules_text(tree, lang="xx", words=WORDS["pl"]) == "Gain 1 mana."
    empty = GameWords("pl")
    assert rules_text(tree, lang="pl", words=empty) == "Gain 1 mana."  # the author's words


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "When this character knocks out an enemy: Give this character quickness."),
        ("pl", "Gdy ta postać nokautuje wroga: ta postać otrzymuje Przyspieszenie."),
        ("de", "Wenn dieser Charakter einen Feind ausschaltet: Dieser Charakter erhält "),
    ],
)
def test_the_hover_writes_rules_text_in_the_editors_language(
    tmp_path: Path, lang: str, expected: str
) -> None:
    pack = tmp_path / "hover-test"
    (pack / "cards").mkdir(parents=True)
    (pack / "pack.yaml").write_text(
        'id: hover-test\nname: {en: Hover}\nversion: 0.1.0\ngame: motu\nrequires: {motu: "*"}\n',
        encoding="utf-8",
    )
    card = (
        "- id: hover-test/rally\n  kind: fate\n  name: {en: Rally}\n  provenance: invented\n"
        "  initiative: 3\n  ap: 2\n  mana: 1\n"
        '  ability: "when self knocks out an enemy: give self quickness"\n'
    )
    path = pack / "cards" / "rally.yaml"
    path.write_text(card, encoding="utf-8")
    analysis = Project(catalogue_from_host(HOST), [tmp_path]).check(path, card)
    line = card.splitlines().index(next(x for x in card.splitlines() if "ability" in x))
    found = features.hover(analysis, lsp.Position(line, 15), lang)
    assert found is not None
    assert expected in str(found.contents.value)  # type: ignore[union-attr]


def test_the_language_server_takes_the_editors_locale(tmp_path: Path) -> None:
    """End to end: a client that says ``locale: de-DE`` at initialize gets German rules text
    in hovers (the server reads the locale; ``initializationOptions.language`` wins)."""
    import asyncio
    import os
    import sys

    from tests.lsp.test_server import CARD, EFFECT_LINE, SERVER, Client, _open, _pack

    card = _pack(tmp_path)

    async def run() -> object:
        client = Client()
        env = {**os.environ, "HEXFORGE_CACHE_DIR": str(tmp_path / "cache")}
        await client.start_io(sys.executable, "-c", SERVER, "lsp", cwd=tmp_path, env=env)
        try:
            await client.initialize_async(
                lsp.InitializeParams(
                    capabilities=lsp.ClientCapabilities(),
                    root_uri=tmp_path.as_uri(),
                    workspace_folders=[lsp.WorkspaceFolder(uri=tmp_path.as_uri(), name="w")],
                    locale="de-DE",
                )
            )
            client.initialized(lsp.InitializedParams())
            await _open(client, card.as_uri(), CARD)
            at = lsp.Position(EFFECT_LINE, CARD.splitlines()[EFFECT_LINE].index("give"))
            where = lsp.TextDocumentIdentifier(uri=card.as_uri())
            request = client.text_document_hover_async(lsp.HoverParams(where, at))
            return await asyncio.wait_for(request, 60)
        finally:
            await client.shutdown_async(None)
            client.exit(None)
            await client.stop()  # type: ignore[no-untyped-call]  # pygls leaves it unannotated

    hover = asyncio.run(run())
    assert isinstance(hover, lsp.Hover) and isinstance(hover.contents, lsp.MarkupContent)
    assert "Wenn dieser Charakter einen Feind ausschaltet: Dieser Charakter erhält" in (
        hover.contents.value
    )


def test_an_expansion_adds_its_words_to_its_games() -> None:
    """``Vocabulary.localise`` merges: an expansion's plugin gives the words of what it
    declares, after its game's, and rules text uses both."""
    from hexforge.dsl.text import forms

    vocabulary = Vocabulary()
    game = GameWords(
        "pl",
        kinds=frozenset({"character"}),
        verbs={"gain {amount:int} ap": "zyskaj {amount} PA"},
        names={"target": forms("cel", acc="cel")},
    )
    expansion = GameWords(
        "pl", verbs={"freeze {target:character} {turns:int}": "zamroź {target@acc} na {turns}"}
    )
    vocabulary.localise(game)
    vocabulary.localise(expansion)
    words = words_for(vocabulary, "pl")
    assert words is not None and words.kinds == game.kinds and len(words.verbs) == 2
    tree = parse_text("gain 1 ap\nfreeze target 2")
    assert rules_text(tree, lang="pl", words=words) == "Zyskaj 1 PA.\nZamroź cel na 2."
