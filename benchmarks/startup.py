"""Start-up of the ``hexforge`` command, every run a fresh process (issue 24).

Prints the median of ``--runs`` runs (default 15) of each command below, in CPU seconds
(user + system time of the process, as the kernel accounts its waited-for children: the
machine's other load does not count) and wall seconds, against the targets:

- ``python -c pass``: the interpreter's own start, the floor;
- ``hexforge --version``: target <= 0.15 s; it imports no plugin, game or command;
- ``hexforge --help``: every command listed, none imported (the plugins are loaded: their
  commands are listed too);
- ``hexforge validate``, warm: the shipped packs answered from the pack cache that a first
  run filled; target <= 0.4 s;
- ``hexforge play``, warm: the start of a game - plugins loaded, the game's packs read from
  that cache, its effects compiled, the setup played - up to the first question to a
  player (``--p1 human``, who answers ``q`` and leaves); target <= 0.4 s, for motu (the
  default game) and nshex.

The runs get a bytecode cache of their own (``PYTHONPYCACHEPREFIX``, a temporary folder
filled by the warm-up runs), as an installed hexforge has one (pip compiles at install);
``--no-bytecode`` runs them as the environment says (with ``PYTHONDONTWRITEBYTECODE=1``
every module is compiled again at every start). The pack cache is a temporary
``HEXFORGE_CACHE_DIR``. ``--imports N`` also prints, per command, the N packages whose
modules take the longest to import (``python -X importtime``, own time summed by package).
``--check`` exits 1 when a target is missed. Run from anywhere:
``python benchmarks/startup.py [--runs N] [--imports N] [--no-bytecode] [--check]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Case:
    """One command line timed, and its CPU target in seconds (None: shown, not judged)."""

    label: str
    args: tuple[str, ...]
    target: float | None = None
    python: bool = False
    """``args`` are the interpreter's, not the hexforge script's."""
    stdin: bytes = b""
    """What the run reads (the human player's answer)."""


PLAY = ("play", "--seed", "1", "--p1", "human", "--p2", "first")
"""A game up to the first question to the first player, a human who answers ``q``."""
CASES = (
    Case("python -c pass", ("-c", "pass"), python=True),
    Case("hexforge --version", ("--version",), 0.15),
    Case("hexforge --help", ("--help",)),
    Case("hexforge validate (warm)", ("validate",), 0.4),
    Case("hexforge play (warm, motu)", (*PLAY, "--game", "motu"), 0.4, stdin=b"q\n"),
    Case("hexforge play (warm, nshex)", (*PLAY, "--game", "nshex"), 0.4, stdin=b"q\n"),
)
WARM_UP = 2
"""Untimed runs of each case first: they compile the bytecode and fill the pack cache."""


@dataclass(frozen=True, slots=True)
class Timing:
    cpu: float
    wall: float


def hexforge_command() -> list[str]:
    """The installed ``hexforge`` script beside this interpreter (as a user runs it), or
    the same entry point through ``python -c`` when there is none."""
    script = Path(sysconfig.get_path("scripts")) / "hexforge"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from hexforge.core.cli.main import main; main()"]


def command_of(case: Case) -> list[str]:
    return [sys.executable, *case.args] if case.python else [*hexforge_command(), *case.args]


def run_once(command: Sequence[str], env: Mapping[str, str], stdin: bytes = b"") -> Timing:
    """CPU (user + system of the child) and wall seconds of one run, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        list(command), env=dict(env), input=stdin, capture_output=True, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        output = (done.stdout + done.stderr).decode(errors="replace")
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{output}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(cpu, wall)


def median_of(case: Case, runs: int, env: Mapping[str, str]) -> Timing:
    command = command_of(case)
    for _ in range(WARM_UP):
        run_once(command, env, case.stdin)
    timings = [run_once(command, env, case.stdin) for _ in range(runs)]
    return Timing(
        statistics.median(t.cpu for t in timings), statistics.median(t.wall for t in timings)
    )


def slowest_imports(case: Case, env: Mapping[str, str], count: int) -> list[tuple[str, float]]:
    """The ``count`` packages (``hexforge`` by subpackage) with the most own import time,
    in milliseconds, from one ``python -X importtime`` run of ``case``."""
    command = command_of(case)
    if command[0] != sys.executable:  # the script: run its entry point under -X importtime
        command = [sys.executable, "-c", "from hexforge.core.cli.main import main; main()"]
        command += list(case.args)
    command.insert(1, "-X")
    command.insert(2, "importtime")
    done = subprocess.run(
        command, env=dict(env), input=case.stdin, capture_output=True, check=False
    )
    own: Counter[str] = Counter()
    for line in done.stderr.decode(errors="replace").splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        head, _, name = line.split("|")
        parts = name.strip().split(".")
        package = ".".join(parts[:3]) if parts[0] == "hexforge" else parts[0]
        own[package] += int(head.removeprefix("import time:"))
    return [(package, us / 1000) for package, us in own.most_common(count)]


def environment(folder: Path, bytecode: bool) -> dict[str, str]:
    env = dict(os.environ)
    env["HEXFORGE_CACHE_DIR"] = str(folder / "hexforge-cache")
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "bytecode")
    return env


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=15, help="timed runs per command")
    parser.add_argument("--imports", type=int, default=0, metavar="N", help="slowest imports")
    parser.add_argument("--no-bytecode", action="store_true", help="no bytecode cache")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    options = parser.parse_args(argv)
    missed = []
    with tempfile.TemporaryDirectory(prefix="hexforge-startup-") as temp:
        env = environment(Path(temp), not options.no_bytecode)
        cache = "a bytecode cache" if not options.no_bytecode else "bytecode as the env says"
        print(f"hexforge start-up: median of {options.runs} fresh processes each ({cache})")
        print(f"{'command':<28} {'CPU s':>7} {'wall s':>7}  target (CPU)")
        for case in CASES:
            timing = median_of(case, options.runs, env)
            verdict = ""
            if case.target is not None:
                ok = timing.cpu <= case.target
                verdict = f"<= {case.target:.2f}  {'ok' if ok else 'MISSED'}"
                if not ok:
                    missed.append(case.label)
            print(f"{case.label:<28} {timing.cpu:7.3f} {timing.wall:7.3f}  {verdict}")
        for case in CASES[1:] if options.imports else ():
            found = slowest_imports(case, env, options.imports)
            print(f"\nslowest imports of {case.label} (own ms, python -X importtime):")
            for package, ms in found:
                print(f"  {ms:7.1f}  {package}")
    return 1 if options.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
