"""Template matching: the direct reading of one-placeholder templates is the general one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.errors import Span
from hexforge.dsl import ast
from hexforge.dsl.templates import Template, _match, matches

_SPAN = Span(None, 1, 1, 1, 2)
_TEMPLATES = [
    "attacking",
    "gain {n:int} mana",
    "charge {target:unit}",
    "{who:unit} is knocked out",
    "remove curse from {target:unit} with wound(s)",
    "adjacent to {anchor:unit}",
    "in {terrain:terrain}",
    "be pushed",
]


def _atom(word: str) -> ast.Word | ast.Expr:
    return ast.Num(int(word), span=_SPAN) if word.isdigit() else ast.Word(word, span=_SPAN)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(_TEMPLATES),
    st.lists(
        st.sampled_from(["gain", "mana", "1", "with", "wound", "wounds", "is", "knocked", "out"])
        | st.sampled_from(["self", "charge", "deal", "attacking", "adjacent", "in", "be"])
        | st.sampled_from(["pushed", "difficult", "terrain", "target", "remove", "curse", "from"]),
        max_size=7,
    ),
)
def test_templates_with_one_placeholder_read_as_the_general_matcher_does(
    text: str, words: list[str]
) -> None:
    template = Template.parse(text)
    atoms = [_atom(word) for word in words]
    general = list(_match(template.parts, atoms, 0, 0)) if len(atoms) >= len(template.parts) else []
    assert list(matches(template, atoms)) == general
    assert template.lone is not None


def test_templates_with_several_placeholders_use_the_general_matcher() -> None:
    template = Template.parse("within {n:int} of {anchor:unit}")
    assert template.lone is None
    atoms = [_atom(w) for w in ["within", "2", "of", "self", "of", "x"]]
    assert list(matches(template, atoms)) == [((1, 2), (3, 6)), ((1, 4), (5, 6))]
