"""JSON Schemas for editors, made from the models (never written by hand).

A card file holds one card or a list of cards, so every card schema accepts both. Files:
``pack.schema.json``, ``game.schema.json``, per game ``<game>.cards.schema.json`` (any
kind, discriminated by ``kind``) and ``<game>.<kind>.card.schema.json`` (one kind; "card"
keeps the names apart from other schemas, e.g. ``<game>.scenario.schema.json``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from hexforge.core.packs.catalogue import Catalogue, card_adapter
from hexforge.core.packs.models import Card, GameDeclaration, PackManifest

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schemas(catalogue: Catalogue, games: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """File name -> schema, for every game of ``catalogue`` (or only ``games``)."""
    out = {
        "pack.schema.json": _document(
            PackManifest.model_json_schema(), "hexforge pack manifest (pack.yaml)"
        ),
        "game.schema.json": _document(
            GameDeclaration.model_json_schema(), "hexforge game declaration (game.yaml)"
        ),
    }
    for game_id, game in sorted(catalogue.games.items()):
        if games is not None and game_id not in games:
            continue
        models = [game.models[k] for k in sorted(game.models)]
        if not models:
            continue
        out[f"{game_id}.cards.schema.json"] = card_file_schema(
            models, f"hexforge {game_id} card file: a card of any kind, or a list of cards"
        )
        for model in models:
            kind = _kind(model)
            out[f"{game_id}.{kind}.card.schema.json"] = card_file_schema(
                [model], f"hexforge {game_id} {kind} card file: a card or a list of cards"
            )
    return out


def card_file_schema(models: list[type[Card]], title: str) -> dict[str, Any]:
    """A schema accepting one card of ``models`` or a list of them."""
    adapter = card_adapter(models)
    assert adapter is not None
    card = adapter.json_schema(ref_template="#/$defs/{model}")
    defs = card.pop("$defs", {})
    defs["card"] = card
    return {
        "$schema": DIALECT,
        "title": title,
        "anyOf": [
            {"$ref": "#/$defs/card"},
            {"type": "array", "items": {"$ref": "#/$defs/card"}},
        ],
        "$defs": defs,
    }


def _document(schema: dict[str, Any], title: str) -> dict[str, Any]:
    return {"$schema": DIALECT, **schema, "title": title}


def _kind(model: type[BaseModel]) -> str:
    schema = model.model_fields["kind"].annotation
    from typing import get_args

    return str(get_args(schema)[0])
