"""``hexforge lsp`` end to end: a real LSP client (pygls') starts the command over stdio.

The card is opened as an unsaved buffer whose text differs from the file on disk, so the
diagnostics prove the server checks what the editor holds, not what was saved.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]

PACK = """\
id: lsp-test
name: {en: LSP test}
version: 0.1.0
game: motu
requires: {motu: "*"}
"""
CARD = """\
- id: lsp-test/hero
  kind: character
  name: {en: Hero}
  provenance: invented
  faction: masters
  stats:
    {health: 5, toughness: 3, mind: 3, power: 3, perception: 3, strength: 5, speed: 5,
     focused_speed: 8}
  cost: 19
  weapons: [motu/sword-of-power]
  skills:
    - id: rally
      name: {en: Rally}
      effect: "when self knocks out an enemy: give self quickness"
"""
TYPO = CARD.replace(": give self", ": gvie self")
SERVER = "from hexforge.core.cli.main import main; main()"
EFFECT_LINE = 13  # 0-based, as LSP counts
WEAPON_LINE = 9


class Client(LanguageClient):
    """pygls' client keeping the diagnostics the server publishes, in order."""

    def __init__(self) -> None:
        super().__init__("hexforge-test", "1")
        self.published: asyncio.Queue[lsp.PublishDiagnosticsParams] = asyncio.Queue()
        register = self.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

        def published(params: lsp.PublishDiagnosticsParams) -> None:
            self.published.put_nowait(params)

        register(published)  # pygls marks a function, not a bound method


def _pack(tmp_path: Path) -> Path:
    (tmp_path / "lsp-test" / "cards").mkdir(parents=True)
    (tmp_path / "lsp-test" / "pack.yaml").write_text(PACK, encoding="utf-8")
    card = tmp_path / "lsp-test" / "cards" / "hero.yaml"
    card.write_text(CARD, encoding="utf-8")
    return card


def _session(tmp_path: Path, body: Callable[[Client, str], Awaitable[T]]) -> T:
    """Start ``hexforge lsp`` under a client, initialize with ``tmp_path`` as the
    workspace, run ``body`` with the card's URI, shut the server down."""
    card = _pack(tmp_path)

    async def run() -> T:
        client = Client()
        env = {**os.environ, "HEXFORGE_CACHE_DIR": str(tmp_path / "cache")}
        await client.start_io(sys.executable, "-c", SERVER, "lsp", cwd=tmp_path, env=env)
        try:
            await client.initialize_async(
                lsp.InitializeParams(
                    capabilities=lsp.ClientCapabilities(),
                    root_uri=tmp_path.as_uri(),
                    workspace_folders=[lsp.WorkspaceFolder(uri=tmp_path.as_uri(), name="w")],
                )
            )
            client.initialized(lsp.InitializedParams())
            return await asyncio.wait_for(body(client, card.as_uri()), 60)
        finally:
            await client.shutdown_async(None)
            client.exit(None)
            await client.stop()  # type: ignore[no-untyped-call]  # pygls leaves it unannotated

    return asyncio.run(run())


async def _open(client: Client, uri: str, text: str) -> lsp.PublishDiagnosticsParams:
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)
        )
    )
    return await client.published.get()


def test_a_dsl_typo_is_reported_at_its_word_with_a_quick_fix(tmp_path: Path) -> None:
    async def body(client: Client, uri: str) -> tuple[object, ...]:
        published = await _open(client, uri, TYPO)
        fixes = await client.text_document_code_action_async(
            lsp.CodeActionParams(
                text_document=lsp.TextDocumentIdentifier(uri=uri),
                range=published.diagnostics[0].range,
                context=lsp.CodeActionContext(diagnostics=published.diagnostics),
            )
        )
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version=2, uri=uri),
                [lsp.TextDocumentContentChangeWholeDocument(text=CARD)],
            )
        )
        fixed = await client.published.get()
        return published, fixes, fixed

    published, fixes, fixed = _session(tmp_path, body)
    assert isinstance(published, lsp.PublishDiagnosticsParams)
    [found] = published.diagnostics
    column = TYPO.splitlines()[EFFECT_LINE].index("gvie")
    assert found.code == "HF311"
    assert found.range == lsp.Range(
        lsp.Position(EFFECT_LINE, column), lsp.Position(EFFECT_LINE, column + 4)
    )
    assert "unknown verb 'gvie'" in found.message
    assert isinstance(fixes, list | tuple)
    [fix] = fixes
    assert isinstance(fix, lsp.CodeAction) and fix.edit is not None and fix.edit.changes
    assert [e.new_text for e in next(iter(fix.edit.changes.values()))] == ["give"]
    assert isinstance(fixed, lsp.PublishDiagnosticsParams) and not fixed.diagnostics


def test_completion_hover_and_definition(tmp_path: Path) -> None:
    async def body(client: Client, uri: str) -> tuple[object, ...]:
        await _open(client, uri, CARD)
        where = lsp.TextDocumentIdentifier(uri=uri)
        column = CARD.splitlines()[EFFECT_LINE].index("give")
        at_effect = lsp.Position(EFFECT_LINE, column)
        at_weapon = lsp.Position(WEAPON_LINE, CARD.splitlines()[WEAPON_LINE].index("motu/"))
        completion = await client.text_document_completion_async(
            lsp.CompletionParams(text_document=where, position=at_effect)
        )
        in_weapons = await client.text_document_completion_async(
            lsp.CompletionParams(text_document=where, position=at_weapon)
        )
        hover = await client.text_document_hover_async(
            lsp.HoverParams(text_document=where, position=at_effect)
        )
        weapon = await client.text_document_definition_async(
            lsp.DefinitionParams(text_document=where, position=at_weapon)
        )
        return completion, in_weapons, hover, weapon

    completion, in_weapons, hover, weapon = _session(tmp_path, body)
    assert isinstance(completion, lsp.CompletionList)
    labels = {item.label for item in completion.items}
    assert {"give", "gain", "quickness", "when", "self", "enemy"} <= labels  # effect words only
    assert not any("/" in label for label in labels)
    assert isinstance(in_weapons, lsp.CompletionList)
    weapons = {item.label for item in in_weapons.items}
    assert "motu/sword-of-power" in weapons  # the weapons field takes weapons only
    assert not {"motu/he-man", "give"} & weapons
    assert isinstance(hover, lsp.Hover) and isinstance(hover.contents, lsp.MarkupContent)
    assert "When this character knocks out an enemy: Give this character quickness." in (
        hover.contents.value
    )
    assert isinstance(weapon, lsp.Location)
    assert weapon.uri.endswith("content/motu/cards/weapons.yaml")
    assert weapon.range.start.line > 0


def test_requests_about_no_file_get_empty_answers(tmp_path: Path) -> None:
    """An untitled buffer, a file that does not exist, a YAML file outside any pack (a CI
    workflow may use anchors hexforge refuses): empty answers, and the server keeps
    serving; a file of a pack that is no card file still follows hexforge's YAML rules."""
    lone = tmp_path / "notes.yaml"
    lone.write_text("base: &base {a: 1}\nother: *base\n", encoding="utf-8")
    setup = tmp_path / "lsp-test" / "setup.yaml"

    async def body(client: Client, uri: str) -> tuple[object, ...]:
        at = lsp.Position(line=0, character=0)
        answers = [
            await client.text_document_hover_async(
                lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=other), position=at)
            )
            for other in ("untitled:Untitled-1", (tmp_path / "missing.yaml").as_uri())
        ]
        outside = await _open(client, lone.as_uri(), lone.read_text(encoding="utf-8"))
        inside = await _open(client, setup.as_uri(), "a: [1\n")
        return answers, outside, inside

    answers, outside, inside = _session(tmp_path, body)
    assert answers == [None, None]
    assert isinstance(outside, lsp.PublishDiagnosticsParams) and not outside.diagnostics
    assert isinstance(inside, lsp.PublishDiagnosticsParams)
    assert [d.code for d in inside.diagnostics] == ["HF103"]


def test_a_scenario_file_is_read_as_hexforge_test_reads_it(tmp_path: Path) -> None:
    source = ROOT / "tests" / "motu" / "scenarios" / "area-attacks-focused.scenario.yaml"
    text = source.read_text(encoding="utf-8").replace("  units:", "  unitz: 1\n  units:", 1)
    scenario = tmp_path / "focused.scenario.yaml"
    line = text.splitlines().index("  unitz: 1")

    async def body(client: Client, uri: str) -> lsp.PublishDiagnosticsParams:
        return await _open(client, scenario.as_uri(), text)

    published = _session(tmp_path, body)
    [found] = published.diagnostics
    assert (found.code, found.range.start) == ("HF202", lsp.Position(line=line, character=2))
    assert "did you mean 'units'?" in found.message
