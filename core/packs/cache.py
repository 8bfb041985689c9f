"""A per-user cache of compiled packs, keyed by a hash of everything they depend on.

The key covers every file's path and bytes, the catalogue fingerprint (game declarations,
the kinds' JSON Schemas, the plugins' source files), the source files of the validator
and the DSL, and the card words of the run's packs (:func:`worded_key`: a pack's effects
may name another pack's tokens), so a stale entry cannot be hit. Entries are
JSON (never pickle: a cache file must not be able to run code); the cards are
re-validated against their models when read, which also guards against corruption - a
damaged entry is simply a miss.

Location: ``$HEXFORGE_CACHE_DIR`` when set, else platformdirs' user cache directory.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from hexforge.core.errors import Diagnostic, Severity, Span
from hexforge.core.packs.catalogue import Catalogue
from hexforge.core.packs.compiled import (
    CardEntry,
    CompiledPack,
    FileResult,
    Located,
    Permission,
    Reference,
    span_dict,
    span_from,
)
from hexforge.core.packs.models import PackManifest
from hexforge.core.packs.words import CardWords, Named

ENV = "HEXFORGE_CACHE_DIR"
FORMAT = 2


def cache_dir() -> Path:
    """Where compiled packs are cached."""
    configured = os.environ.get(ENV)
    base = Path(configured) if configured else Path(platformdirs.user_cache_dir("hexforge"))
    return base / "packs"


@dataclass(frozen=True, slots=True)
class PackCache:
    """Reads and writes compiled packs in ``directory``."""

    directory: Path

    @classmethod
    def default(cls) -> PackCache:
        return cls(cache_dir())

    def load(self, key: str, catalogue: Catalogue) -> CompiledPack | None:
        known = _LOADED.get((str(self.directory), key))
        if known is not None and _same_models(known, catalogue):
            return known  # read already in this process (a game reads its packs twice)
        data = self._read(key)
        try:
            pack = None if data is None else _pack_from(data, catalogue)
        except (ValueError, KeyError, TypeError):
            return None
        if pack is not None:
            _LOADED[(str(self.directory), key)] = pack
            while len(_LOADED) > KEPT:  # a language server sees a new key per edit
                del _LOADED[next(iter(_LOADED))]
        return pack

    def store(self, key: str, pack: CompiledPack) -> None:
        self._write(key, _pack_dict(pack))

    def load_named(self, key: str) -> list[Named] | None:
        """The cards naming effect-language words (:mod:`~hexforge.core.packs.words`) of
        the pack with :func:`pack_key` ``key``, as :meth:`store_named` stored them."""
        data = self._read(f"named-{key}")
        try:
            return None if data is None else [(str(kind), str(card)) for kind, card in data]
        except (ValueError, TypeError):
            return None

    def store_named(self, key: str, named: Sequence[Named]) -> None:
        self._write(f"named-{key}", [list(pair) for pair in named])

    def load_diagnostics(self, key: str) -> tuple[list[Diagnostic], dict[str, int]] | None:
        """A whole run's diagnostics and counts stored by :meth:`store_diagnostics`."""
        data = self._read(f"run-{key}")
        try:
            if data is None:
                return None
            counts = {str(k): int(v) for k, v in data["counts"].items()}
            return [_diagnostic_from(d) for d in data["diagnostics"]], counts
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    def store_diagnostics(
        self, key: str, diagnostics: Sequence[Diagnostic], counts: dict[str, int]
    ) -> None:
        data = {"diagnostics": [_diagnostic_dict(d) for d in diagnostics], "counts": counts}
        self._write(f"run-{key}", data)

    def _read(self, name: str) -> Any:
        try:
            return json.loads((self.directory / f"{name}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def _write(self, name: str, data: object) -> None:
        """Write atomically; a cache that cannot be written is silently skipped."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(data, out, ensure_ascii=False, separators=(",", ":"))
            os.replace(temporary, self.directory / f"{name}.json")
        except OSError:
            return


KEPT = 16
_LOADED: dict[tuple[str, str], CompiledPack] = {}
"""Packs read from a cache in this process, by folder and key. The key covers every
byte the pack was compiled from, the catalogue and the code, so an entry never goes
stale; a caller still gets cards of the catalogue's own models (:func:`_same_models`)."""


def _same_models(pack: CompiledPack, catalogue: Catalogue) -> bool:
    game = catalogue.game(pack.manifest.game) if pack.manifest is not None else None
    models = game.models if game is not None else {}
    return all(type(c.card) is models.get(c.card.kind) for f in pack.files for c in f.cards)


def run_key(pack_keys: Sequence[str], targets: int) -> str:
    """The key of a whole validation run: every pack's key, and how many were asked for
    (the rest are context). Cross-file checks depend on nothing else."""
    return hashlib.sha256(f"{targets}\0{chr(0).join(pack_keys)}".encode()).hexdigest()


def pack_key(root: str, files: Sequence[tuple[str, bytes]], catalogue_fingerprint: str) -> str:
    """The cache key of a pack: its display root, files (name and bytes) and the context."""
    digest = hashlib.sha256()
    digest.update(f"{FORMAT}\0{root}\0{catalogue_fingerprint}\0{_code_fingerprint()}".encode())
    for name, raw in files:
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(raw).digest())
    return digest.hexdigest()


def worded_key(key: str, words: CardWords) -> str:
    """A pack's key with the card words of the run: its effects were checked with them."""
    return hashlib.sha256(f"{key}\0{json.dumps(words)}".encode()).hexdigest()


_CODE: list[str] = []


def _code_fingerprint() -> str:
    """The size and mtime of the validator's and the DSL's sources (so edits, upgrades and
    reinstalls of hexforge all change it)."""
    if not _CODE:
        digest = hashlib.sha256()
        here = Path(__file__).resolve().parent
        sources = list(here.glob("*.py"))
        try:
            import hexforge.dsl as dsl

            sources += list(Path(dsl.__file__).resolve().parent.glob("*"))
        except ImportError:
            pass
        for source in sorted(set(sources)):
            stat = source.stat()
            digest.update(f"{source}:{stat.st_size}:{stat.st_mtime_ns}".encode())
        _CODE.append(digest.hexdigest())
    return _CODE[0]


# -- JSON form ---------------------------------------------------------------------------


def _located_dict(at: Located) -> list[Any]:
    span = at.span
    return [span.file, span.line, span.column, span.end_line, span.end_column, at.source_line]


def _located_from(data: list[Any]) -> Located:
    file, line, column, end_line, end_column, source = data
    return Located(Span(file, line, column, end_line, end_column), source)


def _diagnostic_dict(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "message": d.message,
        "span": span_dict(d.span),
        "source": d.source_line,
        "hint": d.hint,
        "severity": d.severity.value,
    }


def _diagnostic_from(data: dict[str, Any]) -> Diagnostic:
    return Diagnostic(
        data["code"],
        data["message"],
        span_from(data["span"]),
        data["source"],
        data["hint"],
        Severity(data["severity"]),
    )


def _pack_dict(pack: CompiledPack) -> dict[str, Any]:
    return {
        "root": pack.root,
        "manifest": pack.manifest.model_dump(mode="json") if pack.manifest else None,
        "manifest_at": {k: _located_dict(v) for k, v in pack.manifest_at.items()},
        "diagnostics": [_diagnostic_dict(d) for d in pack.diagnostics],
        "files": [
            {
                "file": result.file,
                "diagnostics": [_diagnostic_dict(d) for d in result.diagnostics],
                "cards": [_entry_dict(entry) for entry in result.cards],
            }
            for result in pack.files
        ],
    }


def _entry_dict(entry: CardEntry) -> dict[str, Any]:
    return {
        "card": entry.card.model_dump(mode="json"),
        "at": {k: _located_dict(v) for k, v in entry.at.items()},
        "references": [
            [r.target, list(r.kinds), r.field, _located_dict(r.at)] for r in entry.references
        ],
        "permissions": [
            [p.action, p.allowed, p.conditional, _located_dict(p.at)] for p in entry.permissions
        ],
    }


def _pack_from(data: dict[str, Any], catalogue: Catalogue) -> CompiledPack:
    manifest = PackManifest.model_validate(data["manifest"]) if data["manifest"] else None
    game = catalogue.game(manifest.game) if manifest is not None else None
    files = []
    for result in data["files"]:
        cards = []
        for entry in result["cards"]:
            card_data = entry["card"]
            if game is None:
                raise KeyError("cached cards without a game")
            model = game.models[card_data["kind"]]
            cards.append(
                CardEntry(
                    model.model_validate(card_data),
                    result["file"],
                    {k: _located_from(v) for k, v in entry["at"].items()},
                    tuple(
                        Reference(t, tuple(k), f, _located_from(a))
                        for t, k, f, a in entry["references"]
                    ),
                    tuple(
                        Permission(a, bool(al), bool(c), _located_from(at))
                        for a, al, c, at in entry["permissions"]
                    ),
                )
            )
        files.append(
            FileResult(
                result["file"],
                tuple(cards),
                tuple(_diagnostic_from(d) for d in result["diagnostics"]),
            )
        )
    return CompiledPack(
        data["root"],
        manifest,
        {k: _located_from(v) for k, v in data["manifest_at"].items()},
        tuple(files),
        tuple(_diagnostic_from(d) for d in data["diagnostics"]),
    )
