"""Every fenced block of docs/*.md is executed or validated by some test.

tests/docs/fences.py says which test covers which blocks; a block no rule takes, and that
is not one of the few listed illustrations, fails here. Blocks whose check is cheap and
generic are checked in this file: shell lines against the Click commands, effect texts
against the game's vocabulary, ``$schema=`` names against ``hexforge schema``.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import click
import pytest
from ruamel.yaml import YAML

from hexforge.core.cli.main import make_cli
from hexforge.core.docgen.build import built_in_host, reference_pages
from hexforge.core.errors import Severity
from hexforge.dsl.api import check_text
from hexforge.plugins.catalogue import vocabulary_for

from .blocks import DOCS, Block, blocks, pages
from .fences import HERE, ILLUSTRATIONS, RULES, Rule

ROOT = DOCS.parent
ALL = [block for page in pages() for block in blocks(page)]
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def _takes(rule: Rule, block: Block) -> bool:
    return (
        rule.doc == block.doc
        and rule.lang == block.lang
        and block.first.startswith(rule.first)
        and block.before.startswith(rule.marker)
    )


def _here(block: Block) -> bool:
    return any(_takes(rule, block) and rule.test == HERE for rule in RULES)


def test_every_block_is_covered_by_a_test_or_listed_as_an_illustration() -> None:
    loose = [
        f"docs/{b.doc}:{b.line} ```{b.lang}"
        for b in ALL
        if not any(_takes(rule, b) for rule in RULES) and (b.doc, b.lang) not in ILLUSTRATIONS
    ]
    assert loose == [], "add a test for these blocks and a rule in tests/docs/fences.py"


def test_the_pages_have_many_blocks() -> None:
    assert len(ALL) >= 100


@pytest.mark.parametrize("rule", RULES, ids=lambda r: f"{r.doc}-{r.lang}-{r.first or r.marker}")
def test_every_rule_names_an_existing_test_that_reads_the_page(rule: Rule) -> None:
    path, _, function = rule.test.partition("::")
    text = (ROOT / path).read_text(encoding="utf-8")
    assert rule.doc in text or path == HERE
    if function:
        assert re.search(rf"^def {function}\(", text, re.MULTILINE), rule.test
    assert any(_takes(rule, b) for b in ALL), f"{rule} takes no block: remove it"


def test_illustrations_stay_few_and_exist() -> None:
    assert len(ILLUSTRATIONS) <= 8
    for doc, lang in ILLUSTRATIONS:
        assert any(b.doc == doc and b.lang == lang for b in ALL), (doc, lang)


# ---- the checks of this file -----------------------------------------------------------


def _command_lines(text: str) -> list[str]:
    found = []
    for raw in text.splitlines():
        line = raw.strip().removeprefix("$ ").strip()
        if line.startswith("hexforge ") or line == "hexforge":
            found.append(line.split("  #")[0].split(" # ")[0])
    return found


def _resolve(words: list[str]) -> list[click.Command]:
    """The group and each subcommand the words name, in order."""
    group = make_cli()
    chain: list[click.Command] = [group]
    ctx = click.Context(group, info_name="hexforge")
    command: click.Command = group
    for word in words:
        if not isinstance(command, click.Group) or word.startswith("-"):
            continue
        sub = command.get_command(ctx, word)
        if sub is None:
            continue
        chain.append(sub)
        ctx = click.Context(sub, info_name=word, parent=ctx)
        command = sub
    return chain


def _check_command_line(line: str) -> None:
    words = shlex.split(line.replace("[", " ").replace("]", " ").replace("|", " "))
    chain = _resolve(words[1:])
    known = {opt for command in chain for p in command.params for opt in p.opts + p.secondary_opts}
    known |= {"--help", "-h", "--version"}
    unknown = [o for o in _OPTION.findall(line) if o not in known]
    assert unknown == [], f"{line!r}: {unknown} are no options of {chain[-1].name}"
    if len(words) > 1 and re.fullmatch(r"[a-z]+", words[1]):
        assert len(chain) > 1, f"{line!r}: {words[1]!r} is no hexforge command"


SHELL = [b for b in ALL if b.lang in ("sh", "console") and _here(b)]


@pytest.mark.parametrize("block", SHELL, ids=lambda b: f"{b.doc}:{b.line}")
def test_shell_lines_name_real_commands_and_options(block: Block) -> None:
    lines = _command_lines(block.body)
    assert lines, "a shell block of the docs shows at least one hexforge command"
    for line in lines:
        _check_command_line(line)


def test_the_ci_snippet_is_yaml_and_its_commands_exist() -> None:
    (block,) = [b for b in ALL if b.doc == "content.md" and b.first.startswith("- run:")]
    steps = YAML(typ="safe").load(block.body)
    runs = [line for step in steps for line in str(step["run"]).splitlines()]
    commands = [line for line in runs if line.startswith("hexforge ")]
    assert commands
    for line in commands:
        _check_command_line(line)


def test_every_schema_name_in_the_docs_is_one_hexforge_schema_writes() -> None:
    written = {
        Path(name).name for name in reference_pages(built_in_host()) if name.startswith("schemas/")
    }
    named = {
        match
        for page in pages()
        for match in re.findall(r"\$schema=\S*?([\w.-]+\.schema\.json)", page.read_text())
    }
    toy = {"toy.cards.schema.json", "skirmish.scenario.schema.json"}  # the pages' toy games
    assert named - toy <= written
    assert "pack.schema.json" in named


def test_the_nshex_effect_texts_check_against_the_nshex_vocabulary() -> None:
    (block,) = [b for b in ALL if b.doc == "nshex.md" and b.first.startswith("melee of allies")]
    vocabulary = vocabulary_for(built_in_host(), "nshex")
    errors = [d for d in check_text(block.body, vocabulary) if d.severity is Severity.ERROR]
    assert errors == []


def test_the_entry_point_example_is_the_group_hexforge_loads() -> None:
    (block,) = [b for b in ALL if b.doc == "plugins.md" and b.lang == "toml"]
    example = tomllib.loads(block.body)
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert set(example["project"]["entry-points"]) <= set(shipped["project"]["entry-points"])


@pytest.mark.parametrize(
    "line",
    ["hexforge validate --bogus my-pack", "hexforge frobnicate", "hexforge test --coverge"],
)
def test_a_wrong_command_or_option_in_a_shell_block_fails(line: str) -> None:
    with pytest.raises(AssertionError):
        _check_command_line(line)
