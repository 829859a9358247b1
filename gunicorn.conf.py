"""gunicorn settings: ``gunicorn --config gunicorn.conf.py 'calculator:create_app()'``.

Every value can be overridden from the environment (the names in ``env(...)`` below) or on the
command line; the defaults are for one container behind nginx. Why each value is what it is:

Worker model. The work is CPU-bound (rule checks, the longest-wall search) and short, so
parallelism comes from processes, one GIL each. Slow clients must not hold those processes:
a sync worker reads the request itself and is stuck for as long as a client takes to send it
(slowloris). Two defences, both used:

* nginx in front (deploy/nginx.conf) with request and response buffering: it reads a whole
  request before passing it on and swallows the response at once, so gunicorn only ever
  talks to a fast local peer. This is the defence that holds; never expose gunicorn directly.
* ``gthread`` workers: a few threads per process, so a connection waiting on the network (a
  keep-alive connection from nginx between requests, a write to a slow socket) costs a
  thread, not the process, and nginx can keep upstream connections alive, which sync workers
  cannot. Async workers (gevent) would add a dependency and monkey-patching for no gain on
  CPU-bound work, which blocks their event loop.
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
worker_class = "gthread"
# One process per CPU plus one, so a CPU is never idle while a worker waits on its socket;
# more processes would only share the same CPUs and cost ~40 MB each. Scale out by replicas.
workers = int(env("WEB_CONCURRENCY", str(cpu_budget() + 1)))
# Threads cover network waits, not computation (the GIL): a handful is enough.
threads = int(env("GUNICORN_THREADS", "4"))
# Accepted connections a gthread worker holds at once (busy and idle keep-alive ones).
worker_connections = int(env("GUNICORN_WORKER_CONNECTIONS", "200"))
backlog = 512  # the listen queue while every thread is busy; nginx retries on another replica

# Load the app once in the master and fork: schemas are compiled and the tile catalog read
# before any worker starts (a broken build fails at once, not per worker), and the workers
# share those pages copy-on-write. Code reloads are container restarts, not SIGHUP.
preload_app = True

# --- Time ---------------------------------------------------------------------------------------

# A worker silent for this long is killed and replaced. The slowest legitimate request (the
# largest table, worst-case positions at every size limit) takes well under a second; 30 s is
# a hang, not work. nginx's proxy_read_timeout is a little longer so gunicorn decides first.
timeout = int(env("GUNICORN_TIMEOUT", "30"))
# On SIGTERM (Kubernetes rollout, docker stop) workers finish in-flight requests for up to
# this long; it must end before the pod's terminationGracePeriodSeconds (30) sends SIGKILL.
graceful_timeout = int(env("GUNICORN_GRACEFUL_TIMEOUT", "20"))
# Idle keep-alive connections from nginx are closed after this. Kept longer than nginx's
# upstream keepalive_timeout (4 s), so nginx always closes first and never reuses a
# connection gunicorn is closing at that very moment.
keepalive = int(env("GUNICORN_KEEPALIVE", "5"))

# --- Request limits ----------------------------------------------------------------------------

# nginx is the first gate and answers its refusals as problem+json (deploy/nginx.conf:
# large_client_header_buffers 4 8k). gunicorn's own refusals are bare text, so its limits are
# set no tighter than nginx's: nothing nginx lets through is refused here. They still bound
# what a client reaching gunicorn directly (inside the cluster) can make it parse.
limit_request_line = 8190          # the request line; gunicorn's maximum, = nginx's 8k buffer
limit_request_field_size = 8190    # one header line, = nginx's 8k buffer
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
access_log_format = (
    '%(h)s "%(r)s" %(s)s %(B)s %(M)sms request_id=%({x-request-id}o)s '
    'agent="%(a)s"'
)
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


def post_worker_init(worker) -> None:  # type: ignore[no-untyped-def]
    """Refuse to serve a debug build: Flask's debug mode is for a developer's machine only."""
    if getattr(worker.wsgi, "debug", False):
        raise RuntimeError("the app is in debug mode (FLASK_DEBUG / ALHAMBRA_DEBUG); unset it")
