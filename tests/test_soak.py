"""A short soak against real gunicorn (``bench/soak.py``), so that a stale expectation of the
long run (``make soak``) fails the build: every request of the mix gets the status it must get,
and no worker's memory keeps growing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_short_soak_gets_every_expected_status():
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "soak.py"), "--seconds", "15", "--warmup", "5"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "verdict: OK (errors: 0" in run.stdout
