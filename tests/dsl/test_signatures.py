"""Verb, condition and filter implementations are checked against their templates when a
plugin registers them (HF341), not when some card first runs them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.rules import EffectContext
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.catalogue import vocabulary_for
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl

PUSH = "push {target:unit} {distance:int}"


def _vocabulary() -> Vocabulary:
    vocabulary = Vocabulary()
    vocabulary.kind("unit")
    return vocabulary


def _refused(declare: Callable[[Vocabulary], None]) -> Diagnostic:
    vocabulary = _vocabulary()
    with pytest.raises(HexforgeError) as raised:
        declare(vocabulary)
    assert (vocabulary.verbs, vocabulary.conditions, vocabulary.filters) == ([], [], [])
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.code == "HF341"
    return diagnostic


def push_one(ctx: EffectContext, target: str) -> None:
    """One argument short of the template."""


def push_swapped(ctx: EffectContext, distance: int, target: str) -> None:
    """Parameters named after the placeholders, in the other order."""


def test_a_verb_of_the_wrong_arity_is_refused_naming_word_template_and_fix() -> None:
    diagnostic = _refused(lambda v: v.verb(PUSH, push_one))
    assert diagnostic.message == (
        f"the implementation of verb 'push' ('{PUSH}'), push_one(ctx, target), "
        "takes 2 argument(s), but it is called with 3"
    )
    assert diagnostic.hint == (
        "it is called with ctx first, then one argument per placeholder in the "
        "template's order: push_one(ctx, target, distance)"
    )


def test_a_parameter_named_after_another_placeholder_is_refused() -> None:
    diagnostic = _refused(lambda v: v.verb(PUSH, push_swapped))
    assert "push_swapped(ctx, distance, target)" in diagnostic.message
    assert "parameter 'distance' that receives {target}" in diagnostic.message
    assert diagnostic.hint is not None
    assert diagnostic.hint.endswith("push_swapped(ctx, target, distance)")


@pytest.mark.parametrize(
    ("declare", "says"),
    [
        (lambda v: v.verb(PUSH, lambda target, distance: None), "takes 2 argument(s)"),
        (
            lambda v: v.verb(PUSH, lambda ctx, *a, distance=0: None),
            "'distance' that receives nothing",
        ),
        (lambda v: v.verb(PUSH, lambda ctx, *a, turns: None), "keyword argument(s) turns"),
        (lambda v: v.condition("{who:unit} is tired", lambda ctx: True), "condition 'is tired'"),
        (lambda v: v.filter("near {anchor:unit}", lambda ctx, anchor: True), "ctx and entity"),
        (lambda v: v.filter("near {anchor:unit}", lambda ctx, anchor, e: True), "receives entity"),
    ],
)
def test_other_misfits_are_refused(declare: Callable[[Vocabulary], None], says: str) -> None:
    diagnostic = _refused(declare)
    assert says in f"{diagnostic.message} | {diagnostic.hint}"


class _Callable:
    def __call__(self, ctx: EffectContext, *args: Any) -> None:
        """Any number of arguments: nothing to refuse."""


@pytest.mark.parametrize(
    "impl",
    [
        lambda ctx, target, distance: None,  # the placeholders' names
        lambda ctx, t, n: None,  # other names: arguments come by position
        lambda ctx, target, distance, hint=None: None,  # an extra optional parameter
        lambda ctx, *args: None,
        _Callable(),
        print,  # no signature to read: the call will tell
    ],
)
def test_implementations_that_fit_are_accepted(impl: Callable[..., Any]) -> None:
    vocabulary = _vocabulary()
    vocabulary.verb(PUSH, impl)
    vocabulary.condition("{who:unit} is tired", lambda ctx, u: True)
    vocabulary.filter("near {anchor:unit}", lambda ctx, entity, anchor: True)
    assert [v.impl for v in vocabulary.verbs] == [impl]


class _Expansion:
    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        vocabulary.kind("unit")
        vocabulary.verb(PUSH, push_one)


def test_vocabulary_for_names_the_plugin_of_a_misfit() -> None:
    host = load_plugins([("pushy", _Expansion())], autoload=False)
    with pytest.raises(HexforgeError) as raised:
        vocabulary_for(host, "toy")
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.code == "HF341"
    assert diagnostic.message.startswith(
        "plugin 'pushy' failed in hexforge_dsl_vocabulary: the implementation of verb 'push'"
    )
    assert diagnostic.hint is not None and "push_one(ctx, target, distance)" in diagnostic.hint
