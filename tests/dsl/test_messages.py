"""DSL messages for the mistakes authors make most (issue 27): a block body that is not
indented, a line that lines up with no block, a verb near no known verb. Hints name the
lines by their text, never by effect-relative columns or line numbers, so they read the
same inside a YAML block scalar; the spans are placed in the file by validate."""

from __future__ import annotations

from pathlib import Path

from hexforge.core.packs.effects import check_effect
from hexforge.core.packs.yamlio import load_text
from hexforge.dsl.api import check_text
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import PluginSelection, load_plugins


def _motu() -> Vocabulary:
    host = load_plugins(selection=PluginSelection.choose((), none=True, environ={}))
    game = catalogue_from_host(host).game("motu")
    assert game is not None and game.vocabulary is not None
    return game.vocabulary


def test_a_body_not_indented_under_its_header_names_the_header() -> None:
    text = "upon activation:\n    for each enemy within 3 inches of self:\n    give it blind"
    [found] = check_text(text, _motu())
    assert found.code == "HF302"
    assert found.message == (
        "the block of 'for each enemy within 3 inches of self:' is not indented"
    )
    assert found.hint == (
        "indent the lines under 'for each enemy within 3 inches of self:' further than it"
    )
    assert found.span is not None and (found.span.line, found.span.column) == (3, 5)


def test_a_bad_dedent_names_the_lines_it_may_line_up_with() -> None:
    [found] = check_text("upon activation:\n    gain 1 mana\n  gain 1 mana", _motu())
    assert found.code == "HF303"
    assert found.hint == "line it up as 'gain 1 mana' is or as 'upon activation:' is"


def test_a_verb_near_no_known_verb_lists_the_verbs() -> None:
    [found] = check_text("upon activation: bestow self quickness", _motu())
    assert found.code == "HF311"
    assert found.hint is not None and found.hint.startswith("the verbs of this game: add, ")
    assert ", give, " in found.hint


def test_in_a_yaml_block_the_position_is_the_files(tmp_path: Path) -> None:
    source = (
        "effect: |\n"
        "  upon activation:\n"
        "      for each enemy within 3 inches of self:\n"
        "      give it blind\n"
    )
    doc = load_text(source, name=str(tmp_path / "card.yaml")).document
    assert doc is not None
    report = check_effect(doc.data["effect"], _motu(), doc, ("effect",))
    [found] = report.diagnostics
    assert found.span is not None and (found.span.line, found.span.column) == (4, 7)
    assert found.source_line == "      give it blind"
