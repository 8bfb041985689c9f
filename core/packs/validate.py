"""``hexforge validate`` as a library call: find packs, compile them (cached), cross-check,
then check the files beside the cards (setups, maps, scenarios) and lone files given by
path (:mod:`hexforge.core.packs.filekinds`).

Every problem of every file is collected in one run. Packs that changed are compiled in
worker processes when there are many files (YAML parsing is pure Python and the work is
per file), packs that did not come from the cache; the installed packs are loaded too, as
the context references and ``requires`` resolve against, but only the packs asked for
are reported.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from hexforge.core import codes as core_codes
from hexforge.core.errors import Diagnostic, Severity, Span
from hexforge.core.packs import codes
from hexforge.core.packs.cache import PackCache, pack_key, run_key, worded_key
from hexforge.core.packs.catalogue import Catalogue, GameContent
from hexforge.core.packs.compiled import CompiledPack, FileResult, capped
from hexforge.core.packs.compiler import (
    MANIFEST,
    card_files,
    compile_file,
    load_manifest,
    manifest_positions,
    validate_manifest,
)
from hexforge.core.packs.crosscheck import cross_check
from hexforge.core.packs.filekinds import (
    FileContext,
    FileKind,
    check_file,
    files_key,
    kind_of,
    pack_files,
)
from hexforge.core.packs.lonecards import LONE_CARDS, is_cards
from hexforge.core.packs.words import CardWords, Named, card_words, named_in_file
from hexforge.core.packs.yamlio import load_file

PARALLEL_FROM = 200
"""Fewer files than this are compiled in this process (starting workers costs more)."""

_SKIP_DIRS = {".git", ".hg", ".venv", "venv", "node_modules", "__pycache__", ".tox"}


@dataclass(frozen=True, slots=True)
class ValidationReport:
    """The outcome of a run: every diagnostic, sorted, plus counts for the summary line."""

    diagnostics: tuple[Diagnostic, ...]
    packs: int = 0
    files: int = 0
    cards: int = 0
    cached: int = 0
    usage: tuple[Diagnostic, ...] = ()  # paths that do not exist (exit code 2)

    @property
    def errors(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors


@dataclass(slots=True)
class _Pending:
    """A pack whose manifest is read but whose cards still need compiling."""

    root: str
    pack: CompiledPack
    key: str | None
    files: list[tuple[Path, str]] = field(default_factory=list)
    results: list[FileResult] = field(default_factory=list)
    hit: CompiledPack | None = None
    words: CardWords = ()


def validate(
    paths: Sequence[Path],
    catalogue: Catalogue,
    *,
    cache: PackCache | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> ValidationReport:
    """Validate the packs at ``paths`` (every installed pack when empty); ``progress``
    hears of each card file compiled (files from the cache are not compiled)."""
    usage: list[Diagnostic] = []
    problems: list[Diagnostic] = []
    lone: list[tuple[Path, FileKind]] = []
    if paths:
        paths, lone = _lone_files(paths, catalogue.file_kinds)
    roots = find_pack_roots(paths, usage, problems) if paths else []
    if not paths and not lone:
        roots = list(catalogue.installed_packs)
    targets = {_resolved(r) for r in roots}
    context = [p for p in catalogue.installed_packs if _resolved(p) not in targets]
    pending = [_start(root, catalogue, cache) for root in roots]
    # A pack given by path stands in for the installed copy with its id (a modder
    # validating the working copy of an installed expansion), rather than duplicating it.
    given = {p.pack.id for p in pending}
    pending.extend(
        p for p in (_start(r, catalogue, cache) for r in context) if p.pack.id not in given
    )
    _add_words(pending, catalogue, cache)
    keys = [p.key for p in pending if p.key is not None]
    whole = run_key(keys, len(roots)) if cache is not None and len(keys) == len(pending) else None
    if problems:  # the run's result then depends on more than the packs' contents
        whole = None
    beside = [
        (index, *found)
        for index, p in enumerate(pending[: len(roots)])
        for found in pack_files(p.pack, catalogue.file_kinds)
    ]
    if whole is not None and (beside or lone):  # their contents and kinds count too
        whole = run_key([whole, files_key([(f, k) for _, f, k in beside] + lone)], len(roots))
    if cache is not None and whole is not None:
        # Nothing changed since a run with the same packs: its result stands as it was.
        stored = cache.load_diagnostics(whole)
        if stored is not None:
            found, counts = stored
            return ValidationReport(
                tuple(found),
                counts["packs"],
                counts["files"],
                counts["cards"],
                counts["packs"],
                tuple(usage),
            )
    packs = _finish(pending, catalogue, cache, jobs, progress)
    target_packs = packs[: len(roots)]
    for pack in target_packs:
        problems.extend(pack.all_diagnostics())
    problems.extend(cross_check(packs, target_packs, catalogue))
    for index, path, kind in beside:
        problems.extend(check_file(path, kind, FileContext(packs, catalogue, packs[index])))
    for path, kind in lone:
        problems.extend(check_file(path, kind, FileContext(packs, catalogue)))
    found = capped(sorted(set(problems), key=_order))
    counts = {
        "packs": len(target_packs),
        "files": sum(len(p.files) + 1 for p in target_packs) + len(beside) + len(lone),
        "cards": sum(len(p.cards()) for p in target_packs),
    }
    if cache is not None and whole is not None:
        cache.store_diagnostics(whole, found, counts)
    cached = sum(1 for p in target_packs if p.cached)
    return ValidationReport(
        tuple(found), counts["packs"], counts["files"], counts["cards"], cached, tuple(usage)
    )


def find_pack_roots(
    paths: Sequence[Path], usage: list[Diagnostic], problems: list[Diagnostic]
) -> list[Path]:
    """Pack folders for the given paths: a pack folder, a folder of packs, or a file in one."""
    roots: list[Path] = []
    for path in paths:
        if not path.exists():
            usage.append(
                Diagnostic(
                    core_codes.PATH_NOT_FOUND,
                    f"path '{path}' does not exist",
                    hint="give pack folders, folders of packs, or files inside a pack",
                )
            )
            continue
        found = _packs_at(path)
        if not found:
            problems.append(
                Diagnostic(
                    codes.NO_PACK,
                    f"no {MANIFEST} found for '{path}'",
                    Span.point(str(path), 1, 1) if path.is_file() else None,
                    _first_line(path),
                    hint=f"a content pack is a folder with a {MANIFEST} (see docs/content.md)",
                )
            )
        for root in found:
            if _resolved(root) not in {_resolved(r) for r in roots}:
                roots.append(root)
    return roots


def _lone_files(
    paths: Sequence[Path], kinds: Sequence[FileKind]
) -> tuple[list[Path], list[tuple[Path, FileKind]]]:
    """The paths left for :func:`find_pack_roots`, and the files of no pack whose kind is
    known (a setup, a map, a scenario, a card file: checked on their own). A folder of no
    pack gives its files of a known kind; one with none stays, to be HF220."""
    rest: list[Path] = []
    lone: list[tuple[Path, FileKind]] = []
    for path in paths:
        if not path.exists() or _packs_at(path):
            rest.append(path)
            continue
        files = [path] if path.is_file() else _yaml_below(path)
        found = [(f, kind) for f in files if (kind := lone_kind(f, kinds)) is not None]
        if found:
            lone.extend(f for f in found if f[0].resolve() not in {p.resolve() for p, _ in lone})
        else:
            rest.append(path)
    return rest, lone


def lone_kind(path: Path, kinds: Sequence[FileKind]) -> FileKind | None:
    """The kind of ``path``, a YAML file of no pack; None when it cannot be told."""
    if not path.name.endswith((".yaml", ".yml")):
        return None
    named = kind_of(path, None, kinds)
    if named is not None:
        return named
    loaded = load_file(path)
    data = None if loaded.document is None else loaded.document.data
    return kind_of(path, data, kinds) or (LONE_CARDS if is_cards(data) else None)


def _yaml_below(folder: Path) -> list[Path]:
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        found += [Path(dirpath) / n for n in sorted(filenames) if n.endswith((".yaml", ".yml"))]
    return found


def in_a_pack(path: Path) -> bool:
    """``path`` is a pack, holds packs or is a file inside one (what validate can check)."""
    return path.exists() and bool(_packs_at(path))


def _packs_at(path: Path) -> list[Path]:
    if path.is_file():
        for parent in [path.parent, *path.parent.parents]:
            if (parent / MANIFEST).is_file():
                return [parent]
        return []
    if (path / MANIFEST).is_file():
        return [path]
    found = []
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        if MANIFEST in filenames:
            found.append(Path(dirpath))
    return found


def compile_packs(
    roots: Sequence[Path],
    catalogue: Catalogue,
    *,
    cache: PackCache | None = None,
    jobs: int | None = None,
) -> list[CompiledPack]:
    """Compile each pack (from the cache when it has not changed), in the order given."""
    pending = [_start(root, catalogue, cache) for root in roots]
    _add_words(pending, catalogue, cache)
    return _finish(pending, catalogue, cache, jobs)


def _add_words(pending: list[_Pending], catalogue: Catalogue, cache: PackCache | None) -> None:
    """Give each pack the card words (game.yaml ``words:``) of every pack of its game in
    the run, before any effect is checked: a card may name a token another pack defines.
    Its cache key then covers them; which cards of a pack name words is cached too."""
    named: dict[str, list[Named]] = {}
    for p in pending:
        game = _game_of(p, catalogue)
        if game is None or not game.word_kinds:
            continue
        found = cache.load_named(p.key) if cache is not None and p.key is not None else None
        if found is None:
            kinds = {kind for kinds in game.word_kinds.values() for kind in kinds}
            found = [card for path, _ in p.files for card in named_in_file(path, kinds)]
            if cache is not None and p.key is not None:
                cache.store_named(p.key, found)
        named.setdefault(game.id, []).extend(found)
    for p in pending:
        game = _game_of(p, catalogue)
        if game is not None and game.id in named:
            p.words = card_words(named[game.id], game.word_kinds)
            if p.key is not None:
                p.key = worded_key(p.key, p.words)


def _game_of(pending: _Pending, catalogue: Catalogue) -> GameContent | None:
    manifest = pending.pack.manifest
    return None if manifest is None else catalogue.game(manifest.game)


def _finish(
    pending: list[_Pending],
    catalogue: Catalogue,
    cache: PackCache | None,
    jobs: int | None,
    progress: Progress | None = None,
) -> list[CompiledPack]:
    """Load the packs that are cached, compile the others (storing them), in order."""
    for p in pending:
        if cache is not None and p.key is not None:
            p.hit = cache.load(p.key, catalogue)
    tasks = [
        (path, name, p.pack.manifest.id, p.pack.manifest.game, p.words, i)
        for i, p in enumerate(pending)
        if p.pack.manifest is not None and p.hit is None
        for path, name in p.files
    ]
    for index, result in _run(tasks, catalogue, jobs, progress or _quiet):
        pending[index].results.append(result)
    packs = []
    for p in pending:
        if p.hit is not None:
            pack = replace(p.hit, cached=True)
        elif p.files or p.key is not None:
            pack = CompiledPack(
                p.pack.root,
                p.pack.manifest,
                p.pack.manifest_at,
                tuple(p.results),
                p.pack.diagnostics,
            )
            if cache is not None and p.key is not None:
                cache.store(p.key, pack)
        else:
            pack = p.pack
        packs.append(pack)
    return packs


def _start(root: Path, catalogue: Catalogue, cache: PackCache | None) -> _Pending:
    """Read the manifest, list the files and compute the pack's cache key."""
    display = _display(root)
    doc, problems = load_manifest(root, display)
    if doc is None:
        return _Pending(display, CompiledPack(display, None, {}, (), tuple(problems)), None)
    manifest, problems = validate_manifest(doc)
    at = manifest_positions(doc)
    if manifest is None:
        return _Pending(display, CompiledPack(display, None, at, (), tuple(problems)), None)
    game = catalogue.game(manifest.game)
    if game is None:
        problem = at["game"].diagnostic(
            codes.UNKNOWN_GAME,
            f"game '{manifest.game}' is not provided by any installed plugin",
            _known(manifest.game, list(catalogue.games)),
        )
        return _Pending(display, CompiledPack(display, None, at, (), (problem,)), None)
    files, folder_problems = card_files(root, display, manifest, at)
    pack = CompiledPack(display, manifest, at, (), tuple(folder_problems))
    key = None
    if cache is not None:
        try:
            contents = [(MANIFEST, (root / MANIFEST).read_bytes())]
            contents += [(name, path.read_bytes()) for path, name in files]
        except OSError:
            contents = []
        if contents:
            key = pack_key(display, contents, catalogue.fingerprint())
    return _Pending(display, pack, key, files)


_WORKER_GAMES: dict[str, GameContent] = {}


Progress = Callable[[int, int], None]
"""Told (files compiled, files to compile) after each card file."""

_Task = tuple[Path, str, str, str, CardWords, int]
"""A card file to compile: path, display name, pack id, game id, card words, pack index."""


def _work(task: tuple[str, str, str, str, CardWords]) -> FileResult:
    path, name, pack_id, game_id, words = task
    return compile_file(Path(path), name, pack_id, _WORKER_GAMES[game_id], words)


def _run(
    tasks: list[_Task], catalogue: Catalogue, jobs: int | None, progress: Progress
) -> list[tuple[int, FileResult]]:
    """Compile every file, in worker processes when it pays off; results in task order,
    each reported to ``progress`` as it comes (done, total)."""
    workers = jobs if jobs is not None else 1
    if workers > 1 and len(tasks) >= PARALLEL_FROM:
        found = _in_workers(tasks, catalogue, workers, progress)
        if found is not None:
            return found
    games = catalogue.games
    done = []
    for path, name, pack_id, game, words, index in tasks:
        done.append((index, compile_file(path, name, pack_id, games[game], words)))
        progress(len(done), len(tasks))
    return done


def _in_workers(
    tasks: list[_Task], catalogue: Catalogue, workers: int, progress: Progress
) -> list[tuple[int, FileResult]] | None:
    """:func:`_run` in forked worker processes; None where there is no fork, or when a
    model cannot cross processes (then the files are compiled in this one)."""
    import multiprocessing  # here, not at the top: every command imports this module
    from concurrent.futures import ProcessPoolExecutor

    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    _WORKER_GAMES.clear()
    _WORKER_GAMES.update(catalogue.games)
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            plain = [(str(p), n, pid, g, w) for p, n, pid, g, w, _ in tasks]
            chunk = max(1, len(plain) // (workers * 8))
            results = []
            for result in pool.map(_work, plain, chunksize=chunk):
                results.append(result)
                progress(len(results), len(tasks))
        return [(t[5], r) for t, r in zip(tasks, results, strict=True)]
    except Exception:  # a model that cannot cross processes: do it here instead
        return None
    finally:
        _WORKER_GAMES.clear()


def _quiet(done: int, total: int) -> None:
    """The progress of a run nobody watches."""


def _display(root: Path) -> str:
    """How files of ``root`` are named in reports: relative to the working directory if inside."""
    try:
        relative = os.path.relpath(root)
    except ValueError:
        return str(root)
    return str(root.resolve()) if relative.startswith("..") else relative


def _resolved(path: Path) -> Path:
    return path.resolve()


def _known(name: str, known: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f"did you mean '{close[0]}'?"
    return "installed games: " + (", ".join(sorted(known)) or "none")


def _order(d: Diagnostic) -> tuple[str, int, int, str, str]:
    span = d.span
    if span is None:
        return ("", 0, 0, d.code, d.message)
    return (span.file or "", span.line, span.column, d.code, d.message)


def _first_line(path: Path) -> str | None:
    if not path.is_file():
        return None
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            return handle.readline().rstrip("\r\n")
    except OSError:
        return None
