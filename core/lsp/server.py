"""``hexforge lsp``: the language server, wiring LSP requests to :mod:`.features`.

Every change of a buffer is checked at once (full text sync: card files are small) and
its diagnostics published; hover, completion, go-to-definition and quick fixes read the
last check of the buffer. A request about something that is not a file on disk (an
untitled buffer, another URI scheme) gets an empty answer, never an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import version
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from hexforge.core.lsp import features
from hexforge.core.lsp.project import Analysis, Project
from hexforge.core.packs.cache import PackCache
from hexforge.core.packs.catalogue import Catalogue
from hexforge.core.scenarios.driver import ScenarioDriver


class HexforgeServer(LanguageServer):
    """A pygls server holding the installed packs and the last check of each buffer."""

    def __init__(
        self,
        catalogue: Catalogue,
        cache: PackCache | None,
        drivers: Mapping[str, ScenarioDriver],
    ) -> None:
        super().__init__("hexforge", version("hexforge"), lsp.TextDocumentSyncKind.Full)
        self.catalogue = catalogue
        self.cache = cache
        self.drivers = drivers
        self.checked: dict[str, Analysis] = {}
        self.lang = "en"
        """The editor's language (its ``locale`` at initialize): rules text in hovers."""

    def project(self) -> Project:
        """The installed packs plus the editor's workspace folders (known after initialize)."""
        folders = [to_fs_path(uri) for uri in self.workspace.folders]
        if not folders and self.workspace.root_path:
            folders = [self.workspace.root_path]
        paths = [Path(f) for f in folders if f]
        return Project(self.catalogue, paths, self.cache, self.drivers)

    def check(self, uri: str) -> Analysis | None:
        """Check the buffer ``uri`` and publish its diagnostics."""
        path = _path(uri)
        if path is None:
            return None
        try:
            text = self.workspace.get_text_document(uri).source
        except (OSError, UnicodeDecodeError):  # asked about a file never opened nor saved
            return None
        analysis = self.project().check(path, text)
        self.checked[uri] = analysis
        found = features.diagnostics(analysis)
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, diagnostics=found)
        )
        return analysis

    def last(self, uri: str) -> Analysis | None:
        return self.checked.get(uri) or self.check(uri)


def make_server(
    catalogue: Catalogue,
    cache: PackCache | None,
    drivers: Mapping[str, ScenarioDriver] | None = None,
) -> HexforgeServer:
    """The server with its features registered (one server per ``hexforge lsp`` run);
    ``drivers`` are the games' scenario drivers, which check ``*.scenario.yaml`` files."""
    server = HexforgeServer(catalogue, cache, drivers or {})

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: HexforgeServer, params: lsp.InitializeParams) -> None:
        options = params.initialization_options
        chosen = options.get("language") if isinstance(options, dict) else None
        ls.lang = str(chosen or params.locale or "en").split("-")[0].split("_")[0].lower()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def opened(ls: HexforgeServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def changed(ls: HexforgeServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def saved(ls: HexforgeServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def closed(ls: HexforgeServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.checked.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        )

    @server.feature(
        lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" ", "/"])
    )
    def complete(ls: HexforgeServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        analysis = ls.last(params.text_document.uri)
        if analysis is None:
            return lsp.CompletionList(is_incomplete=False, items=[])
        items = features.completions(analysis, analysis.cards, params.position)
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: HexforgeServer, params: lsp.HoverParams) -> lsp.Hover | None:
        analysis = ls.last(params.text_document.uri)
        return None if analysis is None else features.hover(analysis, params.position, ls.lang)

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: HexforgeServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        analysis = ls.last(params.text_document.uri)
        return None if analysis is None else features.definition(analysis, params.position)

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]),
    )
    def fixes(ls: HexforgeServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        return features.quick_fixes(params.text_document.uri, list(params.context.diagnostics))

    return server


def _path(uri: str) -> Path | None:
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return Path(path) if path else None
