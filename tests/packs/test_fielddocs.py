"""Field descriptions from attribute docstrings (core/packs/fielddocs.py): the same as
pydantic's ``use_attribute_docstrings`` gives, read with one parse per class."""

from __future__ import annotations

from pydantic import BaseModel, Field
from pydantic._internal._docs_extraction import extract_docstrings_from_cls

import hexforge.plugins.motu.cards
import hexforge.plugins.motu.parameters
import hexforge.plugins.nshex.tiles
from hexforge.core.packs.fielddocs import Documented, attribute_docs

LOADED = (
    hexforge.plugins.motu.cards,
    hexforge.plugins.motu.parameters,
    hexforge.plugins.nshex.tiles,
)


def _documented(cls: type[BaseModel]) -> list[type[BaseModel]]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_documented(sub)]
    return found


def test_the_docs_are_pydantics() -> None:
    models = _documented(Documented)
    assert len(models) > 20, LOADED
    for model in models:
        assert attribute_docs(model) == extract_docstrings_from_cls(model, use_inspect=True)


def test_a_description_given_is_kept_and_inherited_fields_keep_theirs() -> None:
    class Base(Documented):
        plain: int = 0
        """From the docstring."""
        given: int = Field(0, description="Given.")
        """Not this one."""

    class Child(Base):
        extra: str = ""
        """The child's own."""

    fields = Child.model_fields
    assert fields["plain"].description == "From the docstring."
    assert fields["given"].description == "Given."
    assert fields["extra"].description == "The child's own."
    schema = Child.model_json_schema()["properties"]
    assert schema["plain"]["description"] == "From the docstring."
