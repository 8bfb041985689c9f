"""Mutation testing of the game rules: does the coverage matrix prove what it claims?

Each mutant changes one thing in one rule module (an operator, a constant, a condition, a
removed or reordered statement) and runs the tests that docs/coverage.yaml names for the
sections the module implements (``pytest -x``, a timeout per mutant). A mutant those
tests let pass is a survivor: a rule the matrix says is proven but is not. Survivors are
killed by new tests or declared, with a reason, in docs/mutation.yaml; an undeclared one
fails the run (HF956), which is how CI holds the line.

Why not mutmut or cosmic-ray: the rule modules live under ``package-dir`` folders mapped
into the ``hexforge`` namespace, which mutmut 3's trampolines (they name functions after
file paths) do not follow; neither maps a module to its own tests, which is what keeps a
run inside CI's time on two cores; and both need ids that shift with every edit, where a
declared survivor here is named by its function and the code it changes (tools/mutants.py
makes them). The tool is the standard library plus what hexforge already depends on.

The working tree is never written: every worker mutates a private copy of it (tracked and
untracked files) in a temporary folder, imported first through ``PYTHONPATH``, with its
own pack cache. Usage (docs/mutation.md)::

    python tools/mutate_rules.py                      # the configured set (CI)
    python tools/mutate_rules.py --all --report docs/mutation-report.yaml
    python tools/mutate_rules.py plugins/motu/moving.py --list
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from hexforge.core.docgen import codes
from hexforge.core.docgen.coverage import load as load_matrix
from hexforge.core.errors import Diagnostic, HexforgeError, Span
from hexforge.core.report import make_console, render_text

if __package__ in (None, ""):  # run as a script: tools/ is a namespace package of the root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.mutants import Mutant, mutants_of, sample

ROOT = Path(__file__).resolve().parent.parent
CONFIG = Path("docs/mutation.yaml")
MATRIX = Path("docs/coverage.yaml")
PACKAGES = ("core", "dsl", "content", "plugins")
UNREACHED = "no test reaches it"
Plan = dict[str, tuple[list["Mutant"], list[str], int]]
"""Per module: the mutants to run, the tests the matrix names for it, how many it has."""
Trace = dict[str, dict[str, Any]]
"""Per test node id: its seconds and the lines of each traced module it ran."""
_KILLER = re.compile(r"^(?:FAILED|ERROR) (\S+?)(?:::\S*)?(?: - .*)?$", re.MULTILINE)


@dataclass(slots=True)
class Outcome:
    mutant: Mutant
    killed: bool
    by: str  # the first failing test file or "timeout"; for a survivor "" or UNREACHED


@dataclass(frozen=True, slots=True)
class Config:
    """docs/mutation.yaml: the configured modules with their caps, extra tests, and the
    accepted survivors with a reason each."""

    caps: dict[str, int | None]
    extra_tests: dict[str, tuple[str, ...]]
    declared: dict[tuple[str, str], str]


# ---------------------------------------------------------------- configuration


def _diagnostic(code: str, message: str, file: str, line: int = 1, hint: str = "") -> Diagnostic:
    return Diagnostic(code, message, Span.point(file, line, 1, 1), None, hint or None)


def load_config(path: Path) -> Config:
    """Read docs/mutation.yaml; anything malformed is HF954 at its line."""
    where = str(path)
    try:
        data = YAML().load(path.read_text(encoding="utf-8"))
    except (OSError, YAMLError) as error:
        raise HexforgeError(_diagnostic(codes.BAD_MUTATION_CONFIG, str(error), where)) from None
    if not isinstance(data, dict) or not isinstance(data.get("modules"), dict):
        message = "expected a mapping with 'modules' (and optionally 'survivors')"
        raise HexforgeError(_diagnostic(codes.BAD_MUTATION_CONFIG, message, where))
    caps: dict[str, int | None] = {}
    extra: dict[str, tuple[str, ...]] = {}
    problems: list[Diagnostic] = []
    for module, spec in data["modules"].items():
        line = int(data["modules"].lc.key(module)[0]) + 1
        spec = spec or {}
        cap, tests = spec.get("cap"), spec.get("tests", [])
        unknown = set(spec) - {"cap", "tests"}
        if (ROOT / module).suffix != ".py" or not (ROOT / module).is_file():
            problems.append(
                _diagnostic(codes.BAD_MUTATION_CONFIG, f"{module}: no such module", where, line)
            )
        elif unknown or not (cap is None or isinstance(cap, int)) or not isinstance(tests, list):
            message = f"{module}: takes 'cap' (a number) and 'tests' (a list of test files)"
            problems.append(_diagnostic(codes.BAD_MUTATION_CONFIG, message, where, line))
        caps[str(module)] = cap
        extra[str(module)] = tuple(str(t) for t in tests)
    declared: dict[tuple[str, str], str] = {}
    for entry in data.get("survivors") or []:
        line = int(entry.lc.line) + 1 if hasattr(entry, "lc") else 1
        if not isinstance(entry, dict) or not {"module", "id", "reason"} <= set(entry):
            message = "a declared survivor needs 'module', 'id' and 'reason'"
            problems.append(_diagnostic(codes.BAD_MUTATION_CONFIG, message, where, line))
        elif not str(entry["reason"]).strip():
            message = f"{entry['id']}: a declared survivor says why it is accepted"
            problems.append(_diagnostic(codes.BAD_MUTATION_CONFIG, message, where, line))
        else:
            declared[(str(entry["module"]), str(entry["id"]))] = str(entry["reason"])
    if problems:
        raise HexforgeError(*problems)
    return Config(caps, extra, declared)


def tests_of(module: str, config: Config) -> list[str]:
    """The tests the matrix names for every row that ``module`` implements, then the
    module's extra tests from the configuration, without duplicates."""
    matrix = load_matrix(ROOT / MATRIX)
    found = [t for row in matrix.rows if module in row.implemented for t in row.tests]
    return list(dict.fromkeys([*found, *config.extra_tests.get(module, ())]))


# ---------------------------------------------------------------- running them


@dataclass
class Workspace:
    """A private copy of the working tree, importable as ``hexforge`` before the
    editable install, with its own pack cache."""

    root: Path
    env: dict[str, str] = field(default_factory=dict)

    @classmethod
    def make(cls, base: Path, files: Sequence[str]) -> Workspace:
        copy = base / "repo"
        for name in files:
            if (ROOT / name).is_file():
                (copy / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, copy / name)
        tree = base / "tree" / "hexforge"
        tree.mkdir(parents=True)
        for folder in PACKAGES:
            (tree / folder).symlink_to(copy / folder)
        env = dict(os.environ)
        env.update(
            PYTHONPATH=os.pathsep.join([str(tree.parent), str(copy)]),
            HEXFORGE_CACHE_DIR=str(base / "cache"),
        )
        env.pop("PYTEST_ADDOPTS", None)
        return cls(copy, env)

    def pytest(
        self, tests: Sequence[str], timeout: float, env: dict[str, str] | None = None
    ) -> tuple[int | None, str]:
        """Run ``tests`` (exit code, output); the code is None when the timeout hit."""
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
        with subprocess.Popen(
            [*command, *tests],
            cwd=self.root,
            env={**self.env, **(env or {})},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        ) as process:
            try:
                out, _ = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)
                process.communicate()
                return None, ""
        return process.returncode, out

    def trace(self, modules: Sequence[str], tests: Sequence[str]) -> Trace:
        """Run ``tests`` unmutated, recording which lines of ``modules`` each test runs;
        HF955 when they fail (no mutant of them could be judged)."""
        out_file = self.root / ".mutation-trace.json"
        env = {
            "HEXFORGE_MUTATION_TRACE": os.pathsep.join(modules),
            "HEXFORGE_MUTATION_OUT": str(out_file),
        }
        code, out = self.pytest(["-p", "tools.mutation_trace", *tests], 3600, env)
        if code != 0 or not out_file.is_file():
            tail = "\n".join(out.splitlines()[-15:])
            message = f"the tests of {', '.join(modules)} fail before any mutation\n{tail}"
            raise HexforgeError(_diagnostic(codes.BASELINE_FAILS, message, modules[0]))
        data: Trace = json.loads(out_file.read_text(encoding="utf-8"))
        return data

    def run(self, mutant: Mutant, tests: Sequence[str], timeout: float) -> Outcome:
        """Run one mutant in this copy and put the module back."""
        path = self.root / mutant.module
        original = path.read_bytes()
        try:
            self._write(path, mutant.apply(original))
            code, out = self.pytest(tests, timeout)
        finally:
            self._write(path, original)
        if code is None:
            return Outcome(mutant, True, "timeout")
        if code == 0:
            return Outcome(mutant, False, "")
        killer = _KILLER.search(out)
        return Outcome(mutant, True, killer.group(1) if killer else f"pytest exit {code}")

    @staticmethod
    def _write(path: Path, data: bytes) -> None:
        """Write and drop the cached bytecode, which a same-size rewrite in the same second
        would otherwise keep using."""
        path.write_bytes(data)
        for stale in (path.parent / "__pycache__").glob(f"{path.stem}.*.pyc"):
            stale.unlink()


def reaching(mutant: Mutant, tests: Sequence[str], trace: Trace) -> list[str]:
    """The node ids of ``tests`` (files or folders) that execute the mutant's lines, in
    the order they ran."""
    folders = tuple(t.rstrip("/") + "/" for t in tests)
    found = []
    for node, record in trace.items():
        file = node.split("::")[0]
        if file not in tests and not file.startswith(folders):
            continue
        if mutant.lines is None:
            found.append(node)
            continue
        first, last = mutant.lines
        if any(first <= n <= last for n in record["lines"].get(mutant.module, ())):
            found.append(node)
    return found


def _files() -> list[str]:
    """The working tree's files as git sees them (tracked, and untracked but not ignored);
    outside a git checkout, every file but hidden folders, builds and caches."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        skip = {"build", "dist", "__pycache__"}
        return [
            str(path.relative_to(ROOT))
            for path in ROOT.rglob("*")
            if path.is_file()
            and not any(p.startswith(".") or p in skip for p in path.relative_to(ROOT).parts)
        ]
    return [name for name in listed.split("\0") if name]


# ---------------------------------------------------------------- the command


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tools/mutate_rules.py", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("modules", nargs="*", help="default: the configured set")
    parser.add_argument("--config", type=Path, default=ROOT / CONFIG, help="default: %(default)s")
    parser.add_argument("--all", action="store_true", help="every mutant, no cap per module")
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--timeout",
        type=float,
        default=0,
        help="seconds per mutant (default: 3 x its tests' time + 15)",
    )
    parser.add_argument("--match", default="", help="only mutants whose id contains this text")
    parser.add_argument("--list", action="store_true", help="list the mutants; run nothing")
    parser.add_argument("--report", type=Path, help="write the results as YAML")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _main(args)
    except HexforgeError as error:
        render_text(error.diagnostics, make_console(stderr=True))
        return 2


def _main(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    modules = list(args.modules) or list(config.caps)
    unknown = [m for m in modules if not (ROOT / m).is_file()]
    if unknown:
        message = f"no such module: {', '.join(unknown)}"
        raise HexforgeError(_diagnostic(codes.BAD_MUTATION_CONFIG, message, "<command line>"))
    plan: Plan = {}
    for module in modules:
        every = mutants_of(module, (ROOT / module).read_bytes())
        chosen = every if args.all else sample(every, config.caps.get(module))
        chosen = [m for m in chosen if args.match in m.id]
        plan[module] = (chosen, tests_of(module, config), len(every))
    if args.list:
        for module, (chosen, tests, total) in plan.items():
            print(f"{module}: {len(chosen)} of {total} mutants; tests: {' '.join(tests) or '-'}")
            for m in chosen:
                print(f"  {m.id} line {m.line}: {m.before} -> {m.after}")
        return 0
    started, cpu_before = time.monotonic(), _cpu()
    outcomes = _run(plan, max(1, args.jobs), args.timeout)
    return _print(plan, outcomes, config, args, time.monotonic() - started, _cpu() - cpu_before)


def _cpu() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def _run(plan: Plan, jobs: int, timeout: float) -> list[Outcome]:
    """Trace the tests once (split over the jobs), then run every mutant reached by a
    test on ``jobs`` private copies; a mutant no test reaches survives without a run."""
    files = _files()
    with tempfile.TemporaryDirectory(prefix="hexforge-mutate-") as temp:
        spaces = [Workspace.make(Path(temp) / f"w{i}", files) for i in range(jobs)]
        modules = list(plan)
        tests = list(dict.fromkeys(t for _, chosen_tests, _ in plan.values() for t in chosen_tests))
        chunks = [tests[i::jobs] for i in range(jobs)]
        with ThreadPoolExecutor(jobs) as pool:
            trace: Trace = {}
            parts = pool.map(lambda p: p[0].trace(modules, p[1]), zip(spaces, chunks, strict=True))
            for part in parts:
                trace.update(part)
            free = list(spaces)
            lock = threading.Lock()

            def one(mutant: Mutant) -> Outcome:
                selected = reaching(mutant, plan[mutant.module][1], trace)
                if not selected:
                    return Outcome(mutant, False, UNREACHED)
                seconds = sum(float(trace[n]["seconds"]) for n in selected)
                with lock:
                    space = free.pop()
                try:
                    return space.run(mutant, selected, timeout or 3 * seconds + 15)
                finally:
                    with lock:
                        free.append(space)

            every = [m for chosen, _, _ in plan.values() for m in chosen]
            print(f"traced {len(trace)} tests; {len(every)} mutants to judge", file=sys.stderr)
            return list(pool.map(one, every))


def _print(
    plan: Plan,
    outcomes: list[Outcome],
    config: Config,
    args: argparse.Namespace,
    wall: float,
    cpu: float,
) -> int:
    width = max(len(m) for m in plan)
    new: list[Outcome] = []
    totals: dict[str, Counter[str]] = {}
    for module, (_, _, total) in plan.items():
        mine = [o for o in outcomes if o.mutant.module == module]
        killed = sum(o.killed for o in mine)
        survived = [o for o in mine if not o.killed]
        declared = sum((module, o.mutant.id) in config.declared for o in survived)
        undeclared = [o for o in survived if (module, o.mutant.id) not in config.declared]
        new += undeclared
        counts = Counter(mutants=len(mine), killed=killed, survived=len(survived))
        counts.update(declared=declared, new=len(undeclared))
        for group in (module.rpartition("/")[0], "total"):
            totals.setdefault(group, Counter()).update(counts)
        print(
            f"{module:<{width}}  {len(mine):>4} of {total:>4} mutants  {killed:>4} killed  "
            f"{len(survived):>3} survived ({declared} declared)  {_score(killed, len(mine))}"
        )
    for outcome in new:
        m = outcome.mutant
        why = f" ({outcome.by})" if outcome.by else ""
        print(f"SURVIVED {m.module}:{m.line} {m.id}: {m.before} -> {m.after}{why}")
    ran = {(o.mutant.module, o.mutant.id) for o in outcomes}
    for module, mutant_id in sorted(config.declared):
        if module in plan and (module, mutant_id) not in ran and args.all and not args.match:
            print(f"stale declaration (no such mutant now): {module} {mutant_id}")
    for group, n in totals.items():
        print(
            f"{group}: {n['mutants']} mutants, {n['killed']} killed, {n['survived']} survived "
            f"({n['declared']} declared, {n['new']} not): score {_score(n['killed'], n['mutants'])}"
        )
    print(f"time: wall {wall:.1f} s, CPU {cpu:.1f} s (with the tests'), {args.jobs} jobs")
    if args.report:
        _report(args.report, plan, outcomes, config)
    if new:
        render_text([_undeclared(len(new))], make_console(stderr=True))
        return 1
    return 0


def _score(killed: int, total: int) -> str:
    return f"{100 * killed / total:5.1f}%" if total else "    -"


def _undeclared(count: int) -> Diagnostic:
    return _diagnostic(
        codes.UNDECLARED_SURVIVOR,
        f"{count} mutant(s) survived that docs/mutation.yaml does not declare",
        str(CONFIG),
        hint="kill them with a test (a scenario named after the rulebook section), "
        "or declare them under 'survivors:' with a reason",
    )


def _report(path: Path, plan: Plan, outcomes: list[Outcome], config: Config) -> None:
    """The results per module and, per row of the matrix, the mutants its tests killed."""
    matrix = load_matrix(ROOT / MATRIX)
    modules: dict[str, Any] = {}
    for module in plan:
        mine = [o for o in outcomes if o.mutant.module == module]
        modules[module] = {
            "mutants": len(mine),
            "killed": sum(o.killed for o in mine),
            "survived": [
                {
                    "id": o.mutant.id,
                    "line": o.mutant.line,
                    "declared": (module, o.mutant.id) in config.declared,
                }
                for o in mine
                if not o.killed
            ],
        }
    rows: dict[str, Any] = {}
    for row in matrix.rows:
        killed = sorted(
            f"{o.mutant.module} {o.mutant.id}"
            for o in outcomes
            if o.killed and o.mutant.module in row.implemented and o.by in row.tests
        )
        if killed:
            rows[f"{row.game} {row.id}"] = killed
    yaml = YAML()
    yaml.width = 4096
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        out.write("# Written by tools/mutate_rules.py --report (docs/mutation.md).\n")
        yaml.dump({"modules": modules, "rows": rows}, out)


if __name__ == "__main__":
    sys.exit(main())
