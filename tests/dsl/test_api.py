"""The public entry points other parts (content packs, CLI) call."""

from __future__ import annotations

import pytest

from hexforge.core.errors import HexforgeError, Span
from hexforge.core.rules import Source, Tier
from hexforge.core.vocabulary import EventType
from hexforge.dsl.api import check_text, compile_text
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.catalogue import vocabulary_for
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl

from .toy import SOURCE, context, toy_game, toy_vocabulary


def test_check_text_returns_diagnostics_relative_to_the_text() -> None:
    (diagnostic,) = check_text("upon activation:\n    gian 1 mana\n", toy_vocabulary(), file="x")
    assert diagnostic.code == "HF311"
    assert diagnostic.span == Span("x", 2, 5, 2, 9)
    assert diagnostic.source_line == "    gian 1 mana"
    assert diagnostic.hint is not None and "gain" in diagnostic.hint


def test_check_text_reports_syntax_errors_instead_of_raising() -> None:
    (diagnostic,) = check_text("upon activation gain 1 mana", toy_vocabulary())
    assert diagnostic.code == "HF302"


def test_an_empty_vocabulary_rejects_every_game_word() -> None:
    codes = [d.code for d in check_text("upon activation: gain 1 mana", Vocabulary())]
    assert codes == ["HF310", "HF311"]


def test_compile_text_raises_with_every_error() -> None:
    with pytest.raises(HexforgeError) as raised:
        compile_text("gian 1 mana\nupon activaton: gain 1 mana\n", toy_vocabulary(), SOURCE)
    assert [d.code for d in raised.value.diagnostics] == ["HF311", "HF310"]


def test_compile_text_carries_source_and_tier_into_every_rule() -> None:
    source = Source("toy/skill", Tier(3, "weapon"), Span("cards/skill.yaml", 4, 3, 4, 9))
    effect = compile_text(
        "upon activation: gain 1 mana\nwhile attacking: scope +1\ncannot be pushed",
        toy_vocabulary(),
        source,
    )
    sources = [
        *(hook.source for hook in effect.hooks),
        *(modifier.source for modifier in effect.modifiers),
        *(permission.source for permission in effect.permissions),
    ]
    assert sources == [source, source, source]
    assert effect.source == source


def test_compile_errors_name_the_file_of_the_source() -> None:
    source = Source("toy/skill", Tier(3, "weapon"), Span("cards/skill.yaml", 4, 3, 4, 9))
    with pytest.raises(HexforgeError) as raised:
        compile_text("gian 1 mana", toy_vocabulary(), source)
    span = raised.value.diagnostics[0].span
    assert span is not None and span.file == "cards/skill.yaml"


class _FreezePlugin:
    """An expansion adding a verb without touching the grammar."""

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if game != "toy":
            return
        vocabulary.kind("unit")
        vocabulary.binding("target", "unit")
        vocabulary.verb(
            "freeze {target:unit} {turns:int}",
            lambda ctx, target, turns: ctx.game.log.append(("freeze", target, turns)),
        )


def test_a_plugin_adds_a_verb_through_the_hook() -> None:
    host = load_plugins([("freeze", _FreezePlugin())], autoload=False)
    vocabulary = vocabulary_for(host, "toy")
    game = toy_game()
    compiled = compile_text("freeze target 2", vocabulary, SOURCE)
    assert compiled.run is not None
    compiled.run(context(game, target="s"))
    assert game.log == [("freeze", "s", 2)]
    assert check_text("freeze target 2", vocabulary_for(host, "other"))[0].code == "HF311"


class _BrokenPlugin:
    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        vocabulary.event(EventType("x"))
        raise RuntimeError("boom")


def test_a_failing_vocabulary_hook_names_its_plugin() -> None:
    host = load_plugins([("broken", _BrokenPlugin())], autoload=False)
    with pytest.raises(HexforgeError) as raised:
        vocabulary_for(host, "toy")
    assert raised.value.code == "HF603"
    assert "broken" in raised.value.diagnostics[0].message


def test_a_bad_declaration_is_reported_with_its_own_code() -> None:
    vocabulary = Vocabulary()
    with pytest.raises(HexforgeError) as raised:
        vocabulary.verb("deal {amount:number} wounds", lambda ctx, n: None)
    assert raised.value.code == "HF340"


def test_permission_sites_give_action_ids_conditions_reach_and_spans() -> None:
    from hexforge.core.rules import Reach
    from hexforge.dsl.api import permission_sites

    text = "cannot be pushed\nwhile attacking: can move through enemies\nenemies can be pushed"
    sites = permission_sites(text, toy_vocabulary())
    assert [(s.action, s.allowed, s.conditional, s.reach) for s in sites] == [
        ("push", False, False, Reach.BEARER),
        ("move_through_enemies", True, True, Reach.BEARER),
        ("push", True, True, Reach.ANY),
    ]
    assert sites[1].span == Span(None, 2, 18, 2, 42)
    assert permission_sites("cannot be pulled", toy_vocabulary()) == []
