"""The package works wherever it is installed.

``python -m build`` makes the sdist and, from it, the wheel. The wheel is installed into a
fresh venv in a temporary directory, and everything runs from another temporary directory, so
nothing of the checkout is within reach: the console script ``alhambra``, and gunicorn serving
``calculator:create_app()``. Each answer must be the one the checkout's app gives.

The venv gets the wheel alone (``--no-deps``); its dependencies are the ones this environment
already has, seen through a ``.pth`` file, so the test needs no index. A ``.pth`` line only
adds a directory to ``sys.path``, after the venv's own site-packages: the checkout's editable
install (a ``.pth`` file of its own there) is not followed, and the tests check that
``calculator`` is imported from the venv.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.servers import gunicorn
from tests.helpers.api import SCORES_BODY as TABLE

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "calculator"
BUILD_TIMEOUT = 300  # seconds; a bound that only catches a hang


def package_files() -> dict[str, bytes]:
    """Every file of the package in the checkout, by its path in the wheel."""
    return {
        path.relative_to(ROOT).as_posix(): path.read_bytes()
        for path in sorted(PACKAGE.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def outside_environment(venv: Path | None = None) -> dict[str, str]:
    """This process's environment without what would put the checkout on ``sys.path``."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "ALHAMBRA_COMPILE")
    }
    if venv is not None:
        environment["PATH"] = f"{venv / 'bin'}{os.pathsep}{environment.get('PATH', '')}"
    return environment


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """The sdist and the wheel built from it, from a copy of what a build reads.

    A copy, because setuptools adds the files listed by an ``*.egg-info`` left in the checkout
    (an editable install writes one) to the sdist: a file the configuration forgot would ship
    all the same.
    """
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy(ROOT / name, source)
    shutil.copytree(
        ROOT / "_build", source / "_build", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(
        PACKAGE, source / "calculator", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        env=outside_environment(),
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


@pytest.fixture(scope="module")
def venv(dists, tmp_path_factory) -> Path:
    """A fresh venv, outside the checkout, holding the wheel."""
    venv = tmp_path_factory.mktemp("venv") / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)],
        check=True,
        timeout=BUILD_TIMEOUT,
    )
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    subprocess.run(
        [*pip, "install", "--quiet", "--no-deps", "--no-index", str(dists["wheel"])],
        check=True,
        timeout=BUILD_TIMEOUT,
        env=outside_environment(),
    )
    site_packages = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
        env=outside_environment(venv),
    ).stdout.strip()
    ours = sysconfig.get_paths()
    (Path(site_packages) / "dependencies.pth").write_text(
        "\n".join(dict.fromkeys([ours["purelib"], ours["platlib"]])) + "\n", "utf-8"
    )
    return venv


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory) -> Path:
    """A working directory with nothing of the checkout in it."""
    return tmp_path_factory.mktemp("elsewhere")


def run_in(
    venv: Path, cwd: Path, *command: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(command),
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=outside_environment(venv),
        check=False,
    )


def test_the_wheel_holds_every_file_of_the_package_byte_for_byte_and_nothing_else(dists):
    # pure Python: the compiled build is asked for (ALHAMBRA_COMPILE=1, setup.py), not the default
    assert dists["wheel"].name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        names = wheel.namelist()
        shipped = {name: wheel.read(name) for name in names if name.startswith("calculator/")}
    assert shipped == package_files()
    metadata = {name.split("/")[0] for name in names if not name.startswith("calculator/")}
    assert len(metadata) == 1 and metadata.pop().endswith(".dist-info")


def test_the_sdist_holds_the_contract_as_files_not_links(dists):
    contract = {
        name: data
        for name, data in package_files().items()
        if name.startswith("calculator/contract/")
    }
    assert "calculator/contract/openapi.yaml" in contract
    assert "calculator/contract/schemas/scores-request.json" in contract
    with tarfile.open(dists["sdist"]) as sdist:
        top = sdist.getnames()[0].split("/")[0]
        members = {member.name.removeprefix(top + "/"): member for member in sdist.getmembers()}
        for name, data in contract.items():
            assert members[name].isfile(), name
            assert sdist.extractfile(members[name]).read() == data, name
        assert not [member.name for member in members.values() if member.issym()]


@pytest.mark.parametrize("name", ["schemas", "openapi.yaml"])
def test_the_top_level_contract_is_a_relative_link_to_the_package_copy(name):
    """One copy: the repository's top level shows the package's files through a link."""
    link = ROOT / name
    assert link.is_symlink() and not Path(os.readlink(link)).is_absolute()
    assert link.resolve() == (PACKAGE / "contract" / name).resolve()


def test_the_package_is_imported_from_the_venv_not_the_checkout(venv, elsewhere):
    result = run_in(
        venv,
        elsewhere,
        str(venv / "bin" / "python"),
        "-c",
        "import calculator; print(calculator.__file__)",
    )
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()).is_relative_to(venv)


def test_alhambra_help_runs_from_the_installed_script(venv, elsewhere):
    result = run_in(venv, elsewhere, str(venv / "bin" / "alhambra"), "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: alhambra") and "score" in result.stdout


def test_alhambra_score_answers_as_the_api_does(venv, elsewhere, client):
    """M1-M5, W4, D3 as the checkout's app scores them, from the installed package."""
    result = run_in(
        venv, elsewhere, str(venv / "bin" / "alhambra"), "score", "-", stdin=json.dumps(TABLE)
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == client.post("/v1/scores", json=TABLE).get_data(as_text=True)


@pytest.fixture(scope="module")
def installed_server(venv, elsewhere) -> Iterator[str]:
    """gunicorn from the venv, started outside the checkout, serving the installed app."""
    with pytest.MonkeyPatch.context() as patch:
        # servers.gunicorn starts from this process's environment: take the checkout out of it.
        for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):
            patch.delenv(name, raising=False)
        with gunicorn(
            env=outside_environment(venv),
            workers=1,
            python=str(venv / "bin" / "python"),
            cwd=elsewhere,
        ) as server:
            yield server.url


def fetch(url: str, body: dict | None = None) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.read()


def test_the_installed_app_scores_a_round(installed_server, client):
    status, body = fetch(installed_server + "/v1/scores", TABLE)
    assert status == 200
    assert body == client.post("/v1/scores", json=TABLE).get_data()


@pytest.mark.parametrize(
    "path",
    [
        "/openapi.yaml",  # the contract: openapi.yaml with schemas/ bundled in
        "/schemas/scores-request.json",
        "/v1/catalog",  # the tile catalog, core/data/tiles.csv
        "/?lang=ja",  # the page: a template, the message catalogs
        "/sw.js",  # the page's static files, listed and hashed
        "/static/app.css",
    ],
)
def test_the_installed_app_serves_what_the_checkout_serves(installed_server, client, path):
    status, body = fetch(installed_server + path)
    assert status == 200
    assert body == client.get(path).get_data()
