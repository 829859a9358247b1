"""gunicorn settings: ``gunicorn --config gunicorn.conf.py 'calculator:create_app()'``.

Every value can be overridden from the environment (the names in ``env(...)`` below) or on the
command line; the defaults are for one container behind nginx. Why each value is what it is:

Worker model: ``sync`` workers behind a buffering nginx.

* The work is CPU-bound (rule checks, the longest-wall search) and short, so parallelism comes
  from processes, one GIL each, and a worker serves one request at a time.
* A sync worker reads its request itself, so a slow client (slowloris) would hold it. nginx
  in front (deploy/nginx.conf, or ingress-nginx in Kubernetes) reads each request whole before
  passing it on and takes each response at once, so gunicorn only ever talks to a fast local
  peer; never expose gunicorn directly (the NetworkPolicy lets only the ingress in).
* Not ``gthread``: it drops a connection each time a worker recycles (max_requests). It
  accepts connections ahead of serving them, and those a recycling worker holds are reset
  (gunicorn issue #3038, still open). Measured with bench/soak.py's recycling load: gthread
  lost about one request per recycle, sync none. Its advantage, keep-alive to nginx, saves
  only a loopback connect per request here.
* Not gevent/eventlet: CPU-bound work blocks their event loop, for a dependency and
  monkey-patching.
"""

from __future__ import annotations

import math
import os
from pathlib import Path


def env(name: str, default: str) -> str:
    return os.environ.get(name, default)


def cpu_budget() -> int:
    """CPUs this container may use: the cgroup quota if there is one (Kubernetes CPU limit,
    ``docker --cpus``), else the CPUs the process may run on. ``os.cpu_count()`` would count
    the host's CPUs and start far too many workers in a small container."""
    cpus = len(os.sched_getaffinity(0))
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()
        if quota != "max":
            cpus = min(cpus, math.ceil(int(quota) / int(period)))
    except (OSError, ValueError):
        pass
    return max(cpus, 1)


# --- Where and how many ------------------------------------------------------------------------

bind = env("BIND", "127.0.0.1:8000")  # the container image sets 0.0.0.0:8000
worker_class = "sync"
# One process per CPU plus one, so a CPU is not idle while a worker reads or writes its
# socket; more processes would share the same CPUs and cost ~50 MB each. Scale out by replicas.
workers = int(env("WEB_CONCURRENCY", str(cpu_budget() + 1)))
# No threads: with threads > 1 gunicorn silently switches a sync worker to gthread.
threads = 1
backlog = 512  # connections wait here while every worker is busy

# Load the app once in the master and fork: the tile catalog is read, and (when_ready, below)
# the contracts compiled and the spec rendered, before any worker starts (a broken build fails
# at once, not per worker), and the workers share those pages copy-on-write. Code reloads are
# container restarts, not SIGHUP.
preload_app = True

# --- Time ---------------------------------------------------------------------------------------

# A worker silent for this long is killed and replaced. The slowest rules request (the
# largest table, worst-case positions at every size limit) takes well under a second, and the
# computer players think for at most MAX_BUDGET_MS (calculator/api/advice.py, 5 s) per request;
# 30 s is a hang, or a slow client that reached gunicorn without nginx, not work. nginx's
# proxy_read_timeout is a little longer so gunicorn decides first.
timeout = int(env("GUNICORN_TIMEOUT", "30"))
# On SIGTERM (Kubernetes rollout, docker stop) workers finish in-flight requests for up to
# this long; it must end before the pod's terminationGracePeriodSeconds (30) sends SIGKILL.
graceful_timeout = int(env("GUNICORN_GRACEFUL_TIMEOUT", "20"))
# (No keepalive setting: sync workers close each connection after its response.)

# --- Request limits ----------------------------------------------------------------------------

# nginx is the first gate and answers its refusals as problem+json (deploy/nginx.conf:
# large_client_header_buffers 4 8k). gunicorn's own refusals are bare text, so its limits are
# set no tighter than nginx's: nothing nginx lets through is refused here. They still bound
# what a client reaching gunicorn directly (inside the cluster) can make it parse.
limit_request_line = 8190  # the request line; gunicorn's maximum, = nginx's 8k buffer
limit_request_field_size = 8190  # one header line, = nginx's 8k buffer
# Browsers send ~15 headers and proxies add a few X-Forwarded-*; 50 leaves room and no more
# (nginx counts bytes, not headers, so this is the one gunicorn limit nginx does not mirror).
limit_request_fields = 50
# Bodies are limited by the app (MAX_CONTENT_LENGTH, 256 KiB -> 413 problem+json, chunked
# bodies too) and by nginx's client_max_body_size, set to the same figure.

# --- Staying healthy over days ------------------------------------------------------------------

# Replace each worker after this many requests, so a slow leak (ours or a library's) can never
# grow without bound; the jitter spreads the restarts so workers do not all recycle at once.
max_requests = int(env("GUNICORN_MAX_REQUESTS", "5000"))
max_requests_jitter = int(env("GUNICORN_MAX_REQUESTS_JITTER", "500"))
# The heartbeat file each worker touches: on tmpfs, because a read-only root filesystem
# (Kubernetes) has no writable /tmp and a disk-backed one can stall the heartbeat under I/O.
worker_tmp_dir = "/dev/shm" if Path("/dev/shm").is_dir() else None

# --- Logs: everything to stdout, one line per event, each request with its id -----------------

accesslog = "-"
errorlog = "-"
loglevel = env("GUNICORN_LOGLEVEL", "info")
# %({x-request-id}o)s is the id the app echoes in the response (the client's or a new one);
# %(M)s the time taken in milliseconds.
access_log_format = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms request_id=%({x-request-id}o)s agent="%(a)s"'
# Behind nginx the peer address is nginx; it sends X-Forwarded-For, which only trusted
# proxies may set (FORWARDED_ALLOW_IPS: the proxy's address, or "*" inside a pod network).
forwarded_allow_ips = env("FORWARDED_ALLOW_IPS", "127.0.0.1")

logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "calculator.web.security.RequestIdFilter"},
    },
    "formatters": {
        "app": {
            "format": "%(asctime)s [%(process)d] [%(levelname)s] %(name)s "
            "request_id=%(request_id)s %(message)s",
        },
        "access": {"format": "%(asctime)s [%(process)d] [ACCESS] %(message)s"},
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "app",
            "filters": ["request_id"],
        },
        "access": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "access",
        },
    },
    "root": {"level": "INFO", "handlers": ["stdout"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["stdout"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["access"], "propagate": False},
    },
}


def when_ready(server) -> None:  # type: ignore[no-untyped-def]
    """In the master, with the app loaded (preload_app), before the first fork: the work each
    worker would repeat after every recycle (compiling the contracts, rendering the spec)."""
    from calculator.web.app import warm_up

    warm_up()


def post_worker_init(worker) -> None:  # type: ignore[no-untyped-def]
    """Refuse to serve a debug build: Flask's debug mode is for a developer's machine only."""
    if getattr(worker.wsgi, "debug", False):
        raise RuntimeError("the app is in debug mode (FLASK_DEBUG / ALHAMBRA_DEBUG); unset it")
