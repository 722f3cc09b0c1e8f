"""Discovery: which files are graded under which id, and file names that are always safe."""

from __future__ import annotations

import os

import pytest

from grader.discover import UsageError, discover, safe_name


def test_folder_per_student_and_loose_files(tmp_path):
    (tmp_path / "anna").mkdir()
    (tmp_path / "anna" / "main.py").write_text("x = 1")
    (tmp_path / "anna" / "helper.py").write_text("x = 2")
    (tmp_path / "bob.py").write_text("x = 3")
    (tmp_path / "notes.txt").write_text("not code")
    (tmp_path / "empty-folder").mkdir()
    submissions, single = discover([str(tmp_path)])
    assert not single
    assert [(s.id, s.source) for s in submissions] == [("anna", b"x = 1"), ("bob", b"x = 3")]


def test_folder_holding_main_py_is_one_submission(tmp_path):
    (tmp_path / "mijn-les").mkdir()
    (tmp_path / "mijn-les" / "main.py").write_text("x = 1")
    submissions, _ = discover([str(tmp_path / "mijn-les")])
    assert [s.id for s in submissions] == ["mijn-les"]


def test_one_students_own_folder_or_zip_is_a_self_check_like_the_file(tmp_path):
    import zipfile

    from grader.discover import discover_apart

    own = tmp_path / "daan"
    own.mkdir()
    (own / "main.py").write_text("x = 1\n", encoding="utf-8")
    with zipfile.ZipFile(tmp_path / "bram.zip", "w") as archive:
        archive.writestr("main.py", "x = 1\n")
    for path in (own, tmp_path / "bram.zip"):
        submissions, single = discover([str(path)])
        assert single and len(submissions) == 1, path
        assert discover_apart([str(path)])[1] is True
    assert discover([str(own), str(tmp_path / "bram.zip")])[1] is False  # two paths: a class


def test_single_file_is_a_self_check(tmp_path):
    (tmp_path / "main.py").write_text("x = 1")
    submissions, single = discover([str(tmp_path / "main.py")])
    assert single and submissions[0].id == "main"
    assert len(submissions[0].sha256) == 64


def test_ids_are_unique(tmp_path):
    (tmp_path / "a" / "anna").mkdir(parents=True)
    (tmp_path / "a" / "anna" / "main.py").write_text("x = 1")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "anna.py").write_text("x = 2")
    submissions, _ = discover([str(tmp_path / "a"), str(tmp_path / "b")])
    assert [s.id for s in submissions] == ["anna", "anna-2"]
    assert submissions[1].notes == [{"kind": "renamed-id", "from": "anna"}]


def test_an_escape_sequence_in_a_name_becomes_visible_in_the_id_and_the_gradebook(tmp_path):
    """A folder named carl<ESC>[31mRED put a raw ESC in gradebook.csv (cat would run it): the id shows it escaped,
    for a folder and a loose file alike, with a note of the name it came from."""
    (tmp_path / "in" / "carl\x1b[31mRED").mkdir(parents=True)
    (tmp_path / "in" / "carl\x1b[31mRED" / "main.py").write_text("x = 1")
    (tmp_path / "in" / "dora\x07.py").write_text("x = 1")
    submissions, _ = discover([str(tmp_path / "in")])
    assert sorted(s.id for s in submissions) == ["carl\\x1b[31mRED", "dora\\x07"]
    assert {"kind": "renamed-id", "from": "carl\x1b[31mRED"} in [n for s in submissions for n in s.notes]


def test_symlinks_are_not_followed(tmp_path):
    secret = tmp_path / "secret.py"
    secret.write_text("x = 1")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "real.py").write_text("x = 2")
    (tmp_path / "in" / "link.py").symlink_to(secret)
    submissions, _ = discover([str(tmp_path / "in")])
    assert [s.id for s in submissions] == ["real"]


@pytest.mark.parametrize("path", ["/no/such/path"])
def test_missing_path_is_a_usage_error(path):
    with pytest.raises(UsageError):
        discover([path])


@pytest.mark.parametrize("student_id", ["../../etc/passwd", "Anna", "anna", "CON", "a" * 300, "é", ".", "", "a/b"])
def test_safe_name_is_a_plain_file_name(student_id):
    name = safe_name(student_id)
    assert name and "/" not in name and "\\" not in name and not name.startswith(".")
    assert name == name.lower() and len(name) <= 90
    assert name.isascii()


@pytest.mark.parametrize("student_id", ["con", "nul.txt", "com1.tar.gz", "lpt9.x", "aux."])
def test_no_safe_name_is_a_windows_device_with_an_extension(student_id):
    # Windows reads con.x.html as the device CON, extension or not: writing a report there fails.
    name = safe_name(student_id)
    assert name.split(".")[0] not in ("con", "nul", "com1", "lpt9", "aux"), name


def test_safe_names_differ_for_ids_that_differ_only_in_case():
    assert safe_name("Anna") != safe_name("anna")


def _class_folder(root):
    import json
    import zipfile

    (root / "anna").mkdir()
    (root / "anna" / "main.py").write_text("x = 1\n")
    (root / "anna" / "helper.py").write_text("x = 2\n")
    (root / "Émile.py").write_bytes("naam = 'Émile'\n".encode())
    (root / "cas.ipynb").write_text(json.dumps({"cells": [{"cell_type": "code", "source": ["y = 2\n"]}],
                                                "nbformat": 4, "nbformat_minor": 5, "metadata": {}}))
    with zipfile.ZipFile(root / "dirk.zip", "w") as archive:
        archive.writestr("dirk/main.py", "z = 3\n")
    (root / "leeg").mkdir()
    (root / "leeg" / "notes.txt").write_text("geen code")
    return root


def test_discovery_in_a_separate_process_gives_the_same_submissions(tmp_path):
    from grader.discover import discover_apart

    folder = _class_folder(tmp_path)
    apart, single_apart = discover_apart([str(folder)])
    here, single_here = discover([str(folder)])
    assert single_apart == single_here is False
    assert [s.id for s in apart] == [s.id for s in here] and len(apart) == 5
    assert list(apart) == here  # every field, the source too (read back from the shared spill)
    assert {s.id: s.source for s in apart}["cas"].startswith(b"y = 2")


def test_a_usage_error_found_in_the_separate_process_is_reported_here(tmp_path):
    from grader.discover import discover_apart

    (tmp_path / "notes.txt").write_text("geen code")
    with pytest.raises(UsageError, match="no submissions"):
        discover_apart([str(tmp_path)])


def test_when_the_separate_process_fails_discovery_runs_here(tmp_path, monkeypatch):
    from grader import isolation
    from grader.discover import discover_apart

    def dies(work):
        raise RuntimeError("the separate process ended without a result (signal SIGKILL)")

    monkeypatch.setattr(isolation, "run_apart", dies)
    submissions, _ = discover_apart([str(_class_folder(tmp_path))])
    assert [s.id for s in submissions] == [s.id for s in discover([str(tmp_path)])[0]]


def test_a_class_read_apart_stays_in_the_spill_until_a_submission_is_asked_for(tmp_path):
    from grader.discover import discover_apart
    from grader.discover.model import SubmissionList

    apart, _ = discover_apart([str(_class_folder(tmp_path))])
    assert isinstance(apart, SubmissionList) and all(type(place) is int for place in apart.places)
    first = apart[0]
    before = list(first.notes)
    first.notes.append({"kind": "changed"})
    assert apart[0].notes == before and apart[1:3][0].id == apart[1].id  # each access reads the spill again


@pytest.mark.parametrize("student_id, start", [("Émile", "emile-"), ("Zoë de Graaf", "zoe_de_graaf-"),
                                               ("françois", "francois-")])
def test_accented_names_keep_their_letters_in_file_names(student_id, start):
    assert safe_name(student_id).startswith(start)
    assert safe_name(student_id) != safe_name(student_id.encode("ascii", "ignore").decode() or "x")


def test_a_file_that_cannot_be_opened_is_that_students_problem_only(tmp_path, monkeypatch):
    # A file unzipped with mode 000 (a zip keeps permissions): opening it raised PermissionError out of
    # discovery, and the whole class was refused as a usage error.
    from grader.discover import scan as files

    for name in ("anouk", "bram", "carl"):
        (tmp_path / name).mkdir()
    (tmp_path / "anouk" / "main.py").write_text("x = 1\n")
    (tmp_path / "bram" / "main.py").write_text("x = 2\n")
    (tmp_path / "carl" / "werk.zip").write_bytes(b"PK")
    opener = files._file_opener

    def locked(path):
        if os.path.basename(os.path.dirname(path)) not in ("bram", "carl"):
            return opener(path)

        def read(limit):
            raise PermissionError(13, "Permission denied", path)
        return read
    monkeypatch.setattr(files, "_file_opener", locked)
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert by_id["anouk"].source == b"x = 1\n"
    assert by_id["bram"].source == b"" and by_id["bram"].notes == [
        {"kind": "file-unreadable", "file": "main.py", "detail": "Permission denied"}]
    assert by_id["carl"].source == b"" and by_id["carl"].notes[0] == {
        "kind": "archive-unreadable", "file": "werk.zip", "detail": "Permission denied"}
    assert str(tmp_path) not in str(by_id["bram"].notes + by_id["carl"].notes)  # no path of the grader's machine


def test_the_archives_in_one_submission_open_only_up_to_the_member_limit_in_all(tmp_path, monkeypatch):
    # Each zip may hold 10,000 members, but a zip of a thousand such zips (64 MB) made ten million
    # files for one student: minutes and gigabytes while the class was read.
    import io
    import zipfile

    from grader.discover import archives

    monkeypatch.setattr(archives, "MAX_MEMBERS", 8)
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as archive:
        for number in range(3):
            archive.writestr(f"data/{number}.txt", b"")
    (tmp_path / "mallory").mkdir()
    with zipfile.ZipFile(tmp_path / "mallory" / "werk.zip", "w") as archive:
        archive.writestr("main.py", b"x = 1\n")
        for number in range(4):
            archive.writestr(f"in{number}.zip", inner.getvalue())
    opened = []
    monkeypatch.setattr(archives, "open_member", lambda ref, depth, real=archives.open_member: (
        opened.append(ref.rel), real(ref, depth))[1])
    [mallory], _ = discover([str(tmp_path)])
    assert mallory.source == b"x = 1\n"
    assert opened == ["werk.zip", "werk.zip/in0.zip"]  # 1 + 5 + 3 files: no more archives are opened
    [note] = [note for note in mallory.notes if note["kind"] == "archive-unreadable"]
    assert note["file"] == "werk.zip/in1.zip" and "more than 8 files" in note["detail"]


def test_a_folder_that_cannot_be_listed_is_that_students_problem_and_said(tmp_path, monkeypatch):
    # A folder unpacked without read permission: the walk skipped it without a word, so a student whose
    # own folder it was was in no output at all, and one whose src/ it was read as handing in nothing.
    from grader.results import settle

    for name in ("anouk", "bram", "carl"):
        (tmp_path / name).mkdir()
    (tmp_path / "anouk" / "main.py").write_text("x = 1\n")
    (tmp_path / "bram" / "main.py").write_text("x = 2\n")
    (tmp_path / "carl" / "src").mkdir()
    (tmp_path / "carl" / "src" / "main.py").write_text("x = 3\n")
    (tmp_path / "carl" / "README.md").write_text("")
    locked = {str(tmp_path / "bram"), str(tmp_path / "carl" / "src")}
    scandir = os.scandir

    def guarded(path="."):
        if os.fspath(path) in locked:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return scandir(path)
    monkeypatch.setattr(os, "scandir", guarded)
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert sorted(by_id) == ["anouk", "bram", "carl"] and by_id["anouk"].source == b"x = 1\n"
    for student, folder in (("bram", "bram"), ("carl", "src")):
        submission = by_id[student]
        assert submission.source == b"" and submission.graded_file is None
        assert {"kind": "folder-unreadable", "folder": folder, "detail": "Permission denied"} in submission.notes
        assert "" not in submission.ignored_files and str(tmp_path) not in str(submission.notes)
        entry = {"load": {"problem": {"kind": "empty"}, "notes": submission.notes}, "graded_file": None}
        assert settle(entry)["status"] == "load-error" and entry["load"]["problem"]["detail"] == f"{folder}/: Permission denied"


@pytest.mark.parametrize("lang,words", [("en", "cannot be read"), ("nl", "kan niet worden gelezen")])
def test_a_folder_given_that_cannot_be_listed_is_a_usage_error_in_the_runs_language(tmp_path, monkeypatch, lang,
                                                                                   words):
    (tmp_path / "klas").mkdir()
    listdir = os.listdir

    def guarded(path="."):
        if os.fspath(path) == str(tmp_path / "klas"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return listdir(path)
    monkeypatch.setattr(os, "listdir", guarded)
    with pytest.raises(UsageError) as error:
        discover([str(tmp_path / "klas")])
    assert words in error.value.text(lang) and "Permission denied" in error.value.text(lang)


def test_a_folder_nested_thousands_deep_is_read(tmp_path):
    # A student's folder nested 1,100 deep (Python 3.11's os.walk recurses per level): the whole run
    # ended in a RecursionError traceback.
    for name in ("anna", "bram"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "main.py").write_text("x = 1\n")
    deep = [str(tmp_path / "bram")]
    for _ in range(1100):
        deep.append(os.path.join(deep[-1], "a"))
        os.mkdir(deep[-1])
    with open(os.path.join(deep[-1], "notes.py"), "w") as handle:
        handle.write("x = 2\n")
    try:
        by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
        assert sorted(by_id) == ["anna", "bram"] and by_id["bram"].graded_file == "main.py"
        assert by_id["bram"].ignored_files == ["a/" * 1100 + "notes.py"]
    finally:  # removed here, level by level (shutil.rmtree recurses too)
        os.remove(os.path.join(deep[-1], "notes.py"))
        for folder in reversed(deep[1:]):
            os.rmdir(folder)


@pytest.mark.parametrize("second", ["klas", "klas/", "klas/anna", "klas/anna/main.py", "./klas/../klas"])
def test_paths_that_name_the_same_files_twice_are_a_usage_error(tmp_path, monkeypatch, second):
    # grade klas klas graded every student twice (anna and anna-2 in every output).
    (tmp_path / "klas" / "anna").mkdir(parents=True)
    (tmp_path / "klas" / "anna" / "main.py").write_text("x = 1")
    (tmp_path / "klas" / "bram.py").write_text("x = 1")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError) as error:
        discover(["klas", second])
    assert "klas" in error.value.text("en") and "twice" in error.value.text("en")
    assert "twee keer" in error.value.text("nl")
    assert [s.id for s in discover(["klas/anna", "klas/bram.py"])[0]] == ["anna", "bram"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_in_a_students_folder_is_said_in_that_students_report_and_never_opened(tmp_path):
    # A named pipe called main.py (a broken copy, a tool's leftover) left the student out of every output,
    # named only among the entries that gave no file; opening it would block the run for ever.
    for name in ("anna", "bram"):
        (tmp_path / name).mkdir()
    os.mkfifo(tmp_path / "anna" / "main.py")
    (tmp_path / "bram" / "main.py").write_text("x = 1\n")
    left: list[str] = []
    by_id = {s.id: s for s in discover([str(tmp_path)], unclaimed=left)[0]}
    assert by_id["bram"].source == b"x = 1\n" and not left
    assert by_id["anna"].source == b"" and by_id["anna"].notes == [
        {"kind": "file-unreadable", "file": "main.py", "detail": "no regular file (a named pipe, socket or device)"}]


def test_a_class_folder_of_empty_student_folders_is_not_called_empty(tmp_path):
    # It said "the folder is empty" of a folder holding anna/ and bram/: the instructor looked for a wrong path.
    for name in ("anna", "bram"):
        (tmp_path / name).mkdir()
    with pytest.raises(UsageError) as error:
        discover([str(tmp_path)])
    assert "the folder is empty" not in error.value.text("en")
    assert "found no file, only: anna/ (empty folder), bram/ (empty folder)" in error.value.text("en")
    assert "geen bestand gevonden, alleen: anna/ (lege map), bram/ (lege map)" in error.value.text("nl")


def test_nothing_to_grade_names_an_empty_folder_beside_the_files_found(tmp_path):
    # grade niets/ with leeg/ and notes.txt in it said "found: notes.txt", as if that were all.
    (tmp_path / "leeg").mkdir()
    (tmp_path / "notes.txt").write_text("aantekeningen")
    (tmp_path / "link.py").symlink_to(tmp_path / "notes.txt")
    with pytest.raises(UsageError) as error:
        discover([str(tmp_path)])
    assert "gevonden: notes.txt, leeg/ (lege map), link.py (symbolische link, niet gevolgd)" in error.value.text("nl")
    assert "found: notes.txt, leeg/ (empty folder), link.py (symbolic link, not followed)" in error.value.text("en")


def test_an_entry_given_a_clean_name_keeps_its_own_reason(tmp_path):
    # The reason was looked up on disk under the entry's clean name (Zoë, composed), which is not the folder's
    # (Zoe + a combining diaeresis, as a Mac writes it): it said "no file read" of an empty folder.
    (tmp_path / "Zoe\u0308").mkdir()
    (tmp_path / "notes.txt").write_text("aantekeningen")
    with pytest.raises(UsageError) as error:
        discover([str(tmp_path)])
    assert "found: notes.txt, Zoë/ (empty folder)" in error.value.text("en")
    assert "gevonden: notes.txt, Zoë/ (lege map)" in error.value.text("nl")


def test_students_are_in_the_order_a_reader_expects_accents_and_case_aside(tmp_path):
    # Sorted by code point, Émile and bram came after Zoë in the table and the gradebooks.
    for name in ("Zoë", "Émile", "anouk", "bram", "Carl"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "main.py").write_text("x = 1")
    assert [s.id for s in discover([str(tmp_path)])[0]] == ["anouk", "bram", "Carl", "Émile", "Zoë"]


def test_numbers_in_ids_are_in_numeric_order(tmp_path):
    # By text, student10 came before student2, and LMS id 12345 before 9999, in the table, index.html and gradebooks.
    for name in ("student10", "Student2", "student2", "12345", "9999", "student1"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "main.py").write_text("x = 1")
    assert [s.id for s in discover([str(tmp_path)])[0]] == ["9999", "12345", "student1", "Student2", "student2",
                                                            "student10"]
