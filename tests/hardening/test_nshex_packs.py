"""Issue 20, item 8: nshex plays the packs of its plugins - a ``--pack`` copy of the nshex
pack, expansions' nshex packs, ``replaces:`` - read as ``hexforge validate`` reads them, so
a changed copy plays another game, a copy that does not validate is reported and not
played, and an army without 34 tiles besides its HQ fails validation."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.nshex import CONTENT
from hexforge.plugins.nshex.rules import nshex_rules
from hexforge.plugins.nshex.tiles import Hq, Soldier
from hexforge.plugins.pack_folders import pack_folders
from tests.plugged import PackAt

HQ_EFFECT = "ranged of allies linked to self +1"
SMART_BATTLES = "    - {tile: battle, count: 4}\n"  # the first line of the Smart army's tiles


def _copy(where: Path, old: str = "", new: str = "", file: str = "smart.yaml") -> Path:
    """A copy of the shipped nshex pack with ``old`` replaced by ``new`` once in ``file``."""
    copy = where / "nshex"
    shutil.copytree(CONTENT, copy)
    cards = copy / "cards" / file
    text = cards.read_text(encoding="utf-8")
    assert old in text
    cards.write_text(text.replace(old, new, 1), encoding="utf-8")
    return copy


def _run(*args: str, plugins: list[tuple[str, object]] | None = None) -> Result:
    return CliRunner().invoke(make_cli(plugins or []), list(args), terminal_width=200)


def _play(
    log: Path, *options: str, plugins: list[tuple[str, object]] | None = None, seed: int = 1
) -> Result:
    args = [*options, "play", "--game", "nshex", "--seed", str(seed), "--log", str(log)]
    return _run(*args, plugins=plugins)


def test_a_pack_copy_with_a_changed_tile_plays_another_game(tmp_path: Path) -> None:
    same = _copy(tmp_path / "same")
    changed = _copy(tmp_path / "changed", HQ_EFFECT, "melee of allies linked to self +1")
    # seed 2: a game whose battles count the Smart HQ's linked allies
    shipped = _play(tmp_path / "shipped.jsonl", seed=2)
    copied = _play(tmp_path / "same.jsonl", "--pack", str(same), seed=2)
    other = _play(tmp_path / "changed.jsonl", "--pack", str(changed), seed=2)
    assert shipped.exit_code == copied.exit_code == other.exit_code == 0, other.output
    shipped_log = (tmp_path / "shipped.jsonl").read_bytes()
    assert (tmp_path / "same.jsonl").read_bytes() == shipped_log  # an equal copy: the same game
    assert (tmp_path / "changed.jsonl").read_bytes() != shipped_log
    assert other.output != shipped.output
    host = load_plugins([("--pack", pack_folders([changed]))])
    hq = nshex_rules(host).tiles.tile("smart-hq")
    assert isinstance(hq, Hq) and hq.effects == ["melee of allies linked to self +1"]


def test_an_invalid_copy_is_reported_not_played(tmp_path: Path) -> None:
    copy = _copy(tmp_path, "melee: {0: 2, 1: 1, 5: 1}", "melee: {0: 4, 1: 1, 5: 1}")
    result = _play(tmp_path / "game.jsonl", "--pack", str(copy))
    assert result.exit_code == 1
    assert re.search(r"smart\.yaml:15:\d+: error HF206: 'melee\.0'", result.output), result.output
    assert "puts the HQ" not in result.output and not (tmp_path / "game.jsonl").exists()


def test_an_army_of_30_tiles_fails_validate_and_is_not_played(tmp_path: Path) -> None:
    copy = _copy(tmp_path, SMART_BATTLES, "", file="armies.yaml")
    result = _run("validate", str(copy))
    assert result.exit_code == 1
    wanted = r"armies\.yaml:8:5: error HF206: 'tiles': the army holds 30 tiles besides its HQ"
    assert re.search(wanted, result.output), result.output
    played = _play(tmp_path / "game.jsonl", "--pack", str(copy))
    assert played.exit_code == 1 and "the army holds 30 tiles" in played.output


def _expansion(root: Path, pack: str, cards: str) -> Path:
    folder = root / pack
    (folder / "cards").mkdir(parents=True)
    (folder / "pack.yaml").write_text(
        f"id: {pack}\nname: {{en: X}}\nversion: 1.0.0\ngame: nshex\nrequires: {{nshex: '*'}}\n"
    )
    (folder / "cards" / "cards.yaml").write_text(cards)
    return folder


MOLOCH = """- id: moloch/brute
  kind: soldier
  name: {en: Brute}
  provenance: invented
  initiative: [2]
  melee: {0: 1}
- id: moloch/moloch
  kind: army
  name: {en: Moloch}
  provenance: invented
  hq: nshex/borgo-hq
  tiles:
    - {tile: brute, count: 30}
    - {tile: nshex/battle, count: 4}
- id: moloch/ripper
  kind: soldier
  name: {en: Ripper}
  provenance: invented
  replaces: nshex/smart-ripper
  initiative: [3]
  melee: {0: 3}
"""


def test_an_expansion_army_and_replacement_are_played(tmp_path: Path) -> None:
    plugins: list[tuple[str, object]] = [("moloch", PackAt(_expansion(tmp_path, "moloch", MOLOCH)))]
    tiles = nshex_rules(load_plugins(plugins)).tiles
    hq, pile = tiles.pile("moloch")  # the army's bare slugs name its own pack's tiles
    assert hq == "nshex/borgo-hq" and pile.count("moloch/brute") == 30
    ripper = tiles.tile("smart-ripper")
    assert isinstance(ripper, Soldier) and ripper.melee == {0: 3}
    result = _run(
        "play", "--game", "nshex", "--seed", "2", "--set", "armies=moloch,smart", plugins=plugins
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("seed 2\nmoloch puts the HQ on ")


def test_a_broken_expansion_is_left_out_and_named(tmp_path: Path) -> None:
    short = MOLOCH.replace("count: 30", "count: 26")
    host = load_plugins([("moloch", PackAt(_expansion(tmp_path, "moloch", short)))])
    tiles = nshex_rules(host).tiles
    assert "moloch" not in tiles.armies() and "moloch/brute" not in tiles.cards
    assert tiles.armies() == ["smart", "vegas", "borgo"]  # the base game is all there
    (problem,) = [p for p in host.problems if p.code == "HF206"]
    assert "the army holds 30 tiles besides its HQ" in problem.message
    assert problem.span is not None and problem.span.file is not None
    assert problem.span.file.endswith("cards.yaml") and problem.span.line == 13


def test_a_broken_expansion_given_with_pack_is_an_error(tmp_path: Path) -> None:
    """A pack asked for by path is played as it is or not at all (never left out quietly)."""
    folder = _expansion(tmp_path, "moloch", MOLOCH.replace("count: 30", "count: 26"))
    result = _run("--pack", str(folder), "play", "--game", "nshex", "--seed", "1", "-q")
    assert result.exit_code == 1
    assert re.search(r"cards\.yaml:13:5: error HF206: 'tiles': the army holds 30", result.output)
