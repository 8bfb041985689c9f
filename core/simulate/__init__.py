"""``hexforge simulate``: many seeded games in parallel, balance statistics, reports.

Jobs are plain values (:class:`GameJob`), results plain values (:class:`GameRecord`), so the
local process pool and Ray run the same function on the same inputs and the report depends
on the seeds only, never on the backend or the number of workers (docs/play.md).
"""

from hexforge.core.simulate.jobs import GameJob, GameRecord, jobs_for, run_job
from hexforge.core.simulate.stats import Summary, summarise, wilson

__all__ = ["GameJob", "GameRecord", "Summary", "jobs_for", "run_job", "summarise", "wilson"]
