"""The generated reference pages: every registered word, hook, command and schema is on
them, every DSL example checks and compiles against its game, and a word a plugin adds
appears without anyone editing a page."""

from __future__ import annotations

import re
from types import SimpleNamespace

import click
import pytest

from hexforge.core.cli.main import make_cli
from hexforge.core.docgen.build import built_in_host, hook_specs, reference_pages
from hexforge.core.docgen.dslref import entries
from hexforge.core.docgen.pages import EXAMPLE_FENCE
from hexforge.core.errors import Severity
from hexforge.core.rules import EffectContext, Hook, Source, Tier
from hexforge.dsl.api import check_text, compile_text
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.packs_of_game import loaded_vocabulary

HOST = built_in_host()
PAGES = reference_pages(HOST)
GAMES = [game.id for game in HOST.games()]
SOURCE = Source("docs/reference", Tier(1, "character"))


def _examples(page: str) -> list[str]:
    return re.findall(rf"^```{EXAMPLE_FENCE}\n(.*?)\n```", page, re.MULTILINE | re.DOTALL)


def test_both_games_have_a_page() -> None:
    assert {"motu", "nshex"} <= set(GAMES)
    assert {f"dsl-{game}.md" for game in GAMES} <= set(PAGES)


@pytest.mark.parametrize("game", GAMES)
def test_every_example_on_the_page_checks_and_compiles(game: str) -> None:
    vocabulary = loaded_vocabulary(HOST, game)
    examples = _examples(PAGES[f"dsl-{game}.md"])
    assert len(examples) >= 10
    for text in examples:
        errors = [d for d in check_text(text, vocabulary) if d.severity is Severity.ERROR]
        assert errors == [], text
        compile_text(text, vocabulary, SOURCE)


@pytest.mark.parametrize("game", GAMES)
def test_every_word_has_a_row_and_an_example(game: str) -> None:
    """Only an event no trigger phrase names may lack an example: effects cannot spell it."""
    vocabulary = loaded_vocabulary(HOST, game)
    page = PAGES[f"dsl-{game}.md"]
    found = entries(vocabulary)
    named = {t.event for t in vocabulary.triggers}
    for entry in found:
        assert f"### `{entry.signature}`" in page
        if entry.example is None:
            assert entry.family == "events" and entry.signature.split("(")[0] not in named
            assert entry.hook is not None
    expected = (
        len(vocabulary.events) + len(vocabulary.triggers) + len(vocabulary.verbs)
        + len(vocabulary.conditions) + len(vocabulary.nouns) + len(vocabulary.filters)
        + len(vocabulary.pickers) + sum(len(p) for p in vocabulary.properties.values())
        + len(vocabulary.stats) + len(vocabulary.permissions) + len(vocabulary.constants)
        + len(vocabulary.bindings) + len(vocabulary.contexts)
    )  # fmt: skip
    assert len(found) == expected


@pytest.mark.parametrize("game", GAMES)
def test_every_python_hook_example_runs_on_its_events_payload(game: str) -> None:
    vocabulary = loaded_vocabulary(HOST, game)
    blocks = re.findall(r"^```python\n(.*?)\n```", PAGES[f"dsl-{game}.md"], re.M | re.S)
    for code in blocks:
        namespace: dict[str, object] = {"source": SOURCE}
        exec(compile(code, f"dsl-{game}.md", "exec"), namespace)  # the page's own example
        hook = namespace["hook"]
        assert isinstance(hook, Hook)
        fields = [f.name for f in vocabulary.events[hook.event].fields]
        payload = {name: None for name in fields}
        hook.action(EffectContext(None, SOURCE, None, payload))
        for name in fields:  # it reads every field: without one it fails
            partial = {k: v for k, v in payload.items() if k != name}
            with pytest.raises(KeyError):
                hook.action(EffectContext(None, SOURCE, None, partial))


def test_a_word_a_plugin_adds_shows_up_with_a_checked_example() -> None:
    @hookimpl
    def hexforge_dsl_vocabulary(game: str, vocabulary: Vocabulary) -> None:
        if game == "motu":
            vocabulary.verb("taunt {target:character} {turns:int}", lambda ctx, t, n: None)

    from hexforge.plugins.manager import load_plugins

    host = load_plugins(
        [("docs-test", SimpleNamespace(hexforge_dsl_vocabulary=hexforge_dsl_vocabulary))]
    )
    page = reference_pages(host)["dsl-motu.md"]
    assert "### `taunt {target:character} {turns:int}`" in page
    assert "taunt self 1" in _examples(page)


def test_every_hook_is_documented_with_its_signature_and_docstring() -> None:
    page = PAGES["hooks.md"]
    specs = hook_specs()
    assert len(specs) >= 9
    for name, function in specs:
        assert f"## `{name}`" in page
        assert (function.__doc__ or "").strip().splitlines()[0] in page


def _commands(group: click.Group, ctx: click.Context, path: str) -> list[str]:
    found = []
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        assert sub is not None
        found.append(f"{path} {name}")
        if isinstance(sub, click.Group):
            found += _commands(
                sub, click.Context(sub, info_name=name, parent=ctx), f"{path} {name}"
            )
    return found


def test_every_command_and_option_is_in_the_cli_reference() -> None:
    page = PAGES["cli.md"]
    group = make_cli()
    ctx = click.Context(group, info_name="hexforge")
    commands = _commands(group, ctx, "hexforge")
    assert {"hexforge validate", "hexforge test", "hexforge play", "hexforge schema"} <= set(
        commands
    )
    for command in commands:
        assert f"`{command}`" in page
    assert "--no-plugins" in page and "--coverage" in page


def test_every_schema_is_listed_and_written() -> None:
    page = PAGES["schemas.md"]
    names = [name.removeprefix("schemas/") for name in PAGES if name.startswith("schemas/")]
    assert {"pack.schema.json", "motu.cards.schema.json", "nshex.scenario.schema.json"} <= set(
        names
    )
    for name in names:
        assert f"## `{name}`" in page
