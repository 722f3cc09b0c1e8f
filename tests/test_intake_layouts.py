"""Every export layout, recognised and forced: ids, names, chosen files, attempts and late markers."""

from __future__ import annotations

import os

import pytest

from fixtures.intake import build as fixtures
from grader.discover import LAYOUTS, UsageError, discover

# Notes discovery itself writes (the loader adds others, checked in test_intake_grading).
DISCOVERY_NOTES = {"chosen-file", "attempts", "late", "no-code-file", "online-text", "notebook",
                   "notebook-unreadable", "archive-unreadable", "renamed-id"}
NAMES = fixtures.fixtures()


def check(submissions, expected: list[dict], layout: str) -> None:
    """Compare discovered submissions with a fixture's expectations (only the keys it gives)."""
    found = {s.id: s for s in submissions}
    assert sorted(found) == sorted(e["id"] for e in expected)
    for want in expected:
        got = found[want["id"]]
        assert got.layout == layout, got.id
        actual = {"name": got.name, "graded_file": got.graded_file, "late": got.late,
                  "ignored": got.ignored_files, "attempts": len(got.attempts)}
        for key in actual.keys() & want.keys():
            assert actual[key] == want[key], (got.id, key)
        kinds = {note["kind"] for note in got.notes}
        assert set(want.get("notes", [])) & DISCOVERY_NOTES <= kinds, (got.id, kinds)
        if "graded_attempt" in want:
            graded = [attempt for attempt in got.attempts if attempt["graded"]]
            assert len(graded) == 1 and graded[0]["label"].startswith(want["graded_attempt"]), got.attempts
        if want.get("graded_file") is None and "graded_file" in want:
            assert got.source == b""


@pytest.mark.parametrize("name", NAMES)
def test_layout_is_recognised_as_handed_over(name, tmp_path):
    fixture = fixtures.load(name)
    submissions, single = discover([str(fixtures.build(name, tmp_path))])
    assert not single
    check(submissions, fixture["expected"], fixture["layout"])


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("form", ["folder", "zip"])
def test_a_folder_and_its_zip_give_the_same_submissions(name, form, tmp_path):
    fixture = fixtures.load(name)
    path = fixtures.as_zip(name, tmp_path) if form == "zip" else fixtures.as_folder(name, tmp_path)
    submissions, _ = discover([str(path)])
    check(submissions, fixture["expected"], fixture["layout"])


@pytest.mark.parametrize("name", NAMES)
def test_forcing_the_right_layout_changes_nothing(name, tmp_path):
    fixture = fixtures.load(name)
    submissions, _ = discover([str(fixtures.build(name, tmp_path))], layout=fixture["layout"])
    check(submissions, fixture["expected"], fixture["layout"])


@pytest.mark.parametrize("name,wrong", [("moodle_folders", "canvas"), ("canvas", "brightspace"),
                                        ("blackboard", "moodle"), ("brightspace_flat", "blackboard")])
def test_forcing_a_wrong_layout_is_a_usage_error_with_what_was_found(name, wrong, tmp_path):
    with pytest.raises(UsageError, match=f"no {wrong} submissions.*found: "):
        discover([str(fixtures.build(name, tmp_path))], layout=wrong)


def test_an_unknown_layout_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="unknown layout"):
        discover([str(tmp_path)], layout="sharepoint")
    assert set(LAYOUTS) == {"folders", "canvas", "moodle", "brightspace", "blackboard", "classroom"}


def test_paths_of_files_inside_an_archive_name_the_archive_and_the_member(tmp_path):
    submissions, _ = discover([str(fixtures.build("moodle_folders", tmp_path))])
    by_id = {s.id: s for s in submissions}
    assert by_id["2001"].path.endswith(".zip!/Anouk Jansen_2001_assignsubmission_file/main.py")
    assert by_id["2005"].path.endswith("_2005_assignsubmission_file/opdracht.zip!/opdracht/main.py")


def test_brightspace_orders_attempts_by_time_not_by_name(tmp_path):
    submissions, _ = discover([str(fixtures.build("brightspace_flat", tmp_path))])
    anouk = next(s for s in submissions if s.id == "anouk-jansen")
    assert [a["submitted"] for a in anouk.attempts] == ["2026-03-02T09:05:00", "2026-03-02T12:05:00"]
    assert [a["graded"] for a in anouk.attempts] == [False, True]
    note = next(n for n in anouk.notes if n["kind"] == "attempts")
    assert note["others"] == ["Mar 2, 2026 905 AM (7001-8001)"]


def test_several_exports_in_one_run_keep_ids_apart(tmp_path):
    first = fixtures.as_folder("moodle_flat", tmp_path / "a")
    second = fixtures.as_folder("moodle_flat", tmp_path / "b")
    submissions, _ = discover([str(first), str(second)])
    ids = [s.id for s in submissions]
    assert len(ids) == len(set(ids)) == 6 and "4001-2" in ids


def test_a_single_student_zip_is_a_self_check(tmp_path):
    archive = fixtures.content({"zip": {"opdracht3/main.py": "@correct", "opdracht3/notes.md": "x"}})
    (tmp_path / "Opdracht3_Anouk.zip").write_bytes(archive)
    submissions, single = discover([str(tmp_path / "Opdracht3_Anouk.zip")])
    assert single and [(s.id, s.graded_file) for s in submissions] == [("Opdracht3_Anouk", "main.py")]


def test_a_class_zip_with_a_wrapping_folder_is_a_folder_per_student(tmp_path):
    archive = fixtures.content({"zip": {"klas/anna/main.py": "@correct", "klas/bob/main.py": "@wrong"}})
    (tmp_path / "klas.zip").write_bytes(archive)
    submissions, single = discover([str(tmp_path / "klas.zip")])
    assert not single and [s.id for s in submissions] == ["anna", "bob"]


def test_a_student_folder_with_one_sub_folder_stays_that_student(tmp_path):
    (tmp_path / "in" / "anna" / "src").mkdir(parents=True)
    (tmp_path / "in" / "anna" / "src" / "main.py").write_text("x = 1")
    submissions, _ = discover([str(tmp_path / "in")])
    assert [(s.id, s.graded_file) for s in submissions] == [("anna", "src/main.py")]


def test_a_self_checks_reports_inside_the_folder_are_not_a_student(tmp_path):
    # grade anna (inside the class folder) writes reports/ there, without gradebook.csv: the next
    # grade of the class graded it as a student "reports" without code, in every gradebook.
    (tmp_path / "anna").mkdir()
    (tmp_path / "anna" / "main.py").write_text("x = 1")
    (tmp_path / "reports" / "feedback").mkdir(parents=True)
    for name in ("feedback/anna.html", "feedback/anna.md"):
        (tmp_path / "reports" / name).write_text("x")
    (tmp_path / "reports" / "results.json").write_text('{"format":2,"grader":"0.1.0","lang":"nl"}')
    assert [s.id for s in discover([str(tmp_path)])[0]] == ["anna"]


def test_an_earlier_runs_reports_inside_the_folder_are_not_a_student(tmp_path):
    (tmp_path / "anna").mkdir()
    (tmp_path / "anna" / "main.py").write_text("x = 1")
    (tmp_path / "reports" / "feedback").mkdir(parents=True)
    for name in ("results.json", "gradebook.csv", "index.html", "feedback/anna.html", "feedback/text.html"):
        (tmp_path / "reports" / name).write_text("{}")
    (tmp_path / "reports" / "results.json").write_text('{"format":2,"grader":"0.1.0","lang":"nl"}')
    # A student's folder that merely holds files of those names is a student.
    (tmp_path / "bram").mkdir()
    for name in ("results.json", "gradebook.csv", "main.py"):
        (tmp_path / "bram" / name).write_text("{}" if name != "main.py" else "x = 1")
    assert [s.id for s in discover([str(tmp_path)])[0]] == ["anna", "bram"]


def test_an_earlier_runs_output_folder_given_as_the_path_is_a_usage_error(tmp_path):
    # grade reports/ (the outputs, not the submissions): its feedback/ folder was graded as a student
    # "feedback" without code, and the run ended with exit 0 as if a class had been graded.
    (tmp_path / "reports" / "feedback").mkdir(parents=True)
    for name in ("gradebook.csv", "index.html", "feedback/anna.html", "feedback/anna.md"):
        (tmp_path / "reports" / name).write_text("x")
    (tmp_path / "reports" / "results.json").write_text('{"format":2,"grader":"0.1.0","lang":"nl"}')
    with pytest.raises(UsageError) as error:
        discover([str(tmp_path / "reports")])
    assert "outputs of an earlier" in error.value.text("en") and "uitvoer van een eerdere" in error.value.text("nl")


def test_a_student_folder_that_imitates_an_earlier_runs_reports_is_still_a_student(tmp_path):
    # results.json's first bytes are easy to copy: a folder holding code to grade is a student's, and
    # is graded (it was dropped without a word, not even named among the entries left out).
    (tmp_path / "anna").mkdir()
    (tmp_path / "anna" / "main.py").write_text("x = 1")
    (tmp_path / "bram").mkdir()
    (tmp_path / "bram" / "results.json").write_text('{"format":2,"grader":"0.1.0"}')
    (tmp_path / "bram" / "gradebook.csv").write_text("id\n")
    (tmp_path / "bram" / "opdracht.py").write_text("x = 2")
    unclaimed: list[str] = []
    assert [s.id for s in discover([str(tmp_path)], unclaimed=unclaimed)[0]] == ["anna", "bram"]
    assert unclaimed == []


@pytest.mark.parametrize("name,extra", [("canvas", "dekker eva main.py"),
                                        ("moodle_folders", "Eva Dekker (per mail)/main.py")])
def test_an_entry_that_becomes_no_submission_is_named_not_dropped_silently(name, extra, tmp_path):
    fixture = fixtures.load(name)
    folder = fixtures.as_folder(name, tmp_path)
    (folder / extra).parent.mkdir(parents=True, exist_ok=True)
    (folder / extra).write_text("x = 1\n", encoding="utf-8")
    unclaimed: list[str] = []
    submissions, _ = discover([str(folder)], unclaimed=unclaimed)
    check(submissions, fixture["expected"], fixture["layout"])
    assert unclaimed == [f"{folder}: {extra.split('/')[0]}{'/' if '/' in extra else ''}"]  # a folder: as a folder
    clean: list[str] = []
    discover([str(fixtures.as_folder(name, tmp_path / "clean"))], unclaimed=clean)
    assert clean == []


@pytest.mark.parametrize("wrapper", ["", "export/"])
def test_an_entry_that_gives_no_file_is_named_too(wrapper, tmp_path):
    # A student folder whose only file is a symbolic link (or that is one, or is empty), a fifo named
    # like a student's file: none of them was read, and none was named in the warning either.
    klas = tmp_path / "klas" / wrapper
    for name in ("anna", "bram", "empty", "fleur"):
        (klas / name).mkdir(parents=True)
    (klas / "anna" / "main.py").write_text("x = 1\n", encoding="utf-8")
    (klas / "fleur" / "main.py").write_text("x = 3\n", encoding="utf-8")
    (tmp_path / "elsewhere.py").write_text("x = 2\n", encoding="utf-8")
    (klas / "bram" / "main.py").symlink_to(tmp_path / "elsewhere.py")
    (klas / "carl").symlink_to(klas / "anna")
    (klas / "dirk.py").symlink_to(tmp_path / "elsewhere.py")
    os.mkfifo(klas / "eva.py")
    (klas / "notes.txt").write_text("not code", encoding="utf-8")
    (klas / "__MACOSX").mkdir()
    unclaimed: list[str] = []
    submissions, _ = discover([str(tmp_path / "klas")], unclaimed=unclaimed)
    assert [s.id for s in submissions] == ["anna", "eva", "fleur"]  # the fifo: a student whose file cannot be read
    assert submissions[1].notes[0]["kind"] == "file-unreadable" and submissions[1].source == b""
    # Named where they are: "klas: empty" sent the instructor to klas/ for what lay in klas/export/.
    assert unclaimed == [f"{klas if wrapper else tmp_path / 'klas'}: {name}" for name in ("bram/", "carl/", "dirk.py", "empty/")]
    # Each with its own reason, not one guess for all ("a symbolic link, an empty folder?").
    assert [entry.why for entry in unclaimed] == [
        ("folder holding only links, hidden files or empty folders", "map met alleen links, verborgen bestanden of lege mappen"),
        ("symbolic link, not followed", "symbolische link, niet gevolgd"),
        ("symbolic link, not followed", "symbolische link, niet gevolgd"), ("empty folder", "lege map")]


def test_an_entry_in_a_wrapped_archive_that_becomes_no_submission_is_named_where_it_is(tmp_path):
    import zipfile

    with zipfile.ZipFile(tmp_path / "export.zip", "w") as archive:
        archive.writestr("wrap/Anouk Jansen_2001_assignsubmission_file/main.py", "x = 1\n")
        archive.writestr("wrap/Bram Bos_2002_assignsubmission_file/main.py", "x = 2\n")
        archive.writestr("wrap/Eva (per mail)/main.py", "x = 3\n")
    unclaimed: list[str] = []
    assert [s.id for s in discover([str(tmp_path / "export.zip")], unclaimed=unclaimed)[0]] == ["2001", "2002"]
    assert unclaimed == [f"{tmp_path / 'export.zip' / 'wrap'}: Eva (per mail)/"]


def test_the_terminal_names_what_became_no_submission(tmp_path):
    from conftest import run_grade

    folder = fixtures.as_folder("canvas", tmp_path)
    (folder / "dekker eva main.py").write_text("x = 1\n", encoding="utf-8")
    done = run_grade(str(folder), "--out", str(tmp_path / "out"), "--quiet", "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert "1 entry of the folder became no submission and was not graded: " in done.stderr
    assert "dekker eva main.py (not named as the export names submissions)" in done.stderr
    dutch = run_grade(str(folder), "--out", str(tmp_path / "out"), "--quiet")
    assert "dekker eva main.py (niet genoemd zoals de export inzendingen noemt)" in dutch.stderr
    assert "?" not in dutch.stderr.split("niet beoordeeld", 1)[1]  # no guess


# An export of a single student: the student's own folder is the export's entry, not a wrapper to drop.
ONE_STUDENT = [
    ("moodle", "Anouk Jansen_1234567_assignsubmission_file", ("1234567", "Anouk Jansen")),
    ("classroom", "ticket-anouk", ("anouk", "anouk")),
    ("brightspace", "123-456 - Anouk Jansen - Dec 1, 2026 1205 PM", ("anouk-jansen", "Anouk Jansen")),
]


@pytest.mark.parametrize("layout, entry, expected", ONE_STUDENT)
@pytest.mark.parametrize("form", ["export", "zip", "forced", "entry"])
def test_an_export_of_one_student_is_that_export(layout, entry, expected, form, tmp_path):
    parent = "ticket-submissions" if layout == "classroom" else "export"
    members = {f"{parent}/{entry}/main.py": "@correct"}
    if form == "zip":
        (tmp_path / "export.zip").write_bytes(fixtures.content({"zip": members}))
        path = tmp_path / "export.zip"
    else:
        (tmp_path / parent / entry).mkdir(parents=True)
        (tmp_path / parent / entry / "main.py").write_text("x = 1")
        path = tmp_path / parent / entry if form == "entry" else tmp_path / parent
    submissions, _ = discover([str(path)], layout=layout if form == "forced" else "auto")
    assert [(s.layout, s.id, s.name, s.graded_file) for s in submissions] == [(layout, *expected, "main.py")]


@pytest.mark.parametrize("given", [".", "./", "anna/.."])
def test_an_entry_left_out_of_a_class_given_as_dot_is_named_with_the_folder_s_name(tmp_path, monkeypatch, given):
    # "...: .: dora (lege map)": the warning named the folder "."
    klas = tmp_path / "klas"
    for name in ("anna", "bert", "dora"):
        (klas / name).mkdir(parents=True)
    for name in ("anna", "bert"):
        (klas / name / "main.py").write_text("x = 1\n", encoding="utf-8")
    monkeypatch.chdir(klas)
    unclaimed: list[str] = []
    assert [s.id for s in discover([given], unclaimed=unclaimed)[0]] == ["anna", "bert"]
    assert unclaimed == ["klas: dora/"]
