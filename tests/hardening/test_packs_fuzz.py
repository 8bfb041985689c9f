"""Issue 20: the pack loader and the effect checker answer anything with diagnostics.

Hypothesis feeds them what the issue's items were made of - huge and odd numbers (4,301+
digits, ``0x``/``0o`` literals, signs, leading zeros), escaping paths, ``requires``
cycles, walls of broken cards (FIFOs are in test_packs_bounds.py, in a process of their
own: a regression there would block, not fail) - and checks that the only outcome is a
:class:`HexforgeError` or a list of diagnostics, each with a code, never another
exception. Kept fast (a few seconds) with modest example counts.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.compiler import compile_file
from hexforge.core.packs.validate import validate
from hexforge.core.packs.yamlio import load_bytes
from hexforge.dsl.api import check_text, parse_text
from hexforge.plugins.motu.vocabulary import motu_vocabulary
from tests.dsl.toy import toy_vocabulary
from tests.packs.toy import toy_catalogue

CODE = re.compile(r"HF\d{3}")
CATALOGUE = toy_catalogue()
GAME = CATALOGUE.games["toy"]
VOCABULARIES = (toy_vocabulary(), motu_vocabulary())
FAST = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70).map(str),
    st.integers(0, 1000),
    st.sampled_from(["9" * 4300, "9" * 4301, "1" * 20_000, "-" + "9" * 5000, "0" * 5000 + "7"]),
    st.sampled_from(["0x" + "f" * 4000, "0x7fffffffffffffff", "0x8000000000000000"]),
    st.sampled_from(["0o" + "7" * 30, "0o777777777777777777777", "+12", "-0", "007"]),
    st.sampled_from(["1e99999", "1" * 5000 + ".5", ".inf", ".nan", "1_000"]),
).map(str)


def _coded(diagnostics: tuple[Diagnostic, ...] | list[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        assert CODE.fullmatch(diagnostic.code), diagnostic
        assert diagnostic.message, diagnostic


@st.composite
def _card_file(draw: st.DrawFn) -> bytes:
    """A unit card (or a list of them) whose numbers and texts are drawn."""
    cards = []
    for index in range(draw(st.integers(1, 3))):
        health, speed, strength = draw(NUMBERS), draw(NUMBERS), draw(NUMBERS)
        effect = draw(_EFFECTS).replace('"', "'").replace("\n", " ")
        cards.append(
            f"- id: base/u{index}\n  kind: unit\n  name: {{en: U}}\n  provenance: invented\n"
            f"  stats: {{health: {health}, speed: {speed}, strength: {strength}}}\n"
            f'  effects: ["{effect}"]\n'
        )
    return "".join(cards).encode()


_WORDS = st.sampled_from(
    [
        "gain",
        "mana",
        "ap",
        "deal",
        "wound",
        "to",
        "target",
        "speed",
        "dice",
        "score",
        "vp",
        "push",
        "hexes",
        "+",
        "-",
        "=",
        "*",
        "(",
        ")",
        ":",
        "upon",
        "activation",
        "self",
        "within",
        "inches",
        "of",
        "enemies",
        "reach",
        "while",
        "attacking",
        "test",
        "1+:",
    ]
)
_EFFECTS = st.lists(st.one_of(_WORDS, NUMBERS), min_size=1, max_size=12).map(" ".join)


@FAST
@given(_EFFECTS, st.sampled_from([None, "glory.mission", "fate.ability"]))
def test_the_effect_checker_answers_any_numbers_with_coded_diagnostics(
    text: str, place: str | None
) -> None:
    for vocabulary in VOCABULARIES:
        _coded(check_text(text, vocabulary, place=place))
    try:
        parse_text(text)
    except HexforgeError as exc:
        _coded(exc.diagnostics)


@FAST
@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d"]), NUMBERS), max_size=6))
def test_the_yaml_loader_answers_any_numbers_with_coded_diagnostics(
    pairs: list[tuple[str, str]],
) -> None:
    text = "".join(f"{key}{i}: {value}\n" for i, (key, value) in enumerate(pairs))
    result = load_bytes(text.encode())
    _coded(result.diagnostics)
    if result.document is not None and not result.diagnostics:
        for value in (result.document.data or {}).values():
            assert not isinstance(value, int) or abs(value) < 2**63


@FAST
@given(_card_file())
def test_card_files_with_any_numbers_compile_to_coded_diagnostics(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.yaml"
        path.write_bytes(content)
        result = compile_file(path, "cards.yaml", "base", GAME)
    _coded(result.diagnostics)
    assert len(result.diagnostics) <= 26  # 25 and the count of the rest


_FOLDERS = st.sampled_from(
    [
        "cards",
        ".",
        "..",
        "../x",
        "/etc",
        "/",
        "cards/../..",
        "a\\..\\..",
        "C:/x",
        "missing",
        "link-out",
        "link-in",
        "",
        "~",
        "cards/./sub",
    ]
)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(_FOLDERS, max_size=4),
    st.dictionaries(st.sampled_from(["a", "b", "c"]), st.sampled_from(["a", "b", "c"]), max_size=3),
    st.sampled_from(["1.0.0", "1.0." + "9" * 4301, "9" * 10, "1.2.3"]),
)
def test_packs_with_any_paths_requires_and_versions_validate_to_diagnostics(
    folders: list[str], requires: dict[str, str], version: str
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        (base / "outside").mkdir()
        (base / "outside" / "x.yaml").write_text("id: a/x\nkind: unit\n")
        roots = []
        for pack in ("a", "b", "c"):
            root = base / pack
            (root / "cards").mkdir(parents=True)
            (root / "cards" / "u.yaml").write_text(
                f"id: {pack}/u\nkind: unit\nname: {{en: U}}\nprovenance: invented\n"
                "stats: {health: 3, speed: 4}\n"
            )
            if hasattr(os, "symlink"):
                (root / "link-out").symlink_to(base / "outside", target_is_directory=True)
                (root / "link-in").symlink_to(root / "cards", target_is_directory=True)
            listed = ", ".join(f"'{f}'" for f in folders)
            needs = ", ".join(f"{k}: '*'" for k, v in requires.items() if v == pack)
            (root / "pack.yaml").write_text(
                f"id: {pack}\nname: {{en: P}}\nversion: '{version}'\ngame: toy\n"
                + (f"cards: [{listed}]\n" if folders else "")
                + (f"requires: {{{needs}}}\n" if needs else "")
            )
            roots.append(root)
        report = validate(roots, CATALOGUE)
    _coded(report.diagnostics)
