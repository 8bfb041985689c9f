"""Games declare kinds and rule tiers as data; plugins register the kinds' models."""

from __future__ import annotations

from typing import Literal

from hexforge.core.packs.catalogue import CardKind, build_catalogue
from hexforge.core.packs.models import Card
from hexforge.core.packs.validate import validate
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import load_plugins
from tests.packs.toy import GAME_FILE, KINDS, Unit, toy_catalogue


class Wizard(Card):
    kind: Literal["wizard"]


def test_motu_tiers_follow_the_rulebook_rule_hierarchy() -> None:
    """rulebook §Rule Hierarchy: character > fate and glory > weapon > item > rulebook."""
    catalogue = catalogue_from_host(load_plugins())
    motu = catalogue.games["motu"]
    assert [t.name for t in motu.tiers] == [
        "character",
        "fate-and-glory",
        "weapon",
        "item",
        "rulebook",
    ]
    ranks = {kind: tier.rank for kind, tier in motu.kind_tiers.items()}
    assert ranks["character"] > ranks["fate"] == ranks["glory"] > ranks["weapon"] > ranks["item"]
    assert motu.tiers[-1].rank < ranks["item"]
    assert catalogue.problems == ()


def test_installed_packs_come_from_the_game_plugins() -> None:
    catalogue = catalogue_from_host(load_plugins())
    assert sorted(p.name for p in catalogue.installed_packs) == ["motu", "nshex"]
    report = validate([], catalogue)
    assert report.diagnostics == () and report.packs == 2


def test_a_kind_outside_every_tier_is_a_plugin_problem() -> None:
    catalogue = build_catalogue(["toy"], [GAME_FILE], [*KINDS, CardKind("toy", "units", Unit)])
    (problem,) = catalogue.problems
    assert problem.code == "HF227"
    assert "'units'" in problem.message and problem.hint == "did you mean 'unit'?"
    assert set(catalogue.games["toy"].models) == {"unit", "weapon", "scenario"}


def test_a_model_must_declare_its_kind() -> None:
    catalogue = build_catalogue(["toy"], [GAME_FILE], [CardKind("toy", "weapon", Unit)])
    (problem,) = catalogue.problems
    assert problem.code == "HF227" and "Literal['weapon']" in problem.message


def test_kinds_and_declarations_of_unknown_games_are_reported() -> None:
    catalogue = build_catalogue(["other"], [GAME_FILE], [CardKind("nope", "wizard", Wizard)])
    assert [p.code for p in catalogue.problems] == ["HF227", "HF227"]


def test_tiers_rank_highest_first() -> None:
    toy = toy_catalogue().games["toy"]
    assert [(t.name, t.rank) for t in toy.tiers] == [("unit", 3), ("weapon", 2), ("rules", 1)]
    assert toy.kind_tiers["scenario"].name == "rules"
