"""The grader's stored results are signed: a file planted in the output folder is never taken for one.

The result cache and the report stamps live under ``--out`` (``reports/.cache``), which may sit
in a student's own repository: a student could commit a well-formed entry that says 3/3. Each
file the grader writes there ends with an HMAC-SHA256 (RFC 2104, Python's ``hmac``) of its text
under a key of this user's, kept outside every output folder (``$XDG_CACHE_HOME`` or
``~/.cache``, ``%LOCALAPPDATA%`` on Windows: ``ticket-grader/key``, 32 random bytes, mode 0600).
A file without a valid signature counts as missing, so the submission is graded again. Where
that key cannot be kept, a key for this process only is used: nothing is reused across runs.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sys
from pathlib import Path

# The line that ends a signed file: this marker, then the hex HMAC of everything before it.
TRAILER = "\n#signature "
KEY_BYTES = 32


def key_path() -> Path:
    """Where this user's signing key is kept."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "ticket-grader" / "key"


_key: bytearray | None = None  # read once; zeroed in a grading child (forget_key)


def key() -> bytearray:
    """This user's signing key (made on first use), or a key for this process when it cannot be kept."""
    global _key
    if _key is None:
        _key = bytearray(_load_key())
    return _key


def forget_key() -> None:
    """Zero the key in this process's memory and drop it.

    A grading child calls this before any student code runs: the key the parent read before the
    fork is in the child's memory too, where code that escaped the sandbox could find it.
    """
    global _key
    if _key is not None:
        _key[:] = bytes(len(_key))
        _key = None


def _load_key() -> bytes:
    path = key_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            stored = path.read_bytes()
            if len(stored) == KEY_BYTES:
                return stored
            raise OSError("the key file is damaged") from None
        made = secrets.token_bytes(KEY_BYTES)
        with os.fdopen(descriptor, "wb") as file:
            file.write(made)
        return made
    except (OSError, RuntimeError):  # no home folder, read-only, damaged: sign for this run only
        return secrets.token_bytes(KEY_BYTES)


def signer() -> "hmac.HMAC":
    """A fresh HMAC to feed a file's text to, piece by piece (UTF-8)."""
    return hmac.new(key(), digestmod=hashlib.sha256)


def sign(text: str) -> str:
    """``text`` with its signature line appended."""
    mac = signer()
    mac.update(text.encode("utf-8"))
    return text + TRAILER + mac.hexdigest() + "\n"


def verified(path: Path) -> str | None:
    """The text of the signed file at ``path`` without its signature, or None (missing, unsigned, altered)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
    body, marker, signature = text.rpartition(TRAILER)
    if not marker:
        return None
    mac = signer()
    mac.update(body.encode("utf-8"))
    return body if hmac.compare_digest(mac.hexdigest(), signature.strip()) else None


def read_json(path: Path) -> object:
    """The JSON value of the signed file at ``path``, or None (missing, unsigned, altered or not JSON)."""
    body = verified(path)
    try:
        return None if body is None else json.loads(body)
    except ValueError:
        return None
