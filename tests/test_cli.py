"""The grade command: exit codes, output files and the results.json format."""

from __future__ import annotations

import csv
import fcntl
import json
import os
import pty
import shutil
import struct
import termios
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SOLUTIONS, run_grade
from grader.reports import jsonreport

CORRECT = SOLUTIONS / "correct" / "s01_plain_regex.py"
WRONG = ROOT / "submissions" / "daan-de-vries" / "main.py"


def test_self_check_of_a_correct_file_exits_0(tmp_path):
    done = run_grade(str(CORRECT), "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "3/3" in done.stdout
    assert (tmp_path / "feedback" / "s01_plain_regex.html").is_file()


def test_self_check_of_a_wrong_file_exits_1_and_names_the_rule(tmp_path):
    done = run_grade(str(WRONG), "--out", str(tmp_path), "--lang", "en")
    assert done.returncode == 1
    assert "  - version is a plain int from 0 to 1000000" in done.stdout and "hint" in done.stdout
    assert "Checkpoint 1" in done.stdout and "V4" not in done.stdout  # rules in words, not by clause number
    assert done.stdout.count("p is the lesson's proposal") == 1  # the legend of 'tried', once (no H(x) is shown)
    # As in the reports: what the code did first, then what was expected, under the reports' names.
    first = done.stdout.split("  - version is", 2)[1]
    assert "    your code: " in first and first.index("your code:") < first.index("expected:")
    report = (tmp_path / "feedback" / f"{WRONG.stem}.md").read_text(encoding="utf-8")
    assert report.index("Your code:") < report.index("Expected:")


@pytest.mark.parametrize("options", [("--out", "--quiet", "--jobs"), ("-o", "-q", "-j")])
def test_a_quiet_self_check_prints_the_checkpoints_and_score_without_the_failed_checks(tmp_path, options):
    out, quiet, jobs = options
    done = run_grade(str(WRONG), out, str(tmp_path), "--lang", "en", quiet, jobs, "1")
    assert done.returncode == 1
    assert "Checkpoint 1" in done.stdout and "Score:" in done.stdout and "Full report:" in done.stdout
    assert "V4" not in done.stdout and "hint" not in done.stdout


def test_a_quiet_self_check_still_says_why_main_py_did_not_load(tmp_path):
    broken = tmp_path / "main.py"
    broken.write_text("def validate_ticket_proposal(p)\n    return p\n", encoding="utf-8")
    done = run_grade(str(broken), "--out", str(tmp_path / "out"), "--lang", "en", "--quiet")
    assert done.returncode == 1
    assert "could not be loaded (syntax error)" in done.stdout and "line 1" in done.stdout  # the README's --quiet


def test_a_file_that_does_not_load_is_graded_not_an_error(tmp_path):
    broken = tmp_path / "main.py"
    broken.write_text("def validate_ticket_proposal(p)\n    return p\n", encoding="utf-8")
    done = run_grade(str(broken), "--out", str(tmp_path / "out"))
    assert done.returncode == 1
    result = jsonreport.read(tmp_path / "out" / "results.json")["submissions"][0]
    assert result["status"] == "load-error" and result["score"] == 0


@pytest.mark.parametrize("args", [["/no/such/path"], ["--bogus", "x"], [], ["--jobs", "0", "x.py"]])
def test_usage_errors_exit_2(args, tmp_path):
    assert run_grade(*args, cwd=tmp_path).returncode == 2


def test_empty_folder_exits_2(tmp_path):
    (tmp_path / "empty").mkdir()
    done = run_grade(str(tmp_path / "empty"))
    assert done.returncode == 2 and "geen inzendingen" in done.stderr and "de map is leeg" in done.stderr
    done = run_grade(str(tmp_path / "empty"), "--lang", "en")
    assert done.returncode == 2 and "no submissions" in done.stderr and "the folder is empty" in done.stderr


def test_batch_writes_every_output(tmp_path):
    folder = tmp_path / "in"
    (folder / "anna").mkdir(parents=True)
    (folder / "anna" / "main.py").write_bytes(CORRECT.read_bytes())
    (folder / "bob.py").write_bytes(WRONG.read_bytes())
    (folder / "bob.py.txt").write_text("ignored")
    done = run_grade(str(folder), "--out", str(tmp_path / "out"), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    out = tmp_path / "out"
    assert f"Klasoverzicht (open in een browser): {out / 'index.html'}" in done.stdout  # the page to open, named
    raw = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert raw["format"] == 2 and raw["lang"] == "nl"
    assert raw["checks"]["v4_bad_version_refused"]["clause"] == "V4"       # fixed texts once, at top level
    assert all(set(check) <= {"id", "outcome", "detail", "error"}
               for entry in raw["submissions"] for part in entry["checkpoints"].values() for check in part["checks"])
    document = jsonreport.read(out / "results.json")                      # records of format 1 again
    by_id = {entry["id"]: entry for entry in document["submissions"]}
    assert set(by_id) == {"anna", "bob"}
    for entry in by_id.values():
        assert set(entry) >= {"id", "source", "sha256", "status", "score", "max_score", "checkpoints"}
        assert entry["max_score"] == 3 and set(entry["checkpoints"]) == {"1", "2", "3"}
        for checkpoint in entry["checkpoints"].values():
            assert isinstance(checkpoint["passed"], bool)
            assert all(set(check) >= {"id", "outcome", "message"} for check in checkpoint["checks"])
    assert by_id["anna"]["score"] == 3 and by_id["bob"]["score"] == 0
    rows = list(csv.DictReader((out / "gradebook.csv").read_text(encoding="utf-8-sig").splitlines()))
    assert {row["id"]: row["score"] for row in rows} == {"anna": "3", "bob": "0"}
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "feedback/anna.html" in index and "feedback/bob.html" in index
    for name in ("anna", "bob"):
        assert (out / "feedback" / f"{name}.html").is_file() and (out / "feedback" / f"{name}.md").is_file()


def test_grading_never_changes_the_submissions(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    target = folder / "anna.py"
    target.write_bytes(CORRECT.read_bytes())
    before = (target.read_bytes(), target.stat().st_mtime_ns)
    assert run_grade(str(folder), "--out", str(tmp_path / "out")).returncode == 0
    assert (target.read_bytes(), target.stat().st_mtime_ns) == before
    assert sorted(p.name for p in folder.iterdir()) == ["anna.py"]


def test_a_self_check_names_the_file_it_graded(tmp_path):
    broken = tmp_path / "opdracht.py"
    broken.write_text("def validate_ticket_proposal(p)\n    return p\n", encoding="utf-8")
    done = run_grade(str(broken), "--out", str(tmp_path / "out"), "--lang", "en")
    assert done.returncode == 1
    assert "opdracht.py could not be loaded" in done.stdout
    assert "not graded" in done.stdout
    markdown = (tmp_path / "out" / "feedback" / "opdracht.md").read_text(encoding="utf-8")
    assert "opdracht.py" in markdown and "main.py" not in markdown


def test_a_self_check_shows_the_fingerprint_root_cause_first_as_the_report_does(tmp_path):
    from test_feedback_quality import SUBMISSIONS

    source = SUBMISSIONS["unsorted"]((SOLUTIONS / "reference" / "main.py").read_text(encoding="utf-8"))
    (tmp_path / "main.py").write_text(source, encoding="utf-8")
    done = run_grade(str(tmp_path / "main.py"), "--out", str(tmp_path / "out"), "--lang", "en")
    assert done.returncode == 1
    after = done.stdout.split("Checkpoint 3", 1)[1]
    first = next(line for line in after.splitlines() if line.startswith("  - "))
    # The approval check (D12) first, without its clause: students have the lesson, not the contract.
    assert first == "  - A proposal the host approved with its correct fingerprint H(p) is carried out.", after[:500]


def test_names_and_messages_cannot_drive_the_terminal(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "esc\x1b[2J\x1b[1;1Hfake\rrow.py").write_bytes(CORRECT.read_bytes())
    (folder / "rtl\u202eyp.exe.py").write_bytes(CORRECT.read_bytes())  # shown as rtlexe.py, reversed
    (folder / "anna.py").write_text(CORRECT.read_text(encoding="utf-8") + "\nraise ValueError('\\x1b[31mred')\n",
                                    encoding="utf-8")
    done = run_grade(str(folder), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\r" not in done.stdout and "\\x1b[2J" in done.stdout
    assert "\u202e" not in done.stdout and "rtl\\u202eyp.exe" in done.stdout
    alone = run_grade(str(folder / "anna.py"), "--out", str(tmp_path / "self"))
    assert "\x1b" not in alone.stdout and "\\x1b[31mred" in alone.stdout


@pytest.mark.parametrize("lang, words", [("nl", "onderbroken"), ("en", "interrupted")])
def test_ctrl_c_while_reading_the_folder_says_so_and_writes_nothing(tmp_path, monkeypatch, capsys, lang, words):
    import grader.discover
    from grader import cli

    def interrupted(paths, layout, unclaimed=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(grader.discover, "discover_apart", interrupted)
    (tmp_path / "anna.py").write_text("x = 1\n")
    out = tmp_path / "uit"
    assert cli.main([str(tmp_path), "--out", str(out), "--lang", lang]) == cli.EXIT_INTERRUPTED
    assert words in capsys.readouterr().err and not out.exists()


def test_a_reader_that_leaves_early_does_not_change_the_exit_code(tmp_path):
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "grader", str(WRONG), "--out", str(tmp_path)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # as `grade main.py | head -0`: every line printed meets a closed pipe
    _, errors = process.communicate(timeout=120)
    assert process.returncode == 1 and b"Traceback" not in errors
    assert (tmp_path / "feedback").is_dir()


def test_sigterm_while_reading_the_folder_ends_like_ctrl_c(tmp_path, monkeypatch, capsys):
    import os
    import signal
    import time

    import grader.discover
    from grader import cli

    def terminated(paths, layout, unclaimed=None):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler interrupts this sleep

    monkeypatch.setattr(grader.discover, "discover_apart", terminated)
    (tmp_path / "anna.py").write_text("x = 1\n")
    before = signal.getsignal(signal.SIGTERM)
    assert cli.main([str(tmp_path), "--out", str(tmp_path / "uit"), "--lang", "en"]) == cli.EXIT_INTERRUPTED
    assert "interrupted" in capsys.readouterr().err and signal.getsignal(signal.SIGTERM) == before


def test_ctrl_c_while_the_class_outputs_are_written_says_so(tmp_path, monkeypatch, capsys):
    from grader import cli, reports

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(reports, "write_class_outputs", interrupted)
    for name in ("anna", "bram"):
        (tmp_path / f"{name}.py").write_text("x = 1\n")
    out = tmp_path / "uit"
    assert cli.main([str(tmp_path), "--out", str(out), "--lang", "en", "--quiet"]) == cli.EXIT_INTERRUPTED
    assert "run the same command again" in capsys.readouterr().err
    assert sorted(path.name for path in (out / "feedback").glob("*.html")) == ["anna.html", "bram.html"]


def test_a_full_disk_while_reports_are_written_is_an_output_problem_not_a_battery_defect(tmp_path, monkeypatch,
                                                                                         capsys):
    from grader import cli, reports

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(reports, "write_submission", full)
    (tmp_path / "anna.py").write_text("x = 1\n")
    (tmp_path / "bram.py").write_text("x = 2\n")
    assert cli.main([str(tmp_path), "--out", str(tmp_path / "uit"), "--quiet"]) == cli.EXIT_OUTPUT
    errors = capsys.readouterr().err
    assert "No space left on device" in errors and "internal error" not in errors


def test_reference_before_the_paths_says_where_the_path_went(tmp_path):
    # --reference takes one or more files, so a folder after it was taken as one more reference.
    reference = tmp_path / "sample.py"
    reference.write_text("x = 1\n", encoding="utf-8")
    done = run_grade("--reference", str(reference), str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2
    assert "--reference" in done.stderr and "na de PATHs" in done.stderr and "Traceback" not in done.stderr
    done = run_grade("--lang", "en", "--reference", str(reference), "--", str(tmp_path / "none"), cwd=tmp_path)
    assert done.returncode == 2 and "does not exist" in done.stderr  # with --, the path is a path again
    done = run_grade("--lang", "en", str(tmp_path / "none"), "--reference", str(reference), "--", cwd=tmp_path)
    assert done.returncode == 2 and "does not exist" in done.stderr  # a -- that ends the list, with nothing after it


@pytest.mark.parametrize("arguments, said", [
    ([".", "nergens"], "grade: dit pad bestaat niet: nergens"),
    (["klas", "klas/tikfout"], "grade: dit pad bestaat niet: klas/tikfout"),
    # After --, "--out" is a path: said so, not "noemen dezelfde bestanden twee keer".
    (["--", ".", "--out", "uit"], "grade: dit pad bestaat niet: --out (na -- is alles een pad: zet opties vóór --)"),
])
def test_a_path_that_does_not_exist_is_said_before_paths_are_compared(tmp_path, arguments, said):
    # grade . nonexist said ". en nonexist noemen dezelfde bestanden twee keer": nonexist lies "inside" .
    (tmp_path / "klas").mkdir()
    shutil.copy(CORRECT, tmp_path / "klas" / "anna.py")
    done = run_grade(*arguments, cwd=tmp_path)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert "twee keer" not in done.stderr


@pytest.mark.parametrize("arguments, dutch, english", [
    (["--jobs", "x", "main.py"], "fout: argument -j/--jobs: ongeldige waarde 'x'", "error: argument -j/--jobs: invalid int value"),
    (["--bogus", "main.py"], "fout: onbekende argumenten: --bogus", "error: unrecognized arguments: --bogus"),
    (["nergens.py"], "grade: dit pad bestaat niet: nergens.py", "grade: path does not exist: nergens.py"),
    (["main.py", "--jobs", "0"], "--jobs moet positief zijn", "--jobs must be positive"),
    (["main.py", "--timeout", "0"], "--timeout moet positief zijn", "--timeout must be positive"),
])
def test_usage_errors_are_dutch_by_default_and_english_with_lang_en(tmp_path, arguments, dutch, english):
    dutch_run = run_grade(*arguments, cwd=tmp_path)
    english_run = run_grade(*arguments, "--lang=en", cwd=tmp_path)
    assert (dutch_run.returncode, english_run.returncode) == (2, 2)
    assert dutch in dutch_run.stderr and english in english_run.stderr


def test_a_self_check_that_cannot_write_reports_shows_the_feedback_and_says_where_the_report_went(tmp_path):
    shutil.copy(WRONG, tmp_path / "main.py")
    script = ("import sys, grader.cli as cli\n"
              "cli._unwritable = lambda out: PermissionError(13, 'Permission denied')\n"
              "sys.exit(cli.main(['main.py']))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "Checkpoint 1" in done.stdout        # the feedback, and the score's exit code
    assert "kan in reports niet schrijven (" in done.stderr and "je rapport komt in" in done.stderr
    assert not (tmp_path / "reports").exists()
    elsewhere = done.stderr.rsplit("je rapport komt in ", 1)[1].strip()
    assert (Path(elsewhere) / "results.json").is_file()
    shutil.rmtree(elsewhere)


@pytest.mark.parametrize("columns,shown", [(100, "inz/s"), (0, "[1/2]")])  # inzendingen per second
def test_a_terminal_gets_a_progress_bar_unless_it_reports_no_width(tmp_path, columns, shown):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("anna", "bram"):
        shutil.copy(CORRECT, folder / f"{name}.py")
    done, seen = on_a_terminal([str(folder), "--out", str(tmp_path / "out")], columns)
    assert done.returncode == 0 and shown in seen


@pytest.mark.parametrize("columns, busy", [(100, True), (0, False)])
def test_a_self_check_on_a_terminal_says_it_is_busy_and_removes_that_line(tmp_path, columns, busy):
    # A self-check of a looping function took half a minute without a word.
    shutil.copy(CORRECT, tmp_path / "anna.py")
    done, seen = on_a_terminal([str(tmp_path / "anna.py"), "--out", str(tmp_path / "out")], columns)
    assert done.returncode == 0 and ("anna.py wordt beoordeeld...\r\x1b[K" in seen) is busy


def on_a_terminal(arguments: list[str], columns: int) -> tuple[subprocess.CompletedProcess, str]:
    """Run grade with ``arguments`` on a pseudo-terminal ``columns`` wide; out: the process and what it showed."""
    primary, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    try:
        done = subprocess.run([sys.executable, "-m", "grader", *arguments],
                              stdout=secondary, stderr=secondary, timeout=120, cwd=ROOT)
        os.set_blocking(primary, False)
        seen = b""
        while True:
            try:
                chunk = os.read(primary, 65536)
            except (BlockingIOError, OSError):
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(secondary)
        os.close(primary)
    return done, seen.decode("utf-8", "replace")


def test_a_very_long_id_is_cut_in_the_summary_table_and_pads_no_other_row(tmp_path, capsys):
    from grader import terminal

    def result(student_id):
        return {"id": student_id, "score": 3, "max_score": 3, "status": "graded",
                "checkpoints": {key: {"passed": True} for key in "123"}}

    progress = terminal.Progress(2, "en", quiet=False)
    progress.stream = sys.stdout
    progress.summary([result("anna"), result("x" * 20_000)], tmp_path)
    rows = [line for line in capsys.readouterr().out.splitlines() if "3/3" in line and "graded" in line]
    assert len(rows) == 2 and all(len(row) < terminal.ID_WIDTH + 40 for row in rows)
    assert rows[1].startswith("x" * (terminal.ID_WIDTH - 1) + "…")


def test_the_summary_table_lines_up_names_of_wide_characters(tmp_path, capsys):
    from grader import terminal

    def result(student_id):
        return {"id": student_id, "score": 3, "max_score": 3, "status": "graded",
                "checkpoints": {key: {"passed": True} for key in "123"}}

    progress = terminal.Progress(3, "en", quiet=False)
    progress.stream = sys.stdout
    progress.summary([result("anna"), result("李雷"), result("李" * 200)], tmp_path)
    rows = [line for line in capsys.readouterr().out.splitlines() if "3/3" in line and "graded" in line]
    assert len({terminal.display_width(row.split("3/3")[0]) for row in rows}) == 1, rows  # the score column lines up
    assert terminal.display_width(rows[2].split("  3/3")[0]) == terminal.ID_WIDTH and rows[2].count("…") == 1


def test_the_summary_table_names_the_student_behind_an_lms_number(tmp_path, capsys):
    from grader import terminal

    progress = terminal.Progress(2, "en", quiet=False)
    progress.stream = sys.stdout
    rows = [{"id": "101", "name": "jansenanouk", "score": 3, "max_score": 3, "status": "graded",
             "checkpoints": {key: {"passed": True} for key in "123"}},
            {"id": "anna", "name": "anna", "score": 3, "max_score": 3, "status": "graded",
             "checkpoints": {key: {"passed": True} for key in "123"}}]
    progress.summary(rows, tmp_path)
    shown = capsys.readouterr().out
    assert "101 (jansenanouk)" in shown and "anna (anna)" not in shown


@pytest.mark.parametrize("lang, said", [("nl", "hergebruikt"), ("en", "reused")])
def test_a_self_check_of_an_unchanged_file_says_its_result_was_reused_and_how_to_grade_again(tmp_path, lang, said):
    # The second run reused the stored result without a word: a student could not tell it was not graded again.
    main = tmp_path / "main.py"
    shutil.copy(CORRECT, main)
    first = run_grade(str(main), "--out", str(tmp_path / "out"), "--lang", lang)
    assert first.returncode == 0 and said not in first.stdout
    again = run_grade(str(main), "--out", str(tmp_path / "out"), "--lang", lang)
    lines = [line for line in again.stdout.splitlines() if said in line]
    assert again.returncode == 0 and len(lines) == 1 and "--force" in lines[0] and "main.py" in lines[0], again.stdout
    # Reused by content: "is niet veranderd sinds de vorige beoordeling" is untrue of a file changed back.
    assert ("dezelfde inhoud als een eerder beoordeelde versie" if lang == "nl"
            else "the same content as a version graded before") in lines[0]
    forced = run_grade(str(main), "--out", str(tmp_path / "out"), "--lang", lang, "--force")
    assert forced.returncode == 0 and said not in forced.stdout
