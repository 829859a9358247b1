"""The long fuzzing run (``make fuzz``): schemathesis with every check against real gunicorn, then
the hypothesis fuzz of the request path with many more, fresh examples.

Run:  .venv/bin/python bench/fuzz.py [--examples 300] [--fuzz-examples 2000] [--seed N]

1. gunicorn starts with gunicorn.conf.py; ``schemathesis run`` reads /openapi.yaml from it
   and runs every phase (examples, coverage, fuzzing) with ``--checks all``, positive and
   negative data. Positive bodies are first brought within the rules JSON Schema cannot state
   (bench/within_the_rules.py, registered by bench/schemathesis_hooks.py: the hook the
   in-process schemathesis tests use).
2. ``tests/api/test_hostile_fuzz.py`` runs with ``FUZZ_EXAMPLES`` examples per test, not
   derandomized: new inputs every run.

Prints both tools' reports; exit status 1 if either found anything.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.servers import gunicorn  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--examples", type=int, default=300, help="schemathesis examples per operation and phase"
    )
    parser.add_argument(
        "--fuzz-examples",
        type=int,
        default=2000,
        help="hypothesis examples per fuzz test and operation",
    )
    parser.add_argument("--seed", type=int, default=random.randrange(2**31))
    args = parser.parse_args()
    binary = Path(sys.executable).parent

    with gunicorn() as server:
        print(
            f"schemathesis --checks all against gunicorn at {server.url}, seed {args.seed}",
            flush=True,
        )
        schemathesis = subprocess.run(
            [
                str(binary / "schemathesis"),
                "--no-color",
                "run",
                f"{server.url}/openapi.yaml",
                "--checks",
                "all",
                "--mode",
                "all",
                "--phases",
                "examples,coverage,fuzzing",
                "--max-examples",
                str(args.examples),
                "--seed",
                str(args.seed),
                "--suppress-health-check",
                "all",
            ],
            cwd=ROOT,
            env={**os.environ, "SCHEMATHESIS_HOOKS": "bench.schemathesis_hooks"},
            check=False,
        )
    print(
        f"\nhypothesis fuzz of the request path, {args.fuzz_examples} examples per test", flush=True
    )
    fuzz = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "tests/api/test_hostile_fuzz.py",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        env={**os.environ, "FUZZ_EXAMPLES": str(args.fuzz_examples)},
        check=False,
    )
    print(f"\nschemathesis exit {schemathesis.returncode}, fuzz exit {fuzz.returncode}")
    return 1 if schemathesis.returncode or fuzz.returncode else 0


if __name__ == "__main__":
    sys.exit(main())
