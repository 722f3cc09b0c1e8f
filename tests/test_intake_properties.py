"""Property tests: any file or member name, however odd, never crashes discovery or escapes the output folder."""

from __future__ import annotations

import io
import os
import tempfile
import unicodedata
import warnings
import zipfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.discover import UsageError, discover, safe_name
from grader.discover.layouts import moodle

SETTINGS = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

# One path segment as a file system accepts it: no "/" or NUL, not "." or "..", at most 255 bytes.
SEGMENT = st.one_of(
    st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)), min_size=1, max_size=40),
    st.sampled_from(["main.py", "Main.py", "main (1).py", "main.py.txt", "..main.py", "...", "__MACOSX", "._main.py",
                     "con.py", "CON", "ü.py", "u\u0308.py", "a" * 250 + ".py", "x.ipynb", "x.zip", "-rf", "~"]),
).filter(lambda s: s not in (".", "..") and len(s.encode("utf-8")) <= 255)
# Any member name a zip may hold: "..", absolute paths, backslashes, drive letters, empty parts.
MEMBER = st.one_of(
    st.lists(st.one_of(SEGMENT, st.sampled_from(["..", ".", "", "C:", "\\..\\x", "/"])), min_size=1, max_size=5)
    .map("/".join),
    st.text(min_size=1, max_size=80),
).filter(lambda name: name.split("\x00")[0] != "")  # zipfile cuts names at NUL and cannot write ""
CONTENT = st.sampled_from([b"x = 1\n", b"", b"def validate_ticket_proposal(p):\n    return p\n", b"\xff\xfe\x00",
                           b'{"cells": []}', b"PK\x03\x04"])


def assert_contained(submissions, out: Path) -> None:
    """Every submission's report file lies directly in ``out/feedback``; ids are unique."""
    ids = [submission.id for submission in submissions]
    assert len(ids) == len(set(ids))
    feedback = (out / "feedback").resolve()
    names = set()
    for submission in submissions:
        assert isinstance(submission.source, bytes)
        path = (out / "feedback" / f"{safe_name(submission.id)}.html").resolve()  # as grader.reports names it
        assert path.parent == feedback and path.name.isascii() and not path.name.startswith("-")
        names.add(path.name)
    assert len(names) == len(submissions)  # two students never share a report


def listing(folder: Path) -> list[str]:
    return sorted(str(path) for path in folder.rglob("*"))


@SETTINGS
@given(st.lists(st.tuples(st.lists(SEGMENT, min_size=1, max_size=3), CONTENT), min_size=1, max_size=6))
def test_any_folder_names(entries):
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary) / "in"
        root.mkdir()
        for parts, data in entries:
            target = root.joinpath(*parts)
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            except OSError:
                continue  # a name the file system refuses, or a file where a folder should be
        before = listing(Path(temporary))
        try:
            submissions, _ = discover([str(root)])
        except UsageError:
            return
        assert listing(Path(temporary)) == before  # discovery writes nothing
        assert_contained(submissions, Path(temporary) / "out")


@SETTINGS
@given(st.lists(st.tuples(MEMBER, CONTENT), min_size=1, max_size=8), st.booleans())
def test_any_zip_member_names(members, nested):
    with tempfile.TemporaryDirectory() as temporary:
        archive = Path(temporary) / "export.zip"
        inner = io.BytesIO()
        with warnings.catch_warnings(), zipfile.ZipFile(inner if nested else archive, "w") as zf:
            warnings.simplefilter("ignore")  # duplicate names are part of the test
            for name, data in members:
                zf.writestr(name, data)
        if nested:  # the same members inside a student's own zip inside the export
            with zipfile.ZipFile(archive, "w") as zf:
                zf.writestr("student/inlevering.zip", inner.getvalue())
        before = listing(Path(temporary))
        try:
            submissions, _ = discover([str(archive)])
        except UsageError:
            return
        assert listing(Path(temporary)) == before
        assert_contained(submissions, Path(temporary) / "out")
        for submission in submissions:
            assert ".." not in (submission.graded_file or "").split("/")


@SETTINGS
@given(st.text(max_size=300))
def test_any_id_is_a_plain_file_name(student_id):
    name = safe_name(student_id)
    assert name and name.isascii() and len(name) <= 90
    assert "/" not in name and "\\" not in name and not name.startswith(".") and name not in ("..", ".")
    assert os.path.basename(name) == name


@SETTINGS
@given(st.text(st.characters(blacklist_characters="_/\\\x00", blacklist_categories=("Cs", "Cc")), min_size=1,
               max_size=40).filter(lambda s: s.strip() and not s.startswith(".") and len(s.encode()) < 200),
       st.integers(min_value=1, max_value=10**9))
def test_any_moodle_name_keeps_its_participant_id_and_its_name(name, pid):
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "export" / f"{name}_{pid}_assignsubmission_file"
        try:
            folder.mkdir(parents=True)
        except OSError:
            return
        (folder / "main.py").write_bytes(b"x = 1\n")
        (Path(temporary) / "export" / f"Anouk Jansen_{pid + 1}_assignsubmission_file").mkdir()
        (Path(temporary) / "export" / f"Anouk Jansen_{pid + 1}_assignsubmission_file" / "main.py").write_bytes(b"x")
        submissions, _ = discover([str(Path(temporary) / "export")])
        found = {s.id: s for s in submissions}
        shown = unicodedata.normalize("NFC", name.strip())
        assert found[str(pid)].name == (f"{shown} {pid}" if shown.lower() in moodle.BLIND_NAMES else shown)
        assert found[str(pid)].layout == "moodle"
