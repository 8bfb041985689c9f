"""What each plugin registers (``hexforge plugins --verbose``), conflicts between
expansions, and broken expansions reported by name while the rest still works (issue 11)."""

from __future__ import annotations

import json
import re
import shutil
from importlib.metadata import EntryPoint
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from hexforge.core import codes
from hexforge.core.agents import AgentSpec
from hexforge.core.cli.main import make_cli
from hexforge.core.engine import FirstLegalAgent
from hexforge.core.packs.catalogue import CardKind
from hexforge.core.rules import EffectContext
from hexforge.dsl import codes as dsl_codes
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins import manager as manager_module
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.motu.cards import Token
from hexforge.plugins.plugin_codes import REGISTRATION_CONFLICT
from hexforge.plugins.survey import survey
from tests.plugins import fake_expansion

FIXTURES = Path(__file__).parent / "fixtures"


class Rival:
    """A second expansion declaring the same verb as fake_expansion."""

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if game == "motu":
            vocabulary.verb("sprout on {target:character}", self.grow)

    @staticmethod
    def grow(ctx: EffectContext, target: str) -> None:
        ctx.game.set_prop(target, "grown", True)


class Broken:
    """An expansion whose hook raises."""

    @hookimpl
    def hexforge_content_packs(self) -> list[Path]:
        raise RuntimeError("the pack folder went missing")


def _invoke(*args: str, extra: list[tuple[str, object]]) -> tuple[int, str]:
    result = CliRunner().invoke(make_cli(extra), list(args), terminal_width=200)
    return result.exit_code, result.output


def _json_and_errors(*args: str, extra: list[tuple[str, object]]) -> tuple[int, str, str]:
    result = CliRunner().invoke(make_cli(extra), list(args), terminal_width=200)
    return result.exit_code, result.stdout, result.stderr


def test_the_survey_tells_each_plugins_registrations_apart() -> None:
    found = survey(load_plugins([("sprout", fake_expansion)]))
    assert found.problems == []
    sprout = found.by_plugin["sprout"]
    assert sprout.verbs == ["motu: sprout on {target:character}"]
    assert sprout.games == [] and sprout.pack_folders == [fake_expansion.PACK]
    motu = found.by_plugin["motu"]
    assert "motu/character" in motu.kinds and "motu" in motu.drivers
    assert "motu: knocked_out" in motu.events and "motu: test" in motu.procedures
    assert "motu: sprout on {target:character}" not in motu.verbs


def test_plugins_verbose_lists_packs_verbs_and_replaces() -> None:
    code, out = _invoke("plugins", "--verbose", extra=[("sprout", fake_expansion)])
    assert code == 0, out
    assert "sprout 1.2.0" in out
    assert "verbs: motu: sprout on {target:character}" in out
    assert "replaces: sprout/ram-man replaces motu/ram-man" in out
    assert "kinds: motu/character" in out and "drivers: motu" in out
    assert "agents: motu: heuristic, motu: human" in out
    assert "invariants: motu: mana in range" in out and "renderers: motu" in out
    assert "actions: motu: end, motu: focus, motu: move" in out  # hook hexforge_actions
    assert "actions: nshex: takeover, nshex: transporter" in out


def test_plugins_json_has_every_registration() -> None:
    extra: list[tuple[str, object]] = [("sprout", fake_expansion)]
    code, out = _invoke("plugins", "--verbose", "--format", "json", extra=extra)
    assert code == 0, out
    rows = {row["name"]: row for row in json.loads(out)["plugins"]}
    assert rows["sprout"]["replaces"] == ["sprout/ram-man replaces motu/ram-man"]
    assert rows["sprout"]["packs"] == ["sprout 1.2.0"]
    assert rows["motu"]["distribution"] == "hexforge"


def test_two_expansions_declaring_one_verb_are_reported_naming_both() -> None:
    """Which implementation a card gets must not depend on install order."""
    code, out = _invoke("plugins", extra=[("sprout", fake_expansion), ("rival", Rival())])
    assert code == 1
    assert REGISTRATION_CONFLICT in out
    assert "plugins 'sprout' and 'rival' both declare the verb 'sprout on" in out


def test_a_hook_that_raises_names_its_plugin_and_the_rest_is_listed() -> None:
    code, out = _invoke("plugins", extra=[("broken", Broken()), ("sprout", fake_expansion)])
    assert code == 1
    assert "plugin 'broken' failed in hexforge_content_packs: RuntimeError" in out
    assert "sprout 1.2.0" in out


def test_broken_expansions_do_not_stop_validation_of_the_rest(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An import error, a bad hookimpl and invalid content: each named, the rest checked."""
    real = list(manager_module._entry_points())
    missing = EntryPoint(name="gone", value="hexforge_gone_expansion", group="hexforge")
    monkeypatch.setattr(manager_module, "_entry_points", lambda: [*real, missing])

    class BadHook:
        @hookimpl
        def hexforge_content_pack(self) -> list[Path]:
            return []

    bad_pack = tmp_path / "weeds"
    (bad_pack / "cards").mkdir(parents=True)
    (bad_pack / "pack.yaml").write_text(
        "id: weeds\nname: {en: Weeds}\nversion: 1.0.0\ngame: motu\nrequires: {motu: '>=9'}\n"
    )
    (bad_pack / "cards" / "c.yaml").write_text(
        "- {id: weeds/x, kind: character, name: {en: X}, provenance: invented}\n"
    )

    class BadContent:
        @hookimpl
        def hexforge_content_packs(self) -> list[Path]:
            return [bad_pack]

    extra = [("typo", BadHook()), ("weeds", BadContent()), ("sprout", fake_expansion)]
    code, out, err = _json_and_errors("validate", "--no-cache", "--format", "json", extra=extra)
    assert code == 1
    assert f"{codes.PLUGIN_IMPORT_FAILED}: plugin 'gone'" in err and "ModuleNotFoundError" in err
    assert f"{codes.PLUGIN_UNKNOWN_HOOK}: plugin 'typo' implements 'hexforge_content_pack'" in err
    found = json.loads(out)["diagnostics"]
    by_code = {d["code"]: d for d in found}
    version = by_code["HF223"]
    assert "pack 'weeds' requires 'motu' >=9" in version["message"]
    assert version["file"].endswith("weeds/pack.yaml")
    assert by_code["HF201"]["file"].endswith("weeds/cards/c.yaml")
    assert all(d["file"].startswith(str(bad_pack)) for d in found if d["file"])
    code, out = _invoke("validate", "--no-cache", extra=extra)
    counted = re.search(r"in \d+ files \((\d+) packs", out)
    assert code == 1 and counted is not None and int(counted.group(1)) >= 4, out


def test_a_working_copy_of_an_installed_pack_stands_in_for_it(tmp_path: Path) -> None:
    """A modder validates the source of an installed expansion: not a duplicate (HF221),
    and the copy's own problems are the ones reported."""
    copy = tmp_path / "sprout"
    shutil.copytree(fake_expansion.PACK, copy)
    extra: list[tuple[str, object]] = [("sprout", fake_expansion)]
    code, out = _invoke("validate", "--no-cache", str(copy), extra=extra)
    assert code == 0, out
    cards = copy / "cards" / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 17", "cost: -1"))
    code, out = _invoke("validate", "--no-cache", str(copy), extra=extra)
    assert code == 1 and "HF221" not in out and "cards.yaml:8" in out


class BadWords:
    """An expansion whose vocabulary hook fails for motu."""

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if game == "motu":
            vocabulary.verb("wilt {target:plant}", Rival.grow)


def test_a_failing_vocabulary_hook_is_named_and_later_plugins_still_listed() -> None:
    found = survey(load_plugins([("bad-words", BadWords()), ("sprout", fake_expansion)]))
    (problem,) = found.problems
    assert problem.code == dsl_codes.BAD_DECLARATION  # the vocabulary's own code, kept
    assert "plugin 'bad-words' failed in hexforge_dsl_vocabulary" in problem.message
    assert found.by_plugin["sprout"].verbs == ["motu: sprout on {target:character}"]


def test_two_plugins_registering_one_command_or_kind_are_reported() -> None:
    class Roster:
        @hookimpl
        def hexforge_cli_commands(self) -> list[click.Command]:
            return [click.Command("roster")]

    class MotuKinds:
        @hookimpl
        def hexforge_card_kinds(self) -> list[CardKind]:
            return [CardKind("motu", "buff", Token)]

    class Heuristic:
        """A second motu 'heuristic': which one --p1 heuristic plays must not be load order."""

        @hookimpl
        def hexforge_agents(self) -> list[AgentSpec]:
            return [AgentSpec("motu", "heuristic", "mine", lambda _: FirstLegalAgent())]

    extra = [("a", Roster()), ("b", Roster()), ("c", MotuKinds()), ("d", Heuristic())]
    found = survey(load_plugins(extra))
    messages = sorted(p.message for p in found.problems)
    assert messages == [
        "plugins 'a' and 'b' both register the command 'roster'",
        "plugins 'motu' and 'c' both register the kind 'motu/buff'",
        "plugins 'motu' and 'd' both register the agent 'motu: heuristic'",
    ]
    assert {p.code for p in found.problems} == {REGISTRATION_CONFLICT}


def test_plugins_checks_requires_and_replacements_between_installed_packs(
    tmp_path: Path,
) -> None:
    """At load, not only in validate: a pack needing a newer base game, and a second pack
    replacing the same card, are reported naming both sides."""
    rival = tmp_path / "rival"
    shutil.copytree(fake_expansion.PACK, rival)
    manifest = rival / "pack.yaml"
    manifest.write_text(
        manifest.read_text().replace("sprout", "rival").replace('">=0.1, <1"', '">=2"')
    )
    cards = rival / "cards" / "cards.yaml"
    cards.write_text(cards.read_text().replace("sprout/", "rival/"))

    class RivalPack:
        @hookimpl
        def hexforge_content_packs(self) -> list[Path]:
            return [rival]

    extra: list[tuple[str, object]] = [("sprout", fake_expansion), ("rival", RivalPack())]
    code, out = _invoke("plugins", extra=extra)
    flat = " ".join(out.split())
    assert code == 1
    assert "pack 'rival' requires 'motu' >=2, but the installed 'motu' is version" in flat
    assert "HF216" in flat and "'motu/ram-man' is already replaced by" in flat
