"""The driver's tables: each spec (a step's action, an observable) declared beside the
function that carries it out, so a name can never be listed without a handler."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S", covariant=True)
F = TypeVar("F", covariant=True)
T = TypeVar("T")
G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class Declared(Generic[S, F]):
    """A spec and the function that performs or reads it."""

    spec: S
    run: F


def beside(spec: T) -> Callable[[G], Declared[T, G]]:
    """Declare the function below as the one carrying out ``spec``."""

    def declare(run: G) -> Declared[T, G]:
        return Declared(spec, run)

    return declare
