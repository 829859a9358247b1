"""The documentation: the repository carries the rules it cites (the team's current text), the
README maps every rule to its module, and no document points at something the repository does
not hold."""

import re
from pathlib import Path

import pytest

from calculator.api.contract import schema_documents

ROOT = Path(__file__).resolve().parents[2]


def test_docs_rules_is_the_shared_rules_text():
    shared = ROOT.parent / "shared" / "RULES.md"
    copy = (ROOT / "docs" / "RULES.md").read_text("utf-8")
    assert "**B5 No holes.**" in copy
    if shared.exists():  # beside every checkout of the team; a lone clone keeps its copy
        assert copy == shared.read_text("utf-8")


def test_the_rule_ids_a_violation_may_name_are_those_of_the_rules():
    """schemas/violation.json lists the rule ids a client may meet: exactly those of RULES.md."""
    rules = (ROOT / "docs" / "RULES.md").read_text("utf-8")
    ids = set(re.findall(r"\*\*([CBWMTDVGHKSX][0-9]+)[* ]", rules))
    schema = schema_documents()["violation.json"]
    assert set(schema["properties"]["rule"]["enum"]) == ids


# The documents a newcomer reads. docs/RULES.md is left out: it is the team's text, kept
# verbatim (above), and it names the printed rulebooks it restates, which are not shipped here.
DOCUMENTS = [
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    ROOT / "CHANGELOG.md",
    *sorted(path for path in (ROOT / "docs").glob("*.md") if path.name != "RULES.md"),
]
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
# A code span may run over a line break, never over a blank line.
INLINE_CODE = re.compile(r"`((?:[^`\n]|\n(?!\n))+)`")
FILE_SUFFIX = re.compile(r"\.(py|md|json|ya?ml|toml|conf|csv|js|css|html|png|svg|txt|cfg|ini)$")
REPO_PATH = re.compile(r"^[\w.-]+(/[\w.*-]+)*/?(::\w+)?$")
MEDIA_TYPES = {"application", "image", "text"}
# Made by `make install`, the test run and `make compiled`, never committed.
MADE_LOCALLY = (".venv/", "tests/artifacts/", "build/")


def prose(document: Path) -> str:
    """The document without its fenced blocks: commands and outputs name files of the reader."""
    return FENCE.sub("", document.read_text("utf-8"))


def heading_anchors(document: Path) -> set[str]:
    """GitHub's anchors for a document's headings: lower case, punctuation dropped, spaces to
    hyphens, a repeated heading numbered."""
    anchors: set[str] = set()
    for line in prose(document).splitlines():
        if line.startswith("#"):
            anchor = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
            repeated, numbered = 0, anchor
            while numbered in anchors:
                repeated += 1
                numbered = f"{anchor}-{repeated}"
            anchors.add(numbered)
    return anchors


def relative_links(document: Path) -> list[str]:
    targets = [a or b for a, b in LINK.findall(prose(document))]
    return [t for t in targets if not re.match(r"^[a-z]+:", t)]


def repository_paths(document: Path) -> list[str]:
    """Every inline-code span that names a file or folder of the repository."""
    paths = []
    for code in INLINE_CODE.findall(prose(document)):
        if not REPO_PATH.match(code) or code.split("/")[0] in MEDIA_TYPES:
            continue
        if ("/" in code or FILE_SUFFIX.search(code.split("::")[0])) and not code.startswith(
            MADE_LOCALLY
        ):
            paths.append(code)
    return paths


def test_the_readme_is_a_five_minute_read():
    assert len((ROOT / "README.md").read_text("utf-8").splitlines()) <= 250


def leads_somewhere(document: Path, link: str) -> bool:
    """Whether a relative link names a file of the repository and, if it has one, a heading of
    that file."""
    target, _, anchor = link.partition("#")
    path = (document.parent / target).resolve() if target else document
    if not path.exists() or ROOT not in (path, *path.parents):
        return False
    return not anchor or anchor in heading_anchors(path)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_relative_link_leads_to_a_file_and_heading_of_the_repository(document):
    links = relative_links(document)
    assert links
    assert [link for link in links if not leads_somewhere(document, link)] == []


# Where a bare file name (``huts.py`` after ``calculator/engine/``) may live.
TRACKED_FOLDERS = ("calculator", "tests", "bench", "scripts", "deploy", "docs", "schemas")


def exists(named: str) -> bool:
    """Whether a path from the root (a glob, or a test as ``file::test_name``), or a bare file
    name, names something in the repository."""
    path, _, test_name = named.partition("::")
    if "/" not in path and not (ROOT / path).exists():
        found = [hit for folder in TRACKED_FOLDERS for hit in (ROOT / folder).rglob(path)]
    elif "*" in path:
        found = list(ROOT.glob(path.rstrip("/")))
    else:
        found = [ROOT / path]
    if not found or not all(match.exists() for match in found):
        return False
    return not test_name or f"def {test_name}(" in found[0].read_text("utf-8")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_repository_path_named_exists(document):
    assert [named for named in repository_paths(document) if not exists(named)] == []


RULE_ID_OR_RANGE = re.compile(r"\b([CBWMTDVGHKSX])([0-9])(?:\s*[-\u2013]\s*\1?([0-9]))?\b")


def rule_ids(text: str) -> set[str]:
    """The rule ids a text cites, ranges spelled out: "B2-B6" is B2 to B6 (with a hyphen or
    an en dash)."""
    ids = set()
    for family, first, last in RULE_ID_OR_RANGE.findall(text):
        ids |= {f"{family}{n}" for n in range(int(first), int(last or first) + 1)}
    return ids


# Rules that no module has to cite: B1 (tiles are never rotated: a tile is its printed walls,
# there is nothing to check), C5 (the reserve is a member of a player), W5 (a difference from
# Board Game Arena that W3 already settles).
CITED_BY_NO_MODULE = {"B1", "C5", "W5"}


def test_the_readme_maps_every_rule_id_to_a_module_that_cites_it():
    """The README's rule table finds the module for any rule id of docs/RULES.md in one step."""
    rules = (ROOT / "docs" / "RULES.md").read_text("utf-8")
    every_id = set(re.findall(r"\*\*([CBWMTDVGHKSX][0-9]+)[* ]", rules))
    readme = (ROOT / "README.md").read_text("utf-8")
    table = readme.split("### Find the module for a rule", 1)[1].split("\n\n")[1]
    mapped, uncited = set(), []
    for row in table.splitlines()[2:]:
        ids_cell, modules_cell = row.strip("|").split("|")[:2]
        ids = rule_ids(ids_cell)
        modules = [code for code in INLINE_CODE.findall(modules_cell) if "/" in code]
        cited = set().union(*(rule_ids((ROOT / m).read_text("utf-8")) for m in modules))
        uncited += sorted(ids - cited - CITED_BY_NO_MODULE)
        mapped |= ids
    assert mapped == every_id
    assert not uncited


def test_the_readme_scores_example_shows_the_real_answer(client):
    """The README's scores request, sent to the app: its answer is the one shown, where the
    README leaves parts out (``...``) the rest still in order, the warnings included."""
    readme = (ROOT / "README.md").read_text("utf-8")
    found = re.search(r"^curl -s localhost:8000/v1/scores .* -d '(.*)'\n# (.*)$", readme, re.M)
    assert found is not None, "the README has no scores example"
    body, shown = found.groups()
    response = client.post("/v1/scores", data=body, headers={"Content-Type": "application/json"})
    answer = response.get_data(as_text=True).rstrip("\n")
    assert response.status_code == 200 and '"warnings":[{' in answer
    pieces = shown.split("...")
    assert answer.startswith(pieces[0]) and answer.endswith(pieces[-1]), (shown, answer)
    at = 0
    for piece in pieces:
        at = answer.find(piece, at)
        assert at >= 0, f"{piece!r} is not in the answer {answer}"
        at += len(piece)


def test_the_client_docs_install_the_versions_the_tests_pin():
    """docs/clients.md's install commands name the versions ``package.json`` and the test
    extra pin, the ones tests/contract/test_clients.py runs."""
    import json
    import tomllib

    clients = (ROOT / "docs" / "clients.md").read_text("utf-8")
    npm = json.loads((ROOT / "package.json").read_text("utf-8"))["devDependencies"]
    named = dict(re.findall(r"(@?[a-z][\w./-]*)@([0-9][\w.-]*)", clients))
    assert named, "the docs install nothing"
    assert {name: version for name, version in named.items() if name in npm} == {
        name: npm[name] for name in named if name in npm
    }
    assert {"openapi-typescript", "typescript", "@hey-api/openapi-ts", "orval", "zod"} <= set(named)
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    pins = dict(pin.split("==") for pin in extra["optional-dependencies"]["test"] if "==" in pin)
    python = dict(re.findall(r"pip install ([\w-]+)==([0-9.]+)", clients))
    assert python == {name: pins[name] for name in python}
    assert {"openapi-python-client", "datamodel-code-generator"} <= set(python)
