"""libyaml and ruamel.yaml give the same documents and diagnostics (issue 24).

:func:`~hexforge.core.packs.yamlio.load_text` reads with libyaml (PyYAML's C extension)
when it is there and falls back to ruamel.yaml's pure parser for anything libyaml reads
otherwise; these tests hold the two paths to identical results on every YAML file of the
repository, on edited copies of them and on the edge cases the fallback exists for.
"""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from hexforge.core.packs import yamlio
from hexforge.core.packs.yamlio import LoadResult, load_text

ROOT = Path(__file__).resolve().parents[2]
EDGES = [
    "",
    "# only a comment\n",
    "a: 1\nb:\nc: [1, 2]\n",  # an empty value
    "- \n- x\n",
    "{a: , b}\n",
    "a: 1 # no line break after the comment",
    "a:\n  b: 1\n  c: 2",
    "name: żółw\nfr: Épée # é\ntext: 'ą\n  ę'\n",
    "a: 'x\n\n  y'\n",
    'a:\n  de: "x y\nz w"\nb: 1\n',  # a continuation line at column 0
    "a: {x: 1,\ny: 2}\n",
    "- [a,\n  b]\n- {c: d,\n   e: f}\n",
    "a: >-#\n  x\n",
    "a: |2-\n    x\nb: |+\n  y\n\nc: >\n  folded\n  text\n",
    "a:\tb\n",
    "a: b\tc\n",
    "\tb: 1\n",
    "a: x\ufeffy\n",
    "a: x\x85y\n",
    "a: x\u2028y\n",
    "a: 1\r\nb: 2\r\n",
    "a: 1\rb: 2\r",
    "%YAML 1.2\n---\na: yes\n",
    "%YAML 1.1\n---\na: no\n",
    "%YAML 1.3\n---\na: 1\n",
    "%YAML 2.0\n---\na: 1\n",
    "%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n",
    "a: &x 1\nb: *x\n",
    "a: !!str 5\nb: !!python/object:os.system x\nc: ! x\n",
    "a: 1\na: 2\n",
    "a: 1\n---\nb: 2\n",
    "[" * 70 + "]" * 70,
    "a: " + "9" * 40 + "\nb: 0x" + "f" * 30 + "\n",
    "a: \x07\n",
    "a: [b, c\n",
    "a: 'open\n",
    "? [a]\n: b\n",
    "{[a]: b}\n",
    "a: b: c\n",
    "key: value\n  bad: indent\n",
]


def _corpus() -> dict[str, str]:
    listed = subprocess.run(
        ["git", "ls-files", "*.yaml", "*.yml"], capture_output=True, text=True, cwd=ROOT
    )
    texts = {}
    for name in listed.stdout.split():
        try:
            texts[name] = (ROOT / name).read_bytes().decode("utf-8").removeprefix("\ufeff")
        except (OSError, UnicodeDecodeError):
            continue
    return texts


def _edited(texts: dict[str, str], rng: random.Random) -> dict[str, str]:
    """Copies with a character inserted, a few deleted or a line dropped: broken YAML."""
    pieces = [":", " ", "\t", "-", "'", '"', "#", "&a ", "*a", "{", "}", "[", "]", "\n", "\r"]
    edited = {}
    for name, text in texts.items():
        for number in range(3):
            at = rng.randrange(len(text) + 1)
            if number == 0:
                edited[f"{name}#{number}"] = text[:at] + rng.choice(pieces) + text[at:]
            elif number == 1:
                edited[f"{name}#{number}"] = text[:at] + text[at + rng.randint(1, 5) :]
            else:
                lines = text.splitlines(keepends=True) or [""]
                drop = rng.randrange(len(lines))
                edited[f"{name}#{number}"] = "".join(lines[:drop] + lines[drop + 1 :])
    return edited


def _same(text: str, name: str) -> None:
    expected = yamlio._load_pure(text, name, yamlio.MAX_DEPTH)
    got = load_text(text, name=name)
    assert repr(got) == repr(expected), name  # repr: a NaN is not equal to itself


needs_libyaml = pytest.mark.skipif(not yamlio.LIBYAML, reason="PyYAML without libyaml")


@needs_libyaml
def test_every_yaml_file_reads_the_same() -> None:
    texts = _corpus()
    assert len(texts) > 100
    for name, text in texts.items():
        _same(text, name)


@needs_libyaml
def test_edited_files_read_the_same() -> None:
    for name, text in _edited(_corpus(), random.Random(24)).items():
        _same(text, name)


@needs_libyaml
@pytest.mark.parametrize("text", EDGES)
def test_edge_cases_read_the_same(text: str) -> None:
    _same(text, "edge.yaml")


@needs_libyaml
def test_a_plain_card_is_read_by_libyaml(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> LoadResult:
        raise AssertionError("read by the pure parser")

    monkeypatch.setattr(yamlio, "_load_pure", refuse)
    card = "id: toy/a\nkind: unit\nname: {en: A}\ntags: [x]\ntext: |\n  line\nhealth: 3\n"
    result = load_text(card, name="card.yaml")
    assert result.ok and result.document is not None
    assert result.document.data["health"] == 3


@pytest.mark.parametrize("text", EDGES[:12])
def test_without_libyaml_the_pure_parser_reads(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    expected = repr(load_text(text, name="f.yaml"))
    monkeypatch.setattr(yamlio, "_CParser", None)
    assert repr(load_text(text, name="f.yaml")) == expected


def test_an_unknown_yaml_version_is_a_coded_error() -> None:
    result = load_text("%YAML 1.3\n---\na: 1\n", name="f.yaml")
    assert result.document is None
    assert [(d.code, d.span.line) for d in result.diagnostics if d.span] == [("HF103", 1)]
