"""Where the games run: in this process, a local process pool, or Ray.

Every backend maps :func:`run_job` over the same jobs and returns the records in job
order, so the statistics never depend on the backend or the number of workers.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from hexforge.core.agents.codes import BAD_SIMULATION, NO_RAY
from hexforge.core.agents.search import SEARCH_NAME, SEARCH_UNAVAILABLE
from hexforge.core.engine.diagnostics import fail
from hexforge.core.errors import Diagnostic, ExitCode, HexforgeError
from hexforge.core.simulate.jobs import GameJob, GameRecord, run_job, using_plugins
from hexforge.plugins.manager import PluginHost

Progress = Callable[[GameRecord], None]


class Backend(StrEnum):
    LOCAL = "local"
    RAY = "ray"


def run_jobs(
    jobs: Sequence[GameJob],
    *,
    workers: int = 1,
    backend: Backend = Backend.LOCAL,
    address: str | None = None,
    progress: Progress | None = None,
    plugins: PluginHost | None = None,
) -> list[GameRecord]:
    """Run every job; ``progress`` hears of each finished game (in completion order).
    ``plugins``: the command's plugins, for the games played here and in forked workers
    (Ray workers load the installed ones)."""
    if workers < 1:
        raise fail(BAD_SIMULATION, f"--jobs must be at least 1, not {workers}")
    records = []
    with using_plugins(plugins):
        stream = _ray(jobs, workers, address) if backend is Backend.RAY else _local(jobs, workers)
        for record in stream:
            records.append(record)
            if progress is not None:
                progress(record)
    return sorted(records, key=lambda r: r.index)


@dataclass(frozen=True, slots=True)
class _Failure:
    """A job's HexforgeError as a plain value: the exception itself does not survive
    pickling, and a worker's unpicklable exception would hang the pool."""

    diagnostics: tuple[Diagnostic, ...]
    exit_code: ExitCode


def _attempt(job: GameJob) -> GameRecord | _Failure:
    try:
        return run_job(job)
    except HexforgeError as error:
        return _Failure(error.diagnostics, error.exit_code)


def _raised(result: GameRecord | _Failure) -> GameRecord:
    """The record, or the worker's error raised again here."""
    if isinstance(result, _Failure):
        raise HexforgeError(*result.diagnostics, exit_code=result.exit_code)
    return result


def _local(jobs: Sequence[GameJob], workers: int) -> Iterator[GameRecord]:
    if workers == 1 or len(jobs) <= 1:
        yield from map(run_job, jobs)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(workers) as pool:
        yield from map(_raised, pool.imap_unordered(_attempt, jobs, chunksize=1))


def _ray(jobs: Sequence[GameJob], workers: int, address: str | None) -> Iterator[GameRecord]:
    """The same jobs as Ray tasks; local Ray (``workers`` CPUs) unless ``address`` names a
    cluster (``ray://host:10001`` or ``auto``). The search agent forks at its decisions,
    which a Ray worker's threads make unsafe: jobs naming it are refused before Ray starts
    (a worker would refuse it too, :func:`~hexforge.core.agents.playout.fork_refusal`)."""
    if any(SEARCH_NAME in job.agents for job in jobs):
        raise fail(
            SEARCH_UNAVAILABLE,
            "the search agent forks the process at each decision and cannot run in Ray "
            "workers, which keep threads of their own",
            hint="use --backend local (its worker processes can fork)",
        )
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise fail(
            NO_RAY,
            "the ray backend needs Ray, which is not installed",
            hint="pip install 'hexforge[ray]', or use --backend local",
        ) from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(_attempt)
        pending = [remote.remote(job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield _raised(ray.get(ref))
    finally:
        if started:
            ray.shutdown()
