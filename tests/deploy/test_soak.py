"""A short soak against real gunicorn (``bench/soak.py``), so that a stale expectation of the
long run (``make soak``) fails the build: every request of the mix gets the status it must get,
and no worker's memory keeps growing. How the soak judges a worker's memory, on made-up samples."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from bench.soak import Sample, worker_memory

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_soak_gets_every_expected_status():
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "soak.py"), "--seconds", "15", "--warmup", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "verdict: OK (errors: 0" in run.stdout


def samples(born: float, died: float, rss: Callable[[float], float]) -> list[Sample]:
    """One sample a second of a worker's life, its USS a fixed share of its RSS."""
    return [(t, rss(t), 0.6 * rss(t)) for t in range(int(born), int(died) + 1)]


def test_a_worker_that_replaces_a_recycled_one_is_judged_after_its_own_warm_up():
    # born at 40 s, 55 MiB cold, 61 MiB from 46 s on: a warm-up, not a leak
    late = samples(40, 60, lambda t: 55.0 if t < 46 else 61.0)
    judged = worker_memory(late, warmup=10.0)
    assert judged is not None and judged.start == 50
    assert not judged.growing


def test_memory_that_keeps_growing_after_the_warm_up_fails_the_soak():
    leaking = samples(1, 60, lambda t: 60.0 + 0.2 * t)
    judged = worker_memory(leaking, warmup=10.0)
    assert judged is not None and judged.growing


def test_steady_memory_passes_the_soak():
    judged = worker_memory(samples(1, 60, lambda t: 61.0), warmup=10.0)
    assert judged is not None and not judged.growing


def test_a_worker_that_does_not_outlive_its_warm_up_is_not_judged():
    assert worker_memory(samples(52, 60, lambda t: 55.0 + t), warmup=10.0) is None
