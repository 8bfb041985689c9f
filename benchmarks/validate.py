"""Benchmark ``hexforge validate`` on a synthetic pack of 3,000 cards with effects.

Generates a realistic pack (characters and weapons one per file, fate cards ten per file;
names in four languages, rules text, tags, references between cards, 1-3 effect texts per
card), then times, each in a fresh process as CI would run them:

- cold: ``validate`` with an empty cache (YAML, models, effects, cross-file checks);
- warm: the same again, answered from the cache;
- check-jsonschema on the same card files with the exported schema (schema checks only;
  hexforge checks far more), and prints the ratio.

Each is the median of ``--runs`` fresh processes (default 5; a cold run gets an empty
cache of its own) in CPU seconds - the process's user and system time, so the machine's
other load does not count - and in wall seconds. It also times the warm run inside one
process (no interpreter start-up). Targets (issue 24, CPU): warm <= 0.3 s; cold <= 0.5x
check-jsonschema. Run: ``python benchmarks/validate.py [--runs N] [--cards N]``;
check-jsonschema comes with the ``bench`` extra.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from hexforge.core.packs.cache import PackCache
from hexforge.core.packs.catalogue import CardKind, Catalogue, build_catalogue
from hexforge.core.packs.models import Card, Effect, card_ref
from hexforge.core.packs.schema import schemas
from hexforge.core.packs.validate import ValidationReport, validate
from hexforge.core.rules import EffectContext
from hexforge.core.vocabulary import EventType
from hexforge.core.vocabulary import Field as DslField
from hexforge.dsl.vocabulary import Vocabulary

CARDS = 3000
WARM_TARGET = 0.3
"""CPU seconds of a warm run (a fresh process, the cache filled)."""
COLD_RATIO = 0.5
"""A cold run's CPU time against check-jsonschema's on the same files."""
GAME = """\
game: bench
tiers:
  - id: character
    kinds: [character]
  - id: fate
    kinds: [fate]
  - id: weapon
    kinds: [weapon]
  - id: rulebook
"""


class Stats(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    health: int = Field(ge=1, le=10)
    toughness: int = Field(ge=0, le=6)
    mind: int = Field(ge=0, le=6)
    power: int = Field(ge=0, le=6)
    strength: int = Field(ge=0, le=6)
    speed: int = Field(ge=1, le=12)


class Character(Card):
    kind: Literal["character"]
    stats: Stats
    cost: int = Field(ge=1, le=40)
    weapons: list[Annotated[str, card_ref("weapon")]] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)


class Weapon(Card):
    kind: Literal["weapon"]
    range: int = Field(ge=1, le=16)
    dice: int = Field(default=0, ge=-2, le=2)
    cost: int = Field(ge=0, le=10)
    effects: list[Effect] = Field(default_factory=list)


class Fate(Card):
    kind: Literal["fate"]
    initiative: int = Field(ge=1, le=11)
    ap: int = Field(ge=0, le=4)
    mana: int = Field(ge=0, le=4)
    effects: list[Effect] = Field(default_factory=list)


KINDS = [
    CardKind("bench", "character", Character),
    CardKind("bench", "weapon", Weapon),
    CardKind("bench", "fate", Fate),
]


def _nothing(ctx: EffectContext, *args: object) -> None:
    """The validator never runs effects."""


def vocabulary() -> Vocabulary:
    v = Vocabulary()
    v.kind("unit")
    v.constant_set("buff", ["curse", "enhancement", "regeneration", "stun"])
    unit = DslField("unit", "unit")
    v.event(EventType("activated", (unit,)))
    v.event(EventType("activation_ended", (unit,)))
    v.event(EventType("knocked_out", (DslField("attacker", "unit"), DslField("target", "unit"))))
    v.trigger("upon", "activation", "activated", subject="unit")
    v.trigger("at end of", "activation", "activation_ended", subject="unit")
    v.trigger("when", "{attacker} knock(s) out {target}", "knocked_out")
    v.verb("gain {n:int} mana", _nothing)
    v.verb("gain {n:int} ap", _nothing)
    v.verb("deal {amount:int} wound(s) to {target:unit}", _nothing)
    v.verb("give {target:unit} {buff:buff}", _nothing)
    v.verb("score {n:int} vp", _nothing)
    v.condition("attacking", lambda ctx: False)
    v.noun("enemy", "enemies", "unit", lambda ctx: [])
    v.filter("within {n:int} of {anchor:unit}", lambda ctx, e, n, a: False)
    for stat in ("scope", "speed", "dice", "power", "mind"):
        v.stat(stat)
    v.permission("be pushed", "push")
    return v


EFFECTS = [
    '"upon activation: gain {n} mana"',
    '"while attacking: {stat} +{n}"',
    '"at end of activation: gain {n} ap"',
    '"when self knocks out an enemy: score {vp} vp"',
    "|\n      for each enemy within {n} of self: deal {m} wounds to it",
    '"upon activation: give self {buff}"',
    '"while attacking: {stat} -{m}"',
    "|\n      at end of activation:\n          gain {n} mana\n          gain {m} ap",
]
"""Effect shapes; numbers, stats and buffs vary, giving several hundred distinct texts."""
LANGS = {"en": "Sword", "pl": "Miecz", "de": "Schwert", "fr": "Épée"}


def _effects(rng: random.Random, indent: str) -> str:
    chosen = rng.sample(EFFECTS, rng.randint(1, 3))
    lines = [
        f"{indent}  - "
        + e.format(
            n=rng.randint(1, 9),
            m=rng.randint(1, 9),
            vp=rng.choice([10, 15, 20, 25, 30]),
            stat=rng.choice(["dice", "scope", "speed", "power", "mind"]),
            buff=rng.choice(["curse", "enhancement", "regeneration", "stun"]),
        )
        for e in chosen
    ]
    return f"{indent}effects:\n" + "\n".join(lines).replace("\n      ", f"\n{indent}      ")


def _names(what: str, number: int, indent: str) -> str:
    return f"{indent}name:\n" + "".join(
        f"{indent}  {lang}: {word} {what} {number}\n" for lang, word in LANGS.items()
    )


def _card(kind: str, number: int, rng: random.Random, indent: str = "") -> str:
    head = (
        f"{indent}id: bench/{kind}-{number}\n{indent}kind: {kind}\n"
        + _names(kind, number, indent)
        + f"{indent}text:\n{indent}  en: A {kind} card written for the benchmark.\n"
        + f"{indent}  pl: Karta do testu.\n{indent}provenance: invented\n"
        + f"{indent}tags: [{kind}, set-{number % 7}]\n"
    )
    if kind == "character":
        weapons = ", ".join(f"weapon-{rng.randint(0, 999)}" for _ in range(rng.randint(1, 2)))
        body = (
            f"stats:\n  health: {rng.randint(3, 6)}\n  toughness: {rng.randint(1, 4)}\n"
            f"  mind: {rng.randint(1, 5)}\n  power: {rng.randint(1, 6)}\n"
            f"  strength: {rng.randint(1, 5)}\n  speed: {rng.randint(4, 6)}\n"
            f"cost: {rng.randint(14, 22)}\nweapons: [{weapons}]\n"
        )
    elif kind == "weapon":
        body = f"range: {rng.choice([1, 8, 12, 16])}\ndice: {rng.randint(-2, 2)}\ncost: 3\n"
    else:
        body = f"initiative: {rng.randint(1, 10)}\nap: 2\nmana: {rng.randint(0, 4)}\n"
    body = "".join(f"{indent}{line}\n" for line in body.splitlines())
    return head + body + _effects(rng, indent) + "\n"


def generate(root: Path, cards: int = CARDS) -> list[Path]:
    """Write the pack (pack.yaml, game.yaml beside it) and return the card files."""
    rng = random.Random(4)
    (root / "cards" / "characters").mkdir(parents=True)
    (root / "cards" / "weapons").mkdir()
    (root / "cards" / "fate").mkdir()
    (root / "pack.yaml").write_text(
        "id: bench\nname: {en: Benchmark}\nversion: 1.0.0\ngame: bench\n"
        "languages: [en, pl, de, fr]\n"
    )
    (root.parent / "game.yaml").write_text(GAME)
    third = cards // 3
    files = []
    for number in range(third):
        path = root / "cards" / "characters" / f"character-{number}.yaml"
        path.write_text(_card("character", number, rng))
        files.append(path)
    for number in range(third):
        path = root / "cards" / "weapons" / f"weapon-{number}.yaml"
        path.write_text(_card("weapon", number, rng))
        files.append(path)
    fates = cards - 2 * third
    for start in range(0, fates, 10):
        path = root / "cards" / "fate" / f"fate-{start // 10}.yaml"
        body = "".join(
            "- " + _card("fate", n, rng, "  ")[2:] for n in range(start, min(start + 10, fates))
        )
        path.write_text(body)
        files.append(path)
    return files


def catalogue(root: Path) -> Catalogue:
    game = root.parent / "game.yaml"
    return build_catalogue(["bench"], [game], KINDS, [], lambda g: vocabulary())


def run_once(root: Path, cache: Path | None, jobs: int | None = None) -> ValidationReport:
    """One validation as ``hexforge validate`` does it (the subprocess mode)."""
    store = PackCache(cache) if cache is not None else None
    return validate([root], catalogue(root), cache=store, jobs=jobs)


def _timed(command: list[str]) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    """CPU seconds (user + system of the child), wall seconds and the finished process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done


def _median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=CARDS)
    parser.add_argument("--run", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--cache", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per figure")
    args = parser.parse_args()
    if args.run is not None:
        report = run_once(args.run, args.cache, args.jobs)
        print(json.dumps({"errors": report.errors, "cards": report.cards}))
        return
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        root = work / "content" / "bench"
        files = generate(root, args.cards)
        cache = work / "cache"
        me = [sys.executable, __file__, "--run", str(root), "--jobs", str(args.jobs)]
        colds = []
        for index in range(args.runs):  # each with an empty cache of its own
            cpu, wall, done = _timed([*me, "--cache", str(work / f"cold-{index}")])
            colds.append((cpu, wall))
        result = json.loads(done.stdout or "{}")
        print(
            f"pack: {result.get('cards')} cards in {len(files)} files, "
            f"{result.get('errors')} errors; median of {args.runs} fresh processes"
        )
        if result.get("errors"):
            print(done.stdout, done.stderr)
        _timed([*me, "--cache", str(cache)])  # fills the cache the warm runs read
        warms = [_timed([*me, "--cache", str(cache)])[:2] for _ in range(args.runs)]
        start = time.process_time()
        run_once(root, cache)
        in_process = time.process_time() - start
        cold, cold_wall = _median(colds)
        warm, warm_wall = _median(warms)
        print(f"hexforge validate, cold (empty cache): {cold:6.2f} CPU-s {cold_wall:6.2f} s wall")
        print(
            f"hexforge validate, warm (cached):      {warm:6.2f} CPU-s {warm_wall:6.2f} s wall"
            f"  target <= 0.30 CPU-s: {'ok' if warm <= WARM_TARGET else 'MISSED'}"
            f" (in-process, without start-up: {in_process:.2f} CPU-s)"
        )
        checker = shutil.which("check-jsonschema") or str(
            Path(sys.executable).parent / "check-jsonschema"
        )
        if not Path(checker).exists():
            print(
                "check-jsonschema is not installed: pip install check-jsonschema "
                "(or the 'bench' extra) to compare"
            )
            return
        schema = work / "bench.cards.schema.json"
        schema.write_text(json.dumps(schemas(catalogue(root))["bench.cards.schema.json"]))
        command = [checker, "--schemafile", str(schema), *map(str, files)]
        baselines = []
        for _ in range(args.runs):
            cpu, wall, done = _timed(command)
            baselines.append((cpu, wall))
        if done.returncode != 0:
            print("check-jsonschema reported problems:", done.stdout[-2000:], done.stderr[-2000:])
        baseline, baseline_wall = _median(baselines)
        print(
            f"check-jsonschema (schema only):        {baseline:6.2f} CPU-s "
            f"{baseline_wall:6.2f} s wall"
        )
        ratio = cold / baseline
        print(
            f"ratio cold / check-jsonschema (CPU): {ratio:.2f}, target <= {COLD_RATIO:.2f}: "
            f"{'ok' if ratio <= COLD_RATIO else 'MISSED'}"
        )


if __name__ == "__main__":
    main()
