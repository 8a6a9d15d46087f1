"""What the Python tests share: the `motley` binary they drive, and why
they cannot run here (python-chess or the binary missing), which skips
them locally and fails them in CI."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MOTLEY = os.environ.get("MOTLEY", os.path.join(ROOT, "target", "debug", "motley"))


def missing(chess):
    """Why these tests cannot run here, or None; `chess` is the imported
    python-chess module, or None when it is not installed."""
    if chess is None:
        return "python-chess is not installed (pip install chess)"
    if not os.access(MOTLEY, os.X_OK):
        return f"no motley binary at {MOTLEY} (cargo build -p motley-chess, or set MOTLEY)"
    return None


def skip_reason(chess):
    """`missing(chess)`, raised as a failure when the environment variable
    CI is set: there every test must run."""
    reason = missing(chess)
    if reason and os.environ.get("CI"):
        raise AssertionError(reason)
    return reason
