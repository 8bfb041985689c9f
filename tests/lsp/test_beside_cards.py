"""The language server checks setup files and the cards a scenario's setup names as
``hexforge validate`` does (issue 27): a real LSP client, as in test_server.py."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp

from hexforge.core.lsp import features
from hexforge.core.lsp.project import Project
from hexforge.core.packs.cache import PackCache
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import load_plugins
from tests.lsp.test_server import Client, _open, _session

ROOT = Path(__file__).resolve().parents[2]
SETUP = (ROOT / "content" / "motu" / "setups" / "first-game.yaml").read_text(encoding="utf-8")
UNKNOWN_KEY = SETUP.replace("\nmap:", "\nfoo: 1\nmap:", 1)
UNKNOWN_CARD = SETUP.replace("card: he-man,", "card: he-mna,", 1)
SCENARIO = (ROOT / "tests" / "motu" / "scenarios" / "melee-attack-fists.scenario.yaml").read_text(
    encoding="utf-8"
)
BROKEN_SCENARIO = SCENARIO.replace("card: skeletor,", "card: skeletr,", 1)


def _at(text: str, word: str) -> lsp.Position:
    """Where ``word`` first starts in ``text``, as LSP counts (0-based)."""
    for number, line in enumerate(text.splitlines()):
        if word in line:
            return lsp.Position(line=number, character=line.index(word))
    raise AssertionError(word)


def test_a_setup_file_and_a_scenario_get_validate_s_diagnostics(tmp_path: Path) -> None:
    setup = tmp_path / "lsp-test" / "setups" / "skirmish.yaml"
    scenario = tmp_path / "fists.scenario.yaml"

    async def body(client: Client, uri: str) -> tuple[lsp.PublishDiagnosticsParams, ...]:
        key = await _open(client, setup.as_uri(), UNKNOWN_KEY)
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version=2, uri=setup.as_uri()),
                [lsp.TextDocumentContentChangeWholeDocument(text=UNKNOWN_CARD)],
            )
        )
        card = await client.published.get()
        lone = await _open(client, (tmp_path / "lone.yaml").as_uri(), UNKNOWN_CARD)
        scenario_found = await _open(client, scenario.as_uri(), BROKEN_SCENARIO)
        return key, card, lone, scenario_found

    key, card, lone, scenario_found = _session(tmp_path, body)
    [unknown_key] = key.diagnostics
    assert unknown_key.code == "HF202"
    assert unknown_key.range.start == _at(UNKNOWN_KEY, "foo: 1")
    assert "fields here: name, provenance" in unknown_key.message
    [unknown_card] = card.diagnostics
    assert unknown_card.code == "HF761"
    assert unknown_card.range.start == _at(UNKNOWN_CARD, "he-mna")
    assert "did you mean 'motu/he-man'?" in unknown_card.message
    # a setup in no pack is told by its keys (forces, decks) and checked the same
    assert [(d.code, d.range) for d in lone.diagnostics] == [("HF761", unknown_card.range)]
    [unknown] = scenario_found.diagnostics
    assert unknown.code == "HF213"
    assert unknown.range.start == _at(BROKEN_SCENARIO, "skeletr")
    assert "did you mean 'motu/skeletor'?" in unknown.message
    assert unknown.data == {"fix": "motu/skeletor"}  # the quick fix


def test_a_card_of_the_wrong_kind_in_a_scenario_unit(tmp_path: Path) -> None:
    """In process (the same Project the server runs): a weapon where a character goes."""
    host = load_plugins()
    drivers, _ = drivers_from_host(host)
    project = Project(catalogue_from_host(host), (), PackCache(tmp_path / "cache"), drivers)
    text = SCENARIO.replace("card: ram-man,", "card: sword-of-power,", 1)
    analysis = project.check(tmp_path / "wrong.scenario.yaml", text)
    [found] = analysis.diagnostics
    assert (found.code, found.span and found.span.line) == ("HF214", 10)
    assert "'motu/sword-of-power', a weapon, where a character is needed" in found.message


def test_a_card_file_of_no_pack_is_checked_as_validate_checks_it(tmp_path: Path) -> None:
    host = load_plugins()
    project = Project(catalogue_from_host(host), (), PackCache(tmp_path / "cache"), {})
    card = "id: motu/new-buff\nkind: buff\nname: {en: Grit, pl: X, de: X, fr: X}\n"
    card += "provenance: invented\nreplaces: motu/shield-wal\n"
    analysis = project.check(tmp_path / "grit.yaml", card)
    [found] = analysis.diagnostics
    assert (found.code, found.span and found.span.line) == ("HF213", 5)
    assert found.hint is not None and "did you mean" in found.hint


def test_a_scenario_unit_s_card_hovers_and_goes_to_its_definition(tmp_path: Path) -> None:
    host = load_plugins()
    drivers, _ = drivers_from_host(host)
    project = Project(catalogue_from_host(host), (), PackCache(tmp_path / "cache"), drivers)
    analysis = project.check(tmp_path / "fists.scenario.yaml", SCENARIO)
    assert analysis.diagnostics == ()
    on_card = _at(SCENARIO, "card: skeletor")
    on_card = lsp.Position(on_card.line, on_card.character + len("card: s"))
    found = features.definition(analysis, on_card)
    assert found is not None and found.uri.endswith("content/motu/cards/characters.yaml")
    hover = features.hover(analysis, on_card)
    assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
    assert "Skeletor" in hover.contents.value and "motu/skeletor" in hover.contents.value
