"""Writing report files safely: atomically, and only inside the output folder."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Iterator, TextIO


def write_atomic(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` via a temporary file and a rename (no half-written file)."""
    with atomic_stream(path, encoding) as stream:
        stream.write(text)


@contextlib.contextmanager
def atomic_stream(path: Path, encoding: str = "utf-8") -> Iterator[TextIO]:
    """A text stream whose content replaces ``path`` only when the ``with`` block ends without error.

    For files written piece by piece (results.json of a large class); on an error the
    temporary file is removed and ``path`` is left as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(handle, "w", encoding=encoding, newline="") as stream:
            yield stream
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; reports are for sharing
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
