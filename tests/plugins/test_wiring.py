"""A game plugin is one declaration (issue 19, docs/plugins.md "Wiring a game, calling a
hook"): its name and description come from its game.yaml, its parts by convention."""

from __future__ import annotations

from pathlib import Path

from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins import motu, nshex
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.wiring import GamePlugin, game_info


def test_the_built_in_games_are_named_by_their_game_yaml() -> None:
    host = load_plugins([("motu", motu.plugin), ("nshex", nshex.plugin)], autoload=False)
    names = {game.id: game.name for game in host.games()}
    assert names == {
        "motu": "Masters of the Universe: Battleground",
        "nshex": "Neuroshima Hex Duel",
    }
    assert host.problems == []


def test_parts_default_to_the_conventions_and_resolve_relative_to_the_package() -> None:
    plain = GamePlugin("hexforge.plugins.motu", motu.CONTENT)
    assert plain.driver == ".driver:Driver" and plain.kinds == ".cards:CARD_KINDS"
    kinds = plain.hexforge_card_kinds()
    assert {kind.kind for kind in kinds} >= {"character", "weapon", "fate"}
    assert nshex.plugin.hexforge_card_kinds()[0].game == "nshex"


def test_a_game_yaml_without_a_name_is_hf606_and_the_other_games_stay(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("game: nameless\ntiers: [{id: rules}]\n")
    game_info.cache_clear()
    broken = GamePlugin("hexforge.plugins.nshex", tmp_path)
    host = load_plugins([("motu", motu.plugin), ("nameless", broken)], autoload=False)
    assert [game.id for game in host.games()] == ["motu"]
    (problem,) = host.problems
    assert problem.code == "HF606" and "'nameless'" in problem.message
    assert "name" in problem.message
    host.games()
    assert len(host.problems) == 1  # asked again, reported once


def test_words_agents_and_invariants_may_be_none_and_a_renderer_is_a_part() -> None:
    """A game whose cards hold no effect text declares no words (``words=None``), one may
    ship no agent or invariant of its own, and ``renderer`` wires ``hexforge render``
    without a second plugin (docs/plugins.md, "Wiring a game")."""
    bare = GamePlugin(
        "hexforge.plugins.nshex",
        nshex.CONTENT,
        words=None,
        agents=None,
        invariants=None,
        renderer=".render:NshexRenderer",
    )
    host = load_plugins([("bare", bare)], autoload=False)
    vocabulary = Vocabulary()
    bare.hexforge_dsl_vocabulary("nshex", vocabulary)
    assert vocabulary == Vocabulary()
    assert bare.hexforge_agents() == [] and bare.hexforge_invariants() == []
    (renderer,) = bare.hexforge_renderers(host)
    assert renderer.game == "nshex"
    assert nshex.plugin.hexforge_renderers(host) == []  # its renderer is a plugin of its own
