"""Issue 20, item 10: ``score N vp`` outside a glory card's mission passed ``validate
--strict`` but ``simulate --check`` failed HF055 (the VP invariant).

The rulebook settles it (§Scoring: victory points come from knocked-out enemies, claimed
objective tokens and completed side missions, which gain "the amount indicated on the
glory card"); the invariant is right and validation was too lenient. So ``score`` may be
written only in a glory card's ``mission`` (HF327, a placement the motu vocabulary
declares), and there it must score the card's ``vp`` (HF206 on the mission).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.core.errors import Diagnostic
from hexforge.core.packs.validate import validate
from hexforge.dsl.api import check_text
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.motu.vocabulary import motu_vocabulary
from tests.plugged import HOST, LIB

CATALOGUE = catalogue_from_host(HOST)
PACK = "id: vp\nname: {en: VP}\nversion: 1.0.0\ngame: motu\nrequires: {motu: '*'}\n"
FATE = """\
id: vp/fate
kind: fate
name: {en: Fate}
provenance: invented
initiative: 3
ap: 1
mana: 0
ability: "when self knocks out an enemy: score 5 vp"
"""
GLORY = """\
id: vp/glory
kind: glory
name: {en: Glory}
provenance: invented
initiative: 3
ap: 1
mana: 0
vp: 10
mission: "MISSION"
"""
CHARACTER = """\
id: vp/hero
kind: character
name: {en: Hero}
provenance: invented
faction: masters
stats: {health: 5, toughness: 3, mind: 3, power: 3, perception: 3, strength: 5, speed: 5,
  focused_speed: 8}
cost: 19
skills:
  - id: glory-hound
    name: {en: Glory Hound}
    effect: "when self knocks out an enemy: score 5 vp"
"""


def _validate(tmp: Path, **cards: str) -> list[Diagnostic]:
    root = tmp / "vp"
    (root / "cards").mkdir(parents=True)
    (root / "pack.yaml").write_text(PACK)
    for name, text in cards.items():
        (root / "cards" / f"{name}.yaml").write_text(text)
    return list(validate([root], CATALOGUE).diagnostics)


def _where(found: list[Diagnostic]) -> list[tuple[str, str, int, int]]:
    return [
        (d.code, Path(d.span.file or "").name, d.span.line, d.span.column)
        for d in found
        if d.span is not None
    ]


def test_item10_score_in_a_fate_ability_is_hf327(tmp_path: Path) -> None:
    found = _validate(tmp_path, fate=FATE)
    assert _where(found) == [("HF327", "fate.yaml", 8, 42)], [str(d) for d in found]
    assert "glory.mission" in found[0].message
    assert found[0].hint is not None and "§Scoring" in found[0].hint


def test_item10_score_in_a_character_skill_is_hf327(tmp_path: Path) -> None:
    found = _validate(tmp_path, hero=CHARACTER)
    assert _where(found) == [("HF327", "hero.yaml", 12, 45)], [str(d) for d in found]


def test_item10_a_mission_scoring_other_than_its_cards_vp_is_hf206(tmp_path: Path) -> None:
    found = _validate(tmp_path, glory=GLORY.replace("MISSION", "upon activation: score 5 vp"))
    assert [(code, line) for code, _, line, _ in _where(found)] == [("HF206", 9)]
    assert "scores 5 VP, but the card gives 10" in found[0].message


def test_item10_a_mission_scoring_a_computed_amount_is_hf206(tmp_path: Path) -> None:
    mission = "upon activation: score (self.mana + 10) vp"
    found = _validate(tmp_path, glory=GLORY.replace("MISSION", mission))
    assert [code for code, *_ in _where(found)] == ["HF206"]


def test_item10_a_mission_scoring_its_vp_is_valid(tmp_path: Path) -> None:
    mission = "when self knocks out an enemy: score 10 vp"
    assert _validate(tmp_path, glory=GLORY.replace("MISSION", mission)) == []


def test_item10_the_placement_is_checked_only_where_the_field_is_known() -> None:
    """The effect language itself stays usable without a card (docs, scenarios, tests)."""
    text = "when self knocks out an enemy: score 5 vp"
    assert check_text(text, motu_vocabulary()) == []
    assert check_text(text, motu_vocabulary(), place="glory.mission") == []
    assert [d.code for d in check_text(text, motu_vocabulary(), place="fate.ability")] == ["HF327"]


@pytest.mark.parametrize("card", sorted(c for c in LIB.cards if LIB.cards[c].kind == "glory"))
def test_item10_every_shipped_glory_card_scores_what_the_invariant_expects(card: str) -> None:
    """What validation now demands is what the VP invariant (``vp_as_logged``) accepts:
    a glory card's mission scores the card's own vp."""
    from hexforge.plugins.motu.cards import Glory, scored

    glory = LIB.cards[card]
    assert isinstance(glory, Glory) and glory.mission is not None
    assert scored(glory.mission) == [glory.vp]
