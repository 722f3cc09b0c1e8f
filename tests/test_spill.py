"""Submission sources live in a temporary file, not in the parent's memory (grader.spill)."""

from __future__ import annotations

import errno
import os
import tempfile
import time

import pytest

from grader import isolation
from grader.discover import Sources, Submission
from grader.spill import Spill, SpilledList


def test_a_submission_keeps_where_its_source_is_not_the_source():
    source = b"def f():\n    return 1\n" * 50
    submission = Submission("anna", "anna.py", source, "0" * 64)
    assert submission.source == source
    assert source not in vars(submission).values()  # only its place in the spill is kept
    assert isinstance(vars(submission)["_source"], int)


def test_sources_are_read_back_by_id_in_order():
    submissions = [Submission(name, f"{name}.py", name.encode() * 3, "0" * 64) for name in ("bob", "anna", "cas")]
    sources = Sources(submissions)
    assert list(sources) == ["bob", "anna", "cas"] and len(sources) == 3
    assert sources["anna"] == b"annaannaanna" and "dirk" not in sources


def test_an_empty_source_needs_no_file():
    assert Submission("leeg", "leeg.py", b"", "0" * 64).source == b""


def test_an_unwritable_temporary_folder_keeps_sources_in_memory(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    spill = Spill()
    place = spill.put(b"x = 1")
    assert place == b"x = 1" and spill.get(place) == b"x = 1"


def test_many_sources_share_one_file_and_keep_their_bytes():
    spill = Spill()
    places = [spill.put(bytes([n % 256]) * (n + 1)) for n in range(300)]
    assert all(spill.get(place) == bytes([n % 256]) * (n + 1) for n, place in enumerate(places))


def test_json_values_come_back_as_new_copies_in_order():
    spill = Spill()
    values = [{"id": f"s{n}", "score": n % 4, "failed": ["a", "b"][: n % 3], "name": "Émile"} for n in range(50)]
    listed = SpilledList(spill, [spill.put_json(value) for value in values])
    assert len(listed) == 50 and list(listed) == values and listed[7] == values[7] and listed[2:4] == values[2:4]
    listed[0]["score"] = 99  # a copy: what is stored does not change
    assert listed[0]["score"] == 0


@pytest.mark.skipif(not isolation.ISOLATED, reason="needs fork (POSIX)")
def test_a_submission_child_cannot_read_the_class_sources():
    from grader.discover.model import SOURCES

    secret = Submission("anna", "anna.py", b"ANNA_SECRET = 42\n", "0" * 64)
    fd = SOURCES._file.fileno()

    def work(channel):
        try:
            data = os.pread(fd, 1 << 16, 0)
        except OSError as error:
            channel.send({"read": None, "error": error.errno})
        else:
            channel.send({"read": data.decode("latin-1")})

    child = isolation.spawn(work, 10)
    messages, done, deadline = [], False, time.monotonic() + 30
    while not done and time.monotonic() < deadline:
        got, done = child.read_messages()
        messages += got
        time.sleep(0.01)
    child.reap()
    assert secret.source.startswith(b"ANNA_SECRET")  # the parent still reads it
    assert messages == [{"read": None, "error": errno.EBADF}]  # the child holds no such file
