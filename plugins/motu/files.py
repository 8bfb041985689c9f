"""The motu files beside the cards that ``hexforge validate`` checks: setup files
(``setups/``; docs/motu.md, "Setting up a game") and map files (``maps/``;
docs/motu-battlefield.md, "Map files"), in a pack or given alone by path.

Each is checked by the loader the game reads it with, so validate reports exactly what
``hexforge play --set setup=...`` would refuse, and at the same positions: a setup's
fields, cards (the packs of the run, ``replaces:`` applied), map, deployment places,
points and decks; a map's pieces, objectives and deployment zones. The loaders are
imported when a file is checked, not when the catalogue is built.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.filekinds import FileContext, FileKind
from hexforge.core.packs.yamlio import YamlDocument

GAME = "motu"


def check_setup(document: YamlDocument, context: FileContext) -> Sequence[Diagnostic]:
    """Every problem of a setup file, as the game would find it before playing."""
    from hexforge.plugins.motu.library import library_from
    from hexforge.plugins.motu.setups import setup_from_document
    from hexforge.plugins.packs_of_game import game_cards

    game = context.catalogue.game(GAME)
    if game is None or game.declaration is None or not game.tiers:
        return []
    library = library_from(game_cards(context.packs_of(GAME)), game)
    try:
        setup_from_document(document, library)
    except HexforgeError as error:
        return error.diagnostics
    return []


def check_map(document: YamlDocument, context: FileContext) -> Sequence[Diagnostic]:
    """Every problem of a map file (its shape, pieces, objectives, deployment zones)."""
    from hexforge.plugins.motu.battlefield.mapfile import map_from_document

    try:
        map_from_document(document)
    except HexforgeError as error:
        return error.diagnostics
    return []


FILE_KINDS = (
    FileKind(GAME, "setup", check_setup, folders=("setups",), keys=("forces", "decks")),
    FileKind(GAME, "map", check_map, folders=("maps",), keys=("size", "hex_inches")),
)
