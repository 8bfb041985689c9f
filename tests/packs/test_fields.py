"""The field walker finds effect texts and references wherever a kind declares them,
optional ones (``Effect | None``, ``CardRef | None``) included."""

from __future__ import annotations

from pydantic import BaseModel

from hexforge.core.packs.fields import marked_values
from hexforge.core.packs.models import CardRef, Effect, EffectText, Ref


class _Kind(BaseModel):
    effect: Effect | None = None
    ref: CardRef | None = None
    effects: list[Effect] = []
    nested: list[Effect | None] = []


def test_optional_effect_texts_and_references_are_found() -> None:
    card = _Kind(effect="deal 1 wound to target", ref="motu/he-man", effects=["a"], nested=["b"])
    found = {(m.path, m.text, type(m.marker)) for m in marked_values(card)}
    assert found == {
        (("effect",), "deal 1 wound to target", EffectText),
        (("ref",), "motu/he-man", Ref),
        (("effects", 0), "a", EffectText),
        (("nested", 0), "b", EffectText),
    }


def test_an_absent_optional_text_is_not_reported() -> None:
    assert list(marked_values(_Kind())) == []
