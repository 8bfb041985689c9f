"""``hexforge validate`` reports broken plugins by name, exits 1, and still validates the
packs of every other plugin (issue 11: a broken expansion does not stop the rest)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.markers import hookimpl
from tests.packs.toy import FIXTURES, ToyPlugin, _nothing

GOOD = str(FIXTURES / "good")
SUMMARY = "in 7 files (2 packs, 6 cards)"
"""The good fixtures' summary: every toy pack was still validated."""


class Crashing:
    """An expansion whose content hook raises (HF603)."""

    @hookimpl
    def hexforge_content_packs(self) -> list[Path]:
        raise RuntimeError("pack folder missing from the wheel")


class Misnamed:
    """An expansion implementing a hook that does not exist (HF602)."""

    @hookimpl
    def hexforge_content_pack(self) -> list[Path]:
        return []


class SameVerb:
    """Two of these declare one verb for one game (HF605)."""

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if game == "toy":
            vocabulary.verb("glow {n:int} times", _nothing)


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


def _validate(extra: list[tuple[str, object]], *args: str) -> Result:
    cli = make_cli([("toy", ToyPlugin()), *extra])
    return CliRunner().invoke(cli, ["validate", *args])


def test_a_plugin_whose_hook_raises_is_named_and_the_rest_validates() -> None:
    result = _validate([("crashing", Crashing())], GOOD)
    assert result.exit_code == 1, result.output
    assert "HF603" in result.output and "plugin 'crashing' failed" in result.output
    assert "pack folder missing from the wheel" in result.output
    assert f"1 error, 0 warnings {SUMMARY}" in result.output


def test_a_bad_hook_implementation_is_named() -> None:
    result = _validate([("misnamed", Misnamed())], GOOD)
    assert result.exit_code == 1, result.output
    assert "HF602" in result.output and "'misnamed'" in result.output
    assert SUMMARY in result.output


def test_two_plugins_declaring_one_verb_are_a_conflict() -> None:
    result = _validate([("glow-a", SameVerb()), ("glow-b", SameVerb())], "--format=json", GOOD)
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)["diagnostics"]
    assert [d["code"] for d in found] == ["HF605"]
    assert "glow-a" in found[0]["message"] and "glow-b" in found[0]["message"]


def test_an_unknown_plugin_name_is_an_error_of_the_run() -> None:
    cli = make_cli([("toy", ToyPlugin())])
    result = CliRunner().invoke(
        cli, ["--plugins", "no-such-plugin", "validate", "--format=json", GOOD]
    )
    assert result.exit_code == 1
    assert "HF604" in [d["code"] for d in json.loads(result.stdout)["diagnostics"]]


def test_without_plugin_problems_the_run_is_clean() -> None:
    result = _validate([], GOOD)
    assert result.exit_code == 0, result.output
    assert f"0 errors, 0 warnings {SUMMARY}" in result.output


def test_a_load_problem_is_shown_once_and_every_format_carries_it() -> None:
    """The text report names a plugin's load problem once (the group's stderr notice is
    left to validate); JSON and SARIF carry it on stdout, and people still see it on stderr."""
    text = _validate([("misnamed", Misnamed())], GOOD)
    assert text.exit_code == 1
    assert text.output.count("plugin 'misnamed' implements") == 1, text.output
    assert text.stderr == ""
    for fmt in ("json", "sarif"):
        result = _validate([("misnamed", Misnamed())], f"--format={fmt}", GOOD)
        assert result.exit_code == 1
        assert "HF602" in result.stdout and "'misnamed'" in result.stdout
        assert result.stderr.count("plugin 'misnamed' implements") == 1


def test_other_commands_still_print_load_problems_on_stderr() -> None:
    cli = make_cli([("toy", ToyPlugin()), ("misnamed", Misnamed())])
    result = CliRunner().invoke(cli, ["cards"])
    assert result.stderr.count("plugin 'misnamed' implements") == 1
