"""tools/mutate_rules.py, the rules' mutation testing (issue 23; docs/mutation.md)."""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from hexforge.core.errors import HexforgeError
from tools import mutate_rules
from tools.mutants import Mutant, mutants_of, sample
from tools.mutate_rules import Outcome, load_config

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "mutation.md").read_text(encoding="utf-8")

SOURCE = b'''"""A module."""
LIMIT = 3


def watching(a, b, c):
    if a and b and not c:
        return a < b
    tally(a)
    tally(b)
    raise ValueError(f"no {a}" + "x")


def fallback(owner):
    return owner or ""
'''


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", PAGE, re.DOTALL)


def test_every_kind_of_mutant_is_made_and_each_compiles() -> None:
    found = mutants_of("m.py", SOURCE)
    kinds = {m.id.split("/")[1] for m in found}
    assert kinds == {"negate", "boolean", "drop", "not", "compare", "constant", "remove", "swap"}
    for mutant in found:
        compile(mutant.apply(SOURCE), "m.py", "exec")
    drops = [m.after for m in found if "/drop/" in m.id]
    assert "(b and (not c))" in drops and "(a and b)" in drops
    assert not any(m.id.startswith("fallback/") for m in found)  # `owner or ""`
    raises = [m for m in found if "raise" in m.before]
    assert [m.after for m in raises] == ["pass"]  # removed whole, its message left alone
    assert next(m for m in found if m.id.startswith("<module>/")).lines is None


def test_ids_are_unique_and_survive_an_edit_elsewhere() -> None:
    ids = [m.id for m in mutants_of("m.py", SOURCE)]
    assert len(ids) == len(set(ids))
    edited = SOURCE.replace(b"LIMIT = 3\n", b"LIMIT = 3\n\n\ndef other(x):\n    return x > 1\n")
    again = {m.id for m in mutants_of("m.py", edited)}
    assert set(ids) <= again


def test_a_sample_is_capped_stable_and_in_source_order() -> None:
    found = mutants_of("m.py", SOURCE)
    chosen = sample(found, 4)
    assert len(chosen) == 4 and chosen == sample(list(reversed(found)), 4)
    assert [m.line for m in chosen] == sorted(m.line for m in chosen)
    assert sample(found, None) == found


def test_the_configuration_loads_and_declares_only_configured_modules() -> None:
    config = load_config(ROOT / "docs" / "mutation.yaml")
    assert any(m.startswith("plugins/motu/") for m in config.caps)
    assert any(m.startswith("plugins/nshex/") for m in config.caps)
    for module, _ in config.declared:
        assert module in config.caps
    for module in config.caps:
        assert mutate_rules.tests_of(module, config), module


@pytest.mark.parametrize(
    "text",
    [
        "modules: [a]\n",
        "modules:\n  plugins/motu/nowhere.py: {cap: 3}\n",
        "modules:\n  plugins/motu/mana.py: {cap: many}\n",
        "modules:\n  plugins/motu/mana.py: {}\nsurvivors:\n  - {module: x, id: y, reason: ''}\n",
        "modules: {\n",
    ],
)
def test_malformed_configuration_is_hf954(tmp_path: Path, text: str) -> None:
    (tmp_path / "mutation.yaml").write_text(text)
    with pytest.raises(HexforgeError) as caught:
        load_config(tmp_path / "mutation.yaml")
    assert {d.code for d in caught.value.diagnostics} == {"HF954"}


def test_the_documented_configuration_loads(tmp_path: Path) -> None:
    (block,) = _blocks("yaml")
    (tmp_path / "mutation.yaml").write_text(block)
    config = load_config(tmp_path / "mutation.yaml")
    assert config.caps["plugins/motu/rounds.py"] == 16
    assert config.extra_tests["plugins/motu/rounds.py"] == ("tests/motu/test_rounds.py",)
    assert ("plugins/motu/moving.py", "watching/drop/fe64cbdf") in config.declared


def test_the_documented_commands_parse() -> None:
    (block,) = _blocks("sh")
    lines = [line.split("  #")[0] for line in block.splitlines() if line.strip()]
    assert lines
    for line in lines:
        words = shlex.split(line)
        assert words[:2] == ["python", "tools/mutate_rules.py"]
        args = mutate_rules._parser().parse_args(words[2:])
        assert all((ROOT / m).is_file() for m in args.modules)


def test_the_documented_output_is_what_a_run_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (sample_output,) = _blocks("text")

    def mutant(
        module: str, mutant_id: str, line: int, before: str = "x", after: str = "y"
    ) -> Mutant:
        return Mutant(module, mutant_id, line, (line, line), before, after, ())

    moving, rounds = "plugins/motu/moving.py", "plugins/motu/rounds.py"
    kept = mutant(moving, "watching/drop/fe64cbdf", 234)
    swapped = mutant(rounds, "clean_up/swap/1a2b3c4d", 296, "clear_tokens(engine)", "(swapped)")
    outcomes = [Outcome(mutant(moving, f"f/compare/{i}", i), True, "t.py") for i in range(15)]
    outcomes += [Outcome(kept, False, "")]
    outcomes += [Outcome(mutant(rounds, f"g/compare/{i}", i), True, "t.py") for i in range(15)]
    outcomes += [Outcome(swapped, False, "")]
    plan: mutate_rules.Plan = {moving: ([o.mutant for o in outcomes[:16]], [], 231)}
    plan[rounds] = ([o.mutant for o in outcomes[16:]], [], 217)
    config = mutate_rules.Config({}, {}, {(moving, kept.id): "equivalent"})
    args = argparse.Namespace(all=False, match="", report=None, jobs=2)
    code = mutate_rules._print(plan, outcomes, config, args, 61.0, 118.4)
    assert code == 1
    assert capsys.readouterr().out == sample_output


def test_a_mutant_runs_only_the_tests_that_reach_its_statement() -> None:
    trace: mutate_rules.Trace = {
        "tests/motu/a.scenario.yaml::a": {"seconds": 0.1, "lines": {"m.py": [5, 6]}},
        "tests/motu/test_b.py::test_b": {"seconds": 0.1, "lines": {"m.py": [9]}},
        "tests/nshex/c.scenario.yaml::c": {"seconds": 0.1, "lines": {"m.py": [6]}},
    }
    at_six = Mutant("m.py", "f/compare/1", 6, (6, 6), "a", "b", ())
    assert mutate_rules.reaching(at_six, ["tests/motu"], trace) == ["tests/motu/a.scenario.yaml::a"]
    both = ["tests/motu/a.scenario.yaml", "tests/nshex/"]
    assert len(mutate_rules.reaching(at_six, both, trace)) == 2
    imported = Mutant("m.py", "<module>/constant/1", 2, None, "1", "2", ())
    assert len(mutate_rules.reaching(imported, ["tests"], trace)) == 3
    unreached = Mutant("m.py", "g/remove/1", 20, (20, 21), "f()", "pass", ())
    assert mutate_rules.reaching(unreached, ["tests"], trace) == []


@pytest.mark.slow
def test_a_run_judges_mutants_in_a_private_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    module = ROOT / "plugins" / "motu" / "mana.py"
    before = module.read_bytes()
    (tmp_path / "mutation.yaml").write_text(
        "modules:\n  plugins/motu/mana.py: {cap: 2}\nsurvivors: []\n"
    )
    config, report = str(tmp_path / "mutation.yaml"), str(tmp_path / "r.yaml")
    only = "spend_mana/remove/db7d0f64"
    args = ["plugins/motu/mana.py", "--config", config, "-j", "1", "--all", "--match", only]
    code = mutate_rules.main([*args, "--report", report])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "plugins/motu/mana.py" in out and "1 killed" in out and "time: wall" in out
    assert module.read_bytes() == before  # the working tree is never written
    assert "spend_mana/remove/db7d0f64" in (tmp_path / "r.yaml").read_text()
