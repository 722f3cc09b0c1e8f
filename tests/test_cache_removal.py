"""Outputs the grader wrote that a later run no longer writes are removed (grader/stamps.py): class outputs, the
reports of students no longer in the folder and of self-checks into a class's folder; nothing of the user's own."""

from __future__ import annotations

import pytest

from conftest import run_grade
from test_cache import SOURCE, results_by_id


def test_class_outputs_a_run_no_longer_writes_are_removed(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("anna", "bram"):
        (folder / f"{name}.py").write_bytes(SOURCE + f"\n# {name}\n".encode())
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet", "--gradebook", "canvas", "--format",
                     "gradescope").returncode == 0
    assert (out / "gradebook-canvas.csv").is_file() and (out / "similarity.html").is_file()
    (folder / "bram.py").write_bytes(SOURCE.replace(b"def validate_ticket_proposal", b"def old_validate", 1))
    assert run_grade(str(folder), "--out", str(out), "--quiet", "--no-similarity").returncode == 0
    assert not (out / "gradebook-canvas.csv").exists() and not (out / "gradescope").exists()  # nor its folder
    assert not (out / "similarity.html").exists() and (out / "gradebook.csv").is_file()


@pytest.mark.parametrize("rendered_elsewhere", [False, True])
def test_a_gradebook_only_grade_report_wrote_is_removed_by_the_next_run_too(tmp_path, rendered_elsewhere):
    """grade report --gradebook canvas, then a regrade without it: the Canvas file would keep the old scores."""
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("anna", "bram"):
        (folder / f"{name}.py").write_bytes(SOURCE + f"\n# {name}\n".encode())
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    rendered = tmp_path / "copy" if rendered_elsewhere else out
    done = run_grade("report", str(out / "results.json"), "--out", str(rendered), "--gradebook", "canvas")
    assert done.returncode == 0 and (rendered / "gradebook-canvas.csv").is_file(), done.stderr
    (folder / "bram.py").write_bytes(SOURCE.replace(b"def validate_ticket_proposal", b"def old_validate", 1))
    assert run_grade(str(folder), "--out", str(rendered), "--quiet").returncode == 0
    assert not (rendered / "gradebook-canvas.csv").exists() and (rendered / "gradebook.csv").is_file()
    assert results_by_id(rendered)["bram"]["score"] == 0


def test_the_reports_of_a_student_no_longer_in_the_folder_are_removed(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("anna", "carol"):
        (folder / f"{name}.py").write_bytes(SOURCE + f"\n# {name}\n".encode())
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    (folder / "carol.py").rename(folder / "dave.py")
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    assert sorted(p.name for p in (out / "feedback").iterdir()) == ["anna.html", "anna.md", "dave.html", "dave.md"]
    assert set(results_by_id(out)) == {"anna", "dave"}
    # feedback/ made a link to a folder outside --out: a departed student's files there are not removed.
    elsewhere = tmp_path / "elsewhere"
    (out / "feedback").rename(elsewhere)
    (out / "feedback").symlink_to(elsewhere, target_is_directory=True)
    (folder / "dave.py").unlink()
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    assert (elsewhere / "dave.html").is_file() and (elsewhere / "dave.md").is_file()


def test_the_report_of_a_self_check_is_removed_by_a_class_run_it_is_no_student_of(tmp_path):
    # grade correct.py --out X, then grade mut2/ --out X: feedback/correct.html and .md stayed among the class's.
    (tmp_path / "correct.py").write_bytes(SOURCE)
    out = tmp_path / "out"
    assert run_grade(str(tmp_path / "correct.py"), "--out", str(out), "--quiet").returncode == 0
    assert (out / "feedback" / "correct.html").is_file()
    (out / "feedback" / "notes.md").write_text("mine")  # not the grader's: stays
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("anna", "bram"):
        (folder / f"{name}.py").write_bytes(SOURCE + f"\n# {name}\n".encode())
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    assert sorted(p.name for p in (out / "feedback").iterdir()) == [
        "anna.html", "anna.md", "bram.html", "bram.md", "notes.md"]
    # A self-check into the class's folder: its report goes at the next class run; the class's stay.
    (folder / "anna.py").rename(tmp_path / "anna.py")
    assert run_grade(str(tmp_path / "anna.py"), "--out", str(out), "--quiet").returncode == 0
    (tmp_path / "anna.py").rename(folder / "anna.py")
    assert run_grade(str(tmp_path / "correct.py"), "--out", str(out), "--quiet").returncode == 0
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    assert sorted(p.name for p in (out / "feedback").iterdir()) == [
        "anna.html", "anna.md", "bram.html", "bram.md", "notes.md"]


@pytest.mark.parametrize("parts,fresh", [(("grader", "battery", "nl", "10"), True),   # --force
                                         (("grader", "battery", "en", "10"), False)])  # another --lang
def test_a_forced_or_relanguaged_run_still_removes_the_previous_runs_class_outputs_it_does_not_write(
        tmp_path, parts, fresh):
    from grader.stamps import ReportStamps

    out = tmp_path / "out"
    out.mkdir()
    names = ("results.json", "index.html", "similarity.html", "similarity.json")
    for name in names:
        (out / name).write_text("x", encoding="utf-8")
    ReportStamps(out / ".cache" / "reports.json", ("grader", "battery", "nl", "10")).save(
        "stamp", out, [out / name for name in names])
    again = ReportStamps(out / ".cache" / "reports.json", parts, fresh=fresh)  # interrupted: no similarity
    again.remove_stale(out, [out / "results.json", out / "index.html"])
    assert sorted(p.name for p in out.iterdir() if p.is_file()) == ["index.html", "results.json"]


def test_the_stamps_list_each_self_check_once_and_only_while_its_reports_are_there(tmp_path):
    # Every self-check into a folder added its id to the stamps' list until the next class run there: the same file
    # checked again, or one whose reports are gone, need no second entry, so the list grew without bound.
    from grader import signing, stamps
    for student in ("anna", "bram"):
        (tmp_path / "feedback").mkdir(exist_ok=True)
        (tmp_path / "feedback" / f"{student}.html").write_text("rapport")
        stamps.record_self_check(tmp_path, student)
        stamps.record_self_check(tmp_path, student)
    assert signing.read_json(tmp_path / ".cache" / stamps.STAMPS_FILE)["self_checks"] == ["anna", "bram"]
    (tmp_path / "feedback" / "anna.html").unlink()
    (tmp_path / "feedback" / "cas.md").write_text("rapport")
    stamps.record_self_check(tmp_path, "cas")
    assert signing.read_json(tmp_path / ".cache" / stamps.STAMPS_FILE)["self_checks"] == ["bram", "cas"]


def test_an_instructor_page_goes_when_the_battery_no_longer_has_hidden_checks(tmp_path):
    # grade klas --checks my_checks, then grade klas: instructor/anna.html kept showing the hidden check that
    # results.json no longer had (the student is still there, so nothing removed it).
    from test_instructor_cli import INSTRUCTOR_CHECKS
    checks = tmp_path / "my_checks"
    checks.mkdir()
    (checks / "test_extra.py").write_text(INSTRUCTOR_CHECKS, encoding="utf-8")
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("anna", "bram"):
        (folder / f"{name}.py").write_bytes(SOURCE + f"\n# {name}\n".encode())
    out = tmp_path / "out"
    run_grade(str(folder), "--out", str(out), "--quiet", "--checks", str(checks))
    assert sorted(p.name for p in (out / "instructor").iterdir()) == ["anna.html", "bram.html"]
    (out / "instructor" / "notes.txt").write_text("mine")  # not the grader's: stays, and so does the folder
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    assert sorted(p.name for p in (out / "instructor").iterdir()) == ["notes.txt"]
    (out / "instructor" / "notes.txt").unlink()
    run_grade(str(folder), "--out", str(out), "--quiet", "--checks", str(checks))
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0  # no empty folder left
    assert not (out / "instructor").exists()
