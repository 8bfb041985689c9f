"""Map files: YAML to :class:`Map`, every problem reported at its ``file:line:col``.

The format is documented in docs/motu-battlefield.md ("Map files"). Reading goes
through :mod:`hexforge.core.packs.yamlio` (safe loading, positions by path); this module
checks the shape, turns board coordinates into hexes while remembering which YAML entry
produced each hex, runs :func:`check_map` and places each of its problems on that entry.
A map may also sit inside another document (a scenario's inline map): pass ``at``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from importlib.resources import files
from pathlib import Path
from typing import Any

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.hexgrid import BAD_COORDINATE, Hex, parse_area
from hexforge.core.packs.yamlio import YamlDocument, YamlPath, load_text, read_yaml
from hexforge.plugins.motu.battlefield import codes
from hexforge.plugins.motu.battlefield.map import Map
from hexforge.plugins.motu.battlefield.mapspec import MapSpec, WherePath, check_map
from hexforge.plugins.motu.battlefield.terrain import TerrainKind, TerrainPiece

_TOP = {"name", "provenance", "size", "hex_inches", "pieces", "objectives", "deployment"}
_REQUIRED_TOP = ("name", "size", "hex_inches")
_PIECE = {"id", "kind", "hexes", "low", "openings", "elevation"}
_SIZE = {"columns", "rows"}


def load_map(path: Path, *, name: str | None = None) -> Map:
    """Read a map file; raises :class:`HexforgeError` with every problem found."""
    return map_from_document(read_yaml(path, name=name))


def shipped_maps() -> list[str]:
    """The names of the maps shipped in ``content/motu/maps`` (for ``map: first-game``)."""
    return sorted(p.name.removesuffix(".yaml") for p in _MAPS.iterdir() if p.name.endswith(".yaml"))


def named_map(name: str) -> Map:
    """A shipped map by name, loaded once per process (maps are immutable)."""
    found = _NAMED.get(name)
    if found is None:
        if name not in shipped_maps():
            close = difflib.get_close_matches(name, shipped_maps(), n=1)
            raise HexforgeError.single(
                codes.UNKNOWN_MAP,
                f"no shipped map is called '{name}'",
                hint=f"did you mean '{close[0]}'?"
                if close
                else f"shipped maps: {', '.join(shipped_maps())}",
            )
        resource = _MAPS / f"{name}.yaml"
        result = load_text(
            resource.read_text(encoding="utf-8"), name=f"content/motu/maps/{name}.yaml"
        )
        if result.document is None or result.diagnostics:
            raise HexforgeError(*result.diagnostics)
        found = _NAMED[name] = map_from_document(result.document)
    return found


_MAPS = files("hexforge.content") / "motu" / "maps"
_NAMED: dict[str, Map] = {}


def map_from_text(text: str, *, name: str | None = None) -> Map:
    """Read a map from YAML text (tests, inline maps)."""
    result = load_text(text, name=name)
    if result.document is None or result.diagnostics:
        raise HexforgeError(*result.diagnostics)
    return map_from_document(result.document)


def map_from_document(document: YamlDocument, at: YamlPath = ()) -> Map:
    """The map written at path ``at`` of an already loaded document."""
    reader = _Reader(document, at)
    spec = reader.spec()
    if reader.problems:
        raise HexforgeError(*reader.problems)
    problems = [
        document.diagnostic(p.code, p.message, reader.yaml_path(p.where), hint=p.hint)
        for p in check_map(spec)
    ]
    if problems:
        raise HexforgeError(*problems)
    return Map(spec)


@dataclass
class _Reader:
    document: YamlDocument
    at: YamlPath
    problems: list[Diagnostic] = field(default_factory=list)
    origins: dict[WherePath, YamlPath] = field(default_factory=dict)

    def report(
        self, code: str, message: str, path: YamlPath, hint: str | None = None, key: bool = False
    ) -> None:
        full = (*self.at, *path)
        self.problems.append(self.document.diagnostic(code, message, full, key=key, hint=hint))

    def yaml_path(self, where: WherePath) -> YamlPath:
        """The YAML path of a :class:`Problem`'s logical path (a hex: the entry naming it)."""
        found = self.origins.get(where)
        if found is not None:
            return found
        plain = tuple(part for part in where if not isinstance(part, Hex))
        return (*self.at, *plain)

    def node(self, path: YamlPath) -> Any:
        value: Any = self.document.data
        for part in (*self.at, *path):
            value = value[part]
        return value

    # -- shape checks --------------------------------------------------------------------

    def mapping(self, value: Any, path: YamlPath, keys: set[str], what: str) -> bool:
        if not isinstance(value, dict):
            self.report(codes.MAP_SHAPE, f"{what} must be a mapping", path)
            return False
        for key in value:
            if key not in keys:
                close = difflib.get_close_matches(key, sorted(keys), n=1)
                hint = (
                    f"did you mean '{close[0]}'?" if close else f"known: {', '.join(sorted(keys))}"
                )
                self.report(
                    codes.MAP_SHAPE,
                    f"unknown field '{key}' in {what}",
                    (*path, key),
                    hint,
                    key=True,
                )
        return True

    def required(
        self, value: dict[str, Any], path: YamlPath, keys: tuple[str, ...], what: str
    ) -> bool:
        missing = [k for k in keys if k not in value]
        for key in missing:
            self.report(codes.MAP_SHAPE, f"{what} needs '{key}'", path)
        return not missing

    def integer(self, value: Any, path: YamlPath) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.report(codes.MAP_SHAPE, f"expected a whole number, found {value!r}", path)
            return 0
        return value

    def text(self, value: Any, path: YamlPath) -> str:
        if not isinstance(value, str) or not value:
            self.report(codes.MAP_SHAPE, f"expected text, found {value!r}", path)
            return ""
        return value

    def hexes(self, value: Any, path: YamlPath, where: WherePath) -> list[Hex]:
        """A list of coordinates or rectangles; remembers the entry behind every hex."""
        if not isinstance(value, list):
            self.report(
                codes.MAP_SHAPE,
                "expected a list of board coordinates",
                path,
                "write e.g. [C7, C8] or [A1:AD3]",
            )
            return []
        found: list[Hex] = []
        for index, entry in enumerate(value):
            entry_path = (*self.at, *path, index)
            if not isinstance(entry, str):
                self.report(
                    BAD_COORDINATE,
                    f"{entry!r} is not a board coordinate",
                    (*path, index),
                    "e.g. C7",
                )
                continue
            try:
                area = parse_area(entry)
            except HexforgeError as error:
                first = error.diagnostics[0]
                self.report(first.code, first.message, (*path, index), first.hint)
                continue
            for hex_ in area:
                self.origins.setdefault((*where, hex_), entry_path)
            found += area
        return found

    # -- the map -------------------------------------------------------------------------

    def spec(self) -> MapSpec:
        root = self.node(())
        if not self.mapping(root, (), _TOP, "a map") or not self.required(
            root, (), _REQUIRED_TOP, "a map"
        ):
            return MapSpec("", 0, 0, Fraction(0))
        size = root["size"]
        columns = rows = 0
        if self.mapping(size, ("size",), _SIZE, "size") and self.required(
            size, ("size",), ("columns", "rows"), "size"
        ):
            columns = self.integer(size["columns"], ("size", "columns"))
            rows = self.integer(size["rows"], ("size", "rows"))
        inches = root["hex_inches"]
        if isinstance(inches, bool) or not isinstance(inches, int | float):
            self.report(
                codes.MAP_SHAPE, f"hex_inches must be a number, found {inches!r}", ("hex_inches",)
            )
            inches = 0
        provenance = root.get("provenance")
        return MapSpec(
            name=self.text(root["name"], ("name",)),
            columns=columns,
            rows=rows,
            hex_inches=Fraction(str(inches)),
            pieces=self.pieces(root.get("pieces", [])),
            objectives=tuple(
                self.hexes(root.get("objectives", []), ("objectives",), ("objectives",))
            ),
            deployment=self.deployment(root.get("deployment", {})),
            provenance=None if provenance is None else self.text(provenance, ("provenance",)),
        )

    def pieces(self, value: Any) -> tuple[TerrainPiece, ...]:
        if not isinstance(value, list):
            self.report(codes.MAP_SHAPE, "pieces must be a list", ("pieces",))
            return ()
        found = []
        for index, raw in enumerate(value):
            piece = self.piece(raw, ("pieces", index))
            if piece is not None:
                found.append(piece)
        return tuple(found)

    def piece(self, raw: Any, path: YamlPath) -> TerrainPiece | None:
        if not self.mapping(raw, path, _PIECE, "a terrain piece") or not self.required(
            raw, path, ("id", "kind", "hexes"), "a terrain piece"
        ):
            return None
        kind_text = raw["kind"]
        try:
            kind = TerrainKind(kind_text)
        except ValueError:
            names = [k.value for k in TerrainKind]
            close = difflib.get_close_matches(str(kind_text), names, n=1)
            self.report(
                codes.UNKNOWN_KIND,
                f"unknown terrain kind {kind_text!r}",
                (*path, "kind"),
                f"did you mean '{close[0]}'?" if close else f"one of: {', '.join(names)}",
            )
            return None
        low: list[Hex] = []
        for key in ("low", "openings"):
            if key in raw:
                low += self.hexes(raw[key], (*path, key), (*path, "low"))
        default = 1 if kind is TerrainKind.PLATFORM else 0
        elevation = self.integer(raw.get("elevation", default), (*path, "elevation"))
        return TerrainPiece(
            id=self.text(raw["id"], (*path, "id")),
            kind=kind,
            hexes=tuple(self.hexes(raw["hexes"], (*path, "hexes"), (*path, "hexes"))),
            low=frozenset(low),
            elevation=elevation,
        )

    def deployment(self, value: Any) -> Mapping[str, frozenset[Hex]]:
        if not isinstance(value, dict):
            self.report(
                codes.MAP_SHAPE, "deployment must map each side to its hexes", ("deployment",)
            )
            return {}
        return {
            side: frozenset(self.hexes(areas, ("deployment", side), ("deployment", side)))
            for side, areas in value.items()
        }
