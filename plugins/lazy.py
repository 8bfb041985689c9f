"""Names a module promises, imported at first use (PEP 562): a game's API module costs
nothing to import, so an expansion importing it does not slow down every ``hexforge``
command while plugins load."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any


def lazy_exports(module: str, sources: Mapping[str, Sequence[str]]) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving the names of ``sources`` (module -> names), each
    imported from its module when first asked for, then kept as a plain attribute."""
    where = {name: source for source, names in sources.items() for name in names}

    def attribute(name: str) -> Any:
        source = where.get(name)
        if source is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(import_module(source), name)
        vars(import_module(module))[name] = value
        return value

    return attribute
