"""motu plays every installed motu pack (issue 11): the base pack, then expansions by pack
id whatever the install order, ``replaces:`` applied, expansions' words and token cards."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hexforge.core.errors import HexforgeError
from hexforge.core.rules import Source, Tier
from hexforge.dsl.api import compile_text
from hexforge.plugins import motu
from hexforge.plugins.manager import PluginHost, load_plugins
from hexforge.plugins.motu.cards import Character
from hexforge.plugins.motu.library import Library, load_library, motu_vocabulary_loaded
from hexforge.plugins.pack_folders import pack_folders
from tests.plugged import PackAt
from tests.plugins import fake_expansion

GLIMMER = """- id: aaa/glimmer
  kind: buff
  name: {en: Glimmer}
  provenance: invented
  effects:
    - "while defending: scope +1"
"""


def _pack(tmp_path: Path, cards: str, pack: str = "aaa") -> Path:
    (tmp_path / pack / "cards").mkdir(parents=True)
    (tmp_path / pack / "pack.yaml").write_text(
        f"id: {pack}\nname: {{en: X}}\nversion: 1.0.0\ngame: motu\nrequires: {{motu: '*'}}\n"
    )
    (tmp_path / pack / "cards" / "cards.yaml").write_text(cards.replace("aaa/", f"{pack}/"))
    return tmp_path / pack


def _host(*extra: tuple[str, object]) -> PluginHost:
    return load_plugins([("motu", motu.plugin), *extra], autoload=False)


def _library(*extra: tuple[str, object]) -> Library:
    return load_library(_host(*extra))


def test_packs_load_in_id_order_whatever_the_install_order(tmp_path: Path) -> None:
    aaa, zzz = PackAt(_pack(tmp_path, GLIMMER)), PackAt(_pack(tmp_path, GLIMMER, "zzz"))
    one = _library(("zzz", zzz), ("sprout", fake_expansion), ("aaa", aaa))
    two = _library(("aaa", aaa), ("sprout", fake_expansion), ("zzz", zzz))
    assert list(one.cards) == list(two.cards)
    ids = list(one.cards)
    assert ids[-2:] == ["aaa/glimmer", "zzz/glimmer"]
    assert all(c.startswith("motu/") for c in ids[:-2])


def test_a_replacement_stands_in_under_the_replaced_id() -> None:
    lib = _library(("sprout", fake_expansion))
    ram_man = lib.card("motu/ram-man", "character")
    assert isinstance(ram_man, Character)
    assert [s.id for s in ram_man.skills] == ["seed"]
    assert "sprout/ram-man" not in lib.cards


def test_expansion_verbs_and_token_cards_are_words_effects_compile_with(tmp_path: Path) -> None:
    host = _host(("sprout", fake_expansion), ("aaa", PackAt(_pack(tmp_path, GLIMMER))))
    vocabulary = motu_vocabulary_loaded(load_library(host), host)
    assert "glimmer" in vocabulary.constants["token"]
    source = Source("aaa/x", Tier(1, "character"))
    assert compile_text("give target glimmer", vocabulary, source) is not None
    assert compile_text("sprout on target", vocabulary, source) is not None


def test_an_invalid_expansion_card_is_reported_not_played(tmp_path: Path) -> None:
    """Issue 20, item 1: the broken expansion pack is left out, named in the library's
    problems, and the base game's cards are all there."""
    broken = GLIMMER.replace("scope +1", "scoop +1")
    lib = _library(("aaa", PackAt(_pack(tmp_path, broken))))
    assert any("scoop" in d.message or "scoop" in (d.source_line or "") for d in lib.problems)
    assert "aaa/glimmer" not in lib.cards and "motu/he-man" in lib.cards


def test_a_broken_base_pack_is_an_error(tmp_path: Path) -> None:
    """Without its base pack there is no game: a base pack that does not validate raises."""
    base = tmp_path / "motu"
    shutil.copytree(motu.CONTENT, base)
    cards = base / "cards" / "tokens.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace(": scope +1", ": scoop +1", 1))
    with pytest.raises(HexforgeError) as raised:
        load_library(load_plugins([("--pack", pack_folders([base]))]))
    assert any("scoop" in (d.source_line or "") + d.message for d in raised.value.diagnostics)
