# The Alhambra calculator: gunicorn serving calculator:create_app() on port 8000.
#   docker build -t alhambra-calculator .
#   docker run --rm -p 8000:8000 --read-only --tmpfs /tmp alhambra-calculator
# Put nginx (deploy/nginx.conf) or an ingress in front: it buffers slow clients.

# Stage 1: the wheel, built by the standard frontend from the package's sources, with the
# engine's hot modules compiled by mypyc (ALHAMBRA_COMPILE=1, setup.py): a platform wheel. The
# wire contract (calculator/contract/) and every other data file ship inside it.
FROM python:3.11-slim-bookworm AS builder

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# mypyc's C compiler, in this stage only: the image that runs has none. Pinned to bookworm's;
# the C library's headers are those of this image's own C library.
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc=4:12.2.0-3 "libc6-dev=$(dpkg-query --show --showformat='${Version}' libc6)" \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY _build/ _build/
COPY calculator/ calculator/
RUN pip install --no-cache-dir build==1.6.1 \
 && ALHAMBRA_COMPILE=1 python -m build --wheel --outdir /dist

# Stage 2: the image that runs; it holds the installed wheel, not the sources.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH \
    BIND=0.0.0.0:8000

# An unprivileged user with a fixed numeric id, so Kubernetes' runAsNonRoot can verify it.
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid app --no-create-home --shell /usr/sbin/nologin app

WORKDIR /app

# The Noto CJK fonts (Latin, Cyrillic and Japanese in one family): resvg (a wheel, no system
# library) draws a ruling's PNG with them, in every language of the page. Pinned to bookworm's.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-noto-cjk=1:20220127+repack1-1 \
 && rm -rf /var/lib/apt/lists/*

# Dependencies first, in their own layer: a code change does not reinstall them.
COPY pyproject.toml ./
RUN python -m venv "$VIRTUAL_ENV" \
 && python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > /tmp/requirements.txt \
 && pip install --no-cache-dir -r /tmp/requirements.txt \
 && rm /tmp/requirements.txt

# The project itself: the compiled wheel from the builder stage (pip compiles the bytecode of
# its Python modules).
COPY --from=builder /dist/ /tmp/dist/
RUN pip install --no-cache-dir --no-deps /tmp/dist/*.whl \
 && rm -r /tmp/dist
COPY gunicorn.conf.py ./

USER 10001:10001
EXPOSE 8000

# Liveness from inside the container with what the image has anyway: Python, no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/livez', timeout=3).status != 200)"]

# Exec form: gunicorn is PID 1 and gets SIGTERM itself, so a stop finishes requests in flight.
CMD ["gunicorn", "--config", "gunicorn.conf.py", "calculator:create_app()"]
