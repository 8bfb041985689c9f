"""Issue 20, item 5: a pack reads nothing outside its folder.

``cards:`` in pack.yaml took absolute and ``..`` paths and followed symbolic links, so
``hexforge validate`` read YAML anywhere on the machine and printed its lines. Each way
out is HF228 now, at the entry that names it, and the outside file is never read.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hexforge.core.packs.validate import validate
from tests.packs.toy import toy_catalogue

SECRET = "id: mine/secret\nkind: unit\nname: SECRET-LINE\nprovenance: invented\n"
HERO = "id: mine/hero\nkind: unit\nname: {en: Hero}\nprovenance: invented\n"
HERO += "stats: {health: 3, speed: 4}\n"

needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")


def _pack(tmp: Path, cards: str | None) -> Path:
    """A pack 'mine' beside an 'outside' folder holding a card file that does not validate."""
    outside = tmp / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text(SECRET)
    root = tmp / "mine"
    (root / "cards").mkdir(parents=True)
    (root / "cards" / "hero.yaml").write_text(HERO)
    manifest = "id: mine\nname: {en: Mine}\nversion: 1.0.0\ngame: toy\n"
    if cards is not None:
        manifest += f"cards: {cards}\n"
    (root / "pack.yaml").write_text(manifest)
    return root


def _report(root: Path) -> list[tuple[str, str, int, int]]:
    report = validate([root], toy_catalogue())
    text = "\n".join(str(d) + (d.source_line or "") for d in report.diagnostics)
    assert "SECRET-LINE" not in text  # the outside file's lines are never shown
    return [
        (d.code, Path(d.span.file or "").name, d.span.line, d.span.column)
        for d in report.diagnostics
        if d.span is not None
    ]


@pytest.mark.parametrize(
    "entry", ["[cards, ../outside]", "[cards, 'sub/../../outside']", "[cards, OUTSIDE]"]
)
def test_item5_a_cards_folder_outside_the_pack_is_hf228_and_not_read(
    tmp_path: Path, entry: str
) -> None:
    root = _pack(tmp_path, entry.replace("OUTSIDE", str(tmp_path / "outside")))
    found = _report(root)
    assert found == [("HF228", "pack.yaml", 5, 16)], found


@needs_links
def test_item5_a_cards_folder_linking_out_of_the_pack_is_hf228(tmp_path: Path) -> None:
    root = _pack(tmp_path, "[cards, more]")
    (root / "more").symlink_to(tmp_path / "outside", target_is_directory=True)
    assert _report(root) == [("HF228", "pack.yaml", 5, 16)]


@needs_links
def test_item5_the_default_cards_folder_linking_out_is_hf228(tmp_path: Path) -> None:
    root = _pack(tmp_path, None)
    (root / "cards" / "hero.yaml").unlink()
    (root / "cards").rmdir()
    (root / "cards").symlink_to(tmp_path / "outside", target_is_directory=True)
    found = _report(root)
    assert [code for code, *_ in found] == ["HF228"]


@needs_links
def test_item5_a_card_file_linking_out_of_the_pack_is_hf228(tmp_path: Path) -> None:
    root = _pack(tmp_path, None)
    (root / "cards" / "secret.yaml").symlink_to(tmp_path / "outside" / "secret.yaml")
    assert _report(root) == [("HF228", "secret.yaml", 1, 1)]


@needs_links
def test_item5_a_pack_yaml_linking_out_of_the_pack_is_hf228(tmp_path: Path) -> None:
    root = _pack(tmp_path, None)
    (tmp_path / "outside" / "pack.yaml").write_text((root / "pack.yaml").read_text())
    (root / "pack.yaml").unlink()
    (root / "pack.yaml").symlink_to(tmp_path / "outside" / "pack.yaml")
    assert _report(root) == [("HF228", "pack.yaml", 1, 1)]


@needs_links
def test_item5_links_that_stay_inside_the_pack_are_followed(tmp_path: Path) -> None:
    root = _pack(tmp_path, "[cards, more]")
    (root / "shared").mkdir()
    (root / "shared" / "squire.yaml").write_text(HERO.replace("hero", "squire"))
    (root / "more").symlink_to(root / "shared", target_is_directory=True)
    (root / "cards" / "alias.yaml").symlink_to(root / "shared" / "squire.yaml")
    report = validate([root], toy_catalogue())
    assert [d.code for d in report.diagnostics] == ["HF212"]  # the same card, twice
    assert report.cards == 3
