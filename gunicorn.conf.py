"""gunicorn settings: `gunicorn --config gunicorn.conf.py 'calculator:create_app()'`."""

import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
accesslog = "-"
errorlog = "-"
