"""The card kind of Hexpawn: a pawn, whose data says how it steps and what it takes."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from hexforge.core.packs.catalogue import CardKind
from hexforge.core.packs.models import Card

Step = Literal["ahead", "ahead-left", "ahead-right"]
"""A direction seen from the pawn's owner: straight towards the far row, or diagonally."""
Diagonal = Literal["ahead-left", "ahead-right"]
"""A diagonally forward direction: the only ones a pawn captures in (the rules)."""


class Pawn(Card):
    """A pawn: it steps to an empty hex in one of ``moves`` and takes an enemy pawn in one
    of ``captures``."""

    kind: Literal["pawn"]
    moves: list[Step] = Field(min_length=1)
    """The directions it steps in, to an empty hex."""
    captures: list[Diagonal] = Field(default_factory=list)
    """The diagonally forward directions it takes an enemy pawn in (none: it never takes)."""

    @field_validator("moves", "captures")
    @classmethod
    def _once_each(cls, directions: list[str]) -> list[str]:
        if len(set(directions)) != len(directions):
            raise ValueError("each direction is listed once")
        return directions


CARD_KINDS = (CardKind("hexpawn", "pawn", Pawn),)
"""What the hook ``hexforge_card_kinds`` returns (``GamePlugin``'s ``kinds`` part)."""
