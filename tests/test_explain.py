"""``hexforge explain``, the explanations SARIF and JSON reports carry, and validate's
progress bar (issue 27).

The text is docs/errors.md, shipped in the package: core/cli/errors.md is a link to it
that the build copies as a file (.ci/run checks the installed wheel's copy).
"""

from __future__ import annotations

import io
import json
import re
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from hexforge.core.cli.explain_cmd import explanations, sarif_help
from hexforge.core.cli.main import make_cli
from hexforge.core.cli.validate_cmd import progress_bar
from hexforge.core.codes import catalogue
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.report import render_sarif
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.plugin_codes import CodeDoc
from tests.packs.toy import FIXTURES, ToyPlugin
from tests.test_packaging import _import_everything

ROOT = Path(__file__).resolve().parent.parent
ERRORS = ROOT / "docs" / "errors.md"


def explain(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), ["explain", *args])


@pytest.mark.parametrize("code", ["HF311", "hf311", "311", " HF311 "])
def test_explain_prints_the_row_of_errors_md(code: str) -> None:
    result = explain(code)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "HF311: a statement that matches no verb of the game",
        'what to do: see the "did you mean" hint and the game\'s verb list',
        "more: https://github.com/hexforge/hexforge/blob/main/docs/errors.md#hf311",
    ]


def test_links_are_written_as_paths() -> None:
    result = explain("HF003")
    assert "choose a writable path (docs/cli.md#output-files)" in result.output


@pytest.mark.parametrize(
    ("code", "hint"),
    [("HF31", "did you mean HF341, HF331, HF321?"), ("bogus", "codes look like HF311")],
)
def test_an_unknown_code_is_hf059_a_usage_error_with_a_hint(code: str, hint: str) -> None:
    result = explain(code)
    assert result.exit_code == 2
    assert f"error HF059: '{code}' is not a diagnostic code of hexforge or its plugins" in (
        result.output
    )
    assert hint in result.output


class _Coded:
    """A plugin with errors of its own (hook ``hexforge_diagnostic_codes``)."""

    @hookimpl
    def hexforge_diagnostic_codes(self) -> list[CodeDoc]:
        return [CodeDoc("HXP001", "a lineup of the wrong length", "give one pawn a column")]


def test_explain_knows_the_codes_plugins_declare() -> None:
    """A plugin's own code is explained as hexforge's are, naming the plugin; a near miss
    is suggested among them (docs/plugins.md, hexforge_diagnostic_codes)."""
    cli = make_cli([("coded", _Coded())])
    result = CliRunner().invoke(cli, ["explain", "hxp001"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "HXP001: a lineup of the wrong length",
        "what to do: give one pawn a column",
        "declared by the plugin 'coded'",
    ]
    missed = CliRunner().invoke(cli, ["explain", "HXP002"])
    assert missed.exit_code == 2 and "did you mean HXP001" in missed.output


def test_sarif_carries_a_plugin_codes_title_and_help() -> None:
    """A plugin's code in a SARIF log has its title and help from the plugin's declaration,
    naming the plugin, and no link into hexforge's errors page; hexforge's codes keep
    theirs."""
    titles, texts = sarif_help(load_plugins([("coded", _Coded())], autoload=False))
    found = [Diagnostic("HXP001", "a lineup of 1 pawn"), Diagnostic("HF202", "unknown field")]
    log = json.loads(render_sarif(found, tool_version="1", rules=titles, help_texts=texts))
    plugin_rule, own_rule = sorted(
        log["runs"][0]["tool"]["driver"]["rules"], key=lambda rule: rule["id"], reverse=True
    )
    assert plugin_rule == {
        "id": "HXP001",
        "shortDescription": {"text": "a lineup of the wrong length"},
        "help": {
            "text": "HXP001: a lineup of the wrong length\nwhat to do: give one pawn a column"
            "\ndeclared by the plugin 'coded'"
        },
    }
    assert own_rule["helpUri"].endswith("/docs/errors.md#hf202")
    assert own_rule["help"]["text"] == explanations()["HF202"].text()


@pytest.mark.parametrize("code", ["HF999", "hxp001", "X001", "HXP01"])
def test_a_plugin_code_of_hexforges_form_or_malformed_is_hf607(code: str) -> None:
    with pytest.raises(HexforgeError) as raised:
        CodeDoc(code, "meaning", "action")
    assert raised.value.diagnostics[0].code == "HF607"


def test_the_shipped_text_is_docs_errors_md() -> None:
    link = ROOT / "core" / "cli" / "errors.md"
    assert link.is_symlink() and link.resolve() == ERRORS.resolve()
    shipped = files("hexforge.core.cli").joinpath("errors.md").read_text(encoding="utf-8")
    assert shipped == ERRORS.read_text(encoding="utf-8")


def test_every_code_is_explained_and_every_row_has_its_anchor() -> None:
    _import_everything()
    assert sorted(set(catalogue()) - set(explanations())) == []
    lines = ERRORS.read_text(encoding="utf-8").splitlines()
    rows = [line for line in lines if re.match(r"\| (<a id=\"hf\d{3}\"></a>)?HF\d{3} \|", line)]
    loose = [row[:40] for row in rows if not re.match(r'\| <a id="(hf\d{3})"></a>HF\d{3}', row)]
    assert loose == [], 'write a row as | <a id="hf123"></a>HF123 | meaning | what to do |'


def validate(*args: str) -> Result:
    return CliRunner().invoke(make_cli([("toy", ToyPlugin())]), ["validate", *args])


def test_sarif_rules_link_their_row_and_carry_the_explanation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path))
    log = json.loads(
        validate("--format", "sarif", str(FIXTURES / "bad" / "HF202-unknown-field")).output
    )
    (rule,) = log["runs"][0]["tool"]["driver"]["rules"]
    assert rule["helpUri"].endswith("/docs/errors.md#hf202")
    assert rule["help"]["text"] == explanations()["HF202"].text()


def test_json_names_the_tool_and_counts_what_was_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path))
    report = json.loads(validate("--format", "json", str(FIXTURES / "good")).output)
    assert report["tool"]["name"] == "hexforge" and report["tool"]["version"]
    counts = {k: report[k] for k in ("errors", "warnings", "packs", "files", "cards")}
    assert counts == {"errors": 0, "warnings": 0, "packs": 2, "files": 7, "cards": 6}


def test_validate_draws_a_progress_bar_only_on_a_terminal() -> None:
    terminal = Console(file=io.StringIO(), force_terminal=True, width=80)
    with progress_bar(terminal, True) as progress:
        assert progress is not None
        progress(3, 10)
    assert "validating card files" in terminal.file.getvalue()  # type: ignore[attr-defined]
    piped = Console(file=io.StringIO(), force_terminal=False)
    for console, wanted in ((piped, True), (terminal, False)):
        with progress_bar(console, wanted) as progress:
            assert progress is None
