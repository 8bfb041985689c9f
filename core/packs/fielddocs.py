"""Field descriptions from attribute docstrings, read with one parse per source file.

A string right below an annotated field of a model describes it (the description editors
show from the JSON Schema). pydantic's ``use_attribute_docstrings`` does this, but on
Python before 3.13 it finds each class's source by walking the interpreter's frames and
asking :func:`inspect.getmodule` about every one, then tokenizes the class again: a third
of the time a command spends importing the card models. :class:`Documented` gives the same
descriptions from the module's syntax tree, parsed once and shared by all its classes
(docs/cli.md, "Start-up").

A model subclasses :class:`Documented` instead of setting ``use_attribute_docstrings``;
its subclasses (an expansion's card kinds) are documented the same way. As with pydantic,
a field that has a description (``Field(description=...)``) keeps it, and a field inherited
without being written again keeps its parent's.
"""

from __future__ import annotations

import ast
import inspect
import sys
from functools import cache
from typing import Any

from pydantic import BaseModel, GetCoreSchemaHandler
from pydantic_core import CoreSchema

_DONE = "__hexforge_documented__"


def describe(cls: type[BaseModel]) -> None:
    """Give each field of ``cls`` without a description the docstring written below it."""
    docs = attribute_docs(cls)
    for name, info in cls.__pydantic_fields__.items():
        if info.description is None and name in docs:
            info.description = docs[name]
    setattr(cls, _DONE, True)


def attribute_docs(cls: type[Any]) -> dict[str, str]:
    """The docstrings below the annotated attributes of ``cls``'s own body, by name."""
    node = _class_node(cls)
    if node is None:  # not found in its module's file: ask pydantic, which reads frames
        from pydantic._internal._docs_extraction import extract_docstrings_from_cls

        return extract_docstrings_from_cls(cls)
    docs: dict[str, str] = {}
    target: str | None = None
    previous: ast.stmt | None = None
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            target = statement.target.id
        elif (
            isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str)
            and isinstance(previous, ast.AnnAssign)
        ):
            if target:
                docs[target] = inspect.cleandoc(statement.value.value)
            target = None
        previous = statement
    return docs


def _class_node(cls: type[Any]) -> ast.ClassDef | None:
    """The definition of ``cls`` in its module's source: the class its qualified name
    leads to; None for a class defined in a function, twice, or without a source file."""
    module = sys.modules.get(cls.__module__)
    file = getattr(module, "__file__", None)
    if not isinstance(file, str) or "<" in cls.__qualname__:
        return None
    outer, *inner = cls.__qualname__.split(".")
    found = _top_class(file, outer)
    for name in inner:
        body = found.body if found is not None else []
        named = [n for n in body if isinstance(n, ast.ClassDef) and n.name == name]
        found = named[0] if len(named) == 1 else None
    return found


def _top_class(file: str, name: str) -> ast.ClassDef | None:
    """The module-level class ``name`` of ``file``: its lines alone parsed (from ``class``
    to the next line that starts at the margin), or the whole file when that fails."""
    lines = _lines(file)
    starts = [i for i, line in enumerate(lines) if _defines(line, name)]
    if len(starts) != 1:
        return None
    end = starts[0] + 1
    while end < len(lines) and (not lines[end].strip() or lines[end][0] in " \t#"):
        end += 1
    try:
        block = ast.parse("".join(lines[starts[0] : end]))
    except (SyntaxError, ValueError):  # a header over several lines, a string at the margin
        tree = _tree(file)
        block = ast.Module(body=[], type_ignores=[]) if tree is None else tree
    named = [n for n in block.body if isinstance(n, ast.ClassDef) and n.name == name]
    return named[0] if len(named) == 1 else None


def _defines(line: str, name: str) -> bool:
    return line.startswith(f"class {name}") and line[6 + len(name) : 7 + len(name)] in ("(", ":")


@cache
def _lines(file: str) -> list[str]:
    try:
        with open(file, encoding="utf-8") as handle:
            return handle.readlines()
    except (OSError, ValueError):
        return []


@cache
def _tree(file: str) -> ast.Module | None:
    try:
        return ast.parse("".join(_lines(file)), file)
    except (SyntaxError, ValueError):
        return None


class Documented(BaseModel):
    """A model whose attribute docstrings become its fields' descriptions."""

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[BaseModel], handler: GetCoreSchemaHandler, /
    ) -> CoreSchema:
        # pydantic builds a model's schema right after collecting its fields (or, for a
        # model that refers to one not defined yet, when it is rebuilt): the descriptions
        # are in place before the schema that carries them is made, as with
        # use_attribute_docstrings.
        if _DONE not in cls.__dict__:
            describe(cls)
        return handler(source)
