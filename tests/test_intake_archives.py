"""Zip archives whose member names no unzip tool would write: every student is still read, nothing crashes."""

from __future__ import annotations

import io
import zipfile

import pytest

from grader.discover import discover


def make_zip(members: list[tuple[str, bytes]]) -> bytes:
    """A zip holding ``members`` (name, bytes) exactly as named, in that order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members:
            archive.writestr(zipfile.ZipInfo(name), data)
    return buffer.getvalue()


@pytest.mark.parametrize("nested", [False, True])
def test_a_member_without_a_name_is_left_out(tmp_path, nested):
    # A member whose name is empty: zipfile's own is_dir() raised IndexError on it, and the whole run
    # ended in a traceback (also when the member was in one student's zip).
    inner = [("", b"x = 0\n"), ("/", b"x = 0\n"), ("main.py", b"x = 2\n")]
    members = [("anna/werk.zip", make_zip(inner))] if nested else [(f"anna/{name}", data) for name, data in inner]
    (tmp_path / "klas.zip").write_bytes(make_zip([("", b"x = 0\n"), *members, ("bram/main.py", b"x = 1\n")]))
    by_id = {s.id: s.source for s in discover([str(tmp_path / "klas.zip")])[0]}
    assert by_id == {"anna": b"x = 2\n", "bram": b"x = 1\n"}


@pytest.mark.parametrize("file,folder,expected", [
    ("anna", "anna", {"anna": b"x = 1\n"}),
    ("anna.py", "anna.py", {"anna.py": b"x = 1\n", "anna-2": b"x = 0\n"}),
    ("anna/", "anna", {"anna": b"x = 1\n"}),  # a folder's own entry, as zip tools write it
])
def test_a_file_named_like_a_folder_beside_it_hides_no_student(tmp_path, file, folder, expected):
    # Members "anna" (or "anna.py") and "anna/main.py": a file and a folder of one name, which no folder on
    # disk can hold. The file took the name, so the folder's student was in no output and in no warning.
    members = [(file, b"x = 0\n"), (f"{folder}/main.py", b"x = 1\n"), ("bram/main.py", b"x = 2\n")]
    (tmp_path / "klas.zip").write_bytes(make_zip(members))
    unclaimed: list[str] = []
    by_id = {s.id: s.source for s in discover([str(tmp_path / "klas.zip")], unclaimed=unclaimed)[0]}
    assert by_id == {**expected, "bram": b"x = 2\n"} and unclaimed == []


def test_an_empty_student_folder_in_an_archive_is_named(tmp_path):
    # klas.zip holding klas/dora/ as an empty folder entry: dora disappeared without a word, though the same
    # class unzipped said "dora (lege map)".
    with zipfile.ZipFile(tmp_path / "klas.zip", "w") as archive:
        archive.writestr("klas/anna/main.py", "x = 1\n")
        archive.writestr("klas/bert/main.py", "x = 2\n")
        archive.writestr("klas/dora/", "")
        archive.writestr("klas/eva/.DS_Store", "junk")
        archive.writestr("klas/eva/sub/", "")
        archive.writestr("klas/anna/empty/", "")  # inside a student's folder: not a student of its own
        archive.writestr("__MACOSX/klas/._anna", "junk")
    unclaimed: list[str] = []
    assert [s.id for s in discover([str(tmp_path / "klas.zip")], unclaimed=unclaimed)[0]] == ["anna", "bert"]
    where = tmp_path / "klas.zip" / "klas"
    assert unclaimed == [f"{where}: dora/", f"{where}: eva/"]
    assert [entry.why[1] for entry in unclaimed] == ["lege map", "map met alleen links, verborgen bestanden of lege mappen"]
