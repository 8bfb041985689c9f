"""Where the games run: in this process, a local process pool, or Ray.

Every backend maps :func:`run_job` over the same jobs and returns the records in job
order, so the statistics never depend on the backend or the number of workers.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum

from hexforge.core.agents.codes import BAD_SIMULATION, NO_RAY
from hexforge.core.engine.diagnostics import fail
from hexforge.core.simulate.jobs import GameJob, GameRecord, run_job

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
) -> list[GameRecord]:
    """Run every job; ``progress`` hears of each finished game (in completion order)."""
    if workers < 1:
        raise fail(BAD_SIMULATION, f"--jobs must be at least 1, not {workers}")
    stream = _ray(jobs, workers, address) if backend is Backend.RAY else _local(jobs, workers)
    records = []
    for record in stream:
        records.append(record)
        if progress is not None:
            progress(record)
    return sorted(records, key=lambda r: r.index)


def _local(jobs: Sequence[GameJob], workers: int) -> Iterator[GameRecord]:
    if workers == 1 or len(jobs) <= 1:
        yield from map(run_job, jobs)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(workers) as pool:
        yield from pool.imap_unordered(run_job, jobs, chunksize=1)


def _ray(jobs: Sequence[GameJob], workers: int, address: str | None) -> Iterator[GameRecord]:
    """The same jobs as Ray tasks; local Ray (``workers`` CPUs) unless ``address`` names a
    cluster (``ray://host:10001`` or ``auto``)."""
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
        remote = ray.remote(run_job)
        pending = [remote.remote(job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def default_workers() -> int:
    """One worker per CPU this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
