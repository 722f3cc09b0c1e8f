"""Stopping a run: SIGTERM ends it promptly, kills every child, keeps what was graded; a rerun continues."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, SOLUTIONS
from grader.reports import jsonreport

SLOW = "\nimport math\nfor i in range(4 * 10**5):\n    math.sqrt(i)\n"  # a slow module body


def grader_processes(marker: str) -> list[int]:
    """Pids of live processes whose command line mentions ``marker`` (the run's unique folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_sigterm_stops_kills_children_and_a_rerun_continues(tmp_path):
    folder = tmp_path / "many-submissions"
    folder.mkdir()
    source = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")
    for index in range(12):
        (folder / f"student{index:02d}.py").write_text(source + SLOW + f"# {index}\n", encoding="utf-8")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "grader", str(folder), "--out", str(out), "--quiet", "--jobs", "2"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(out.glob("feedback/*.html")) and time.monotonic() < deadline:
        time.sleep(0.05)
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert time.monotonic() - started < 2.0
    assert process.returncode == 130, stderr
    assert "onderbroken" in stderr and "voer dezelfde opdracht opnieuw uit" in stderr   # the run's language
    time.sleep(0.2)
    assert grader_processes(str(folder)) == []
    document = jsonreport.read(out / "results.json")
    graded = document["submissions"]
    assert 0 < len(graded) < 12
    # The class outputs say that they are incomplete, and how many submissions there were.
    assert document["interrupted"] is True and document["submissions_found"] == 12
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "onderbroken" in index and f"{len(graded)} van de 12 inzendingen" in index
    for entry in graded:
        assert entry["score"] == 3
        html = (out / "feedback" / f"{entry['id']}.html").read_text(encoding="utf-8")
        assert html.rstrip().endswith("</html>")
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    document = jsonreport.read(out / "results.json")
    assert len(document["submissions"]) == 12 and "interrupted" not in document
    assert "onderbroken" not in (out / "index.html").read_text(encoding="utf-8")


def test_no_child_outlives_a_normal_run(tmp_path):
    folder = tmp_path / "one-run"
    folder.mkdir()
    (folder / "anna.py").write_bytes((SOLUTIONS / "correct" / "s01_plain_regex.py").read_bytes())
    done = subprocess.run([sys.executable, "-m", "grader", str(folder), "--out", str(tmp_path / "out"), "--quiet"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert grader_processes(str(folder)) == []
    assert os.path.exists(tmp_path / "out" / "results.json")


@pytest.mark.parametrize("lang, again, without", [("nl", "voer dezelfde opdracht opnieuw uit", "zonder --force"),
                                                  ("en", "run the same command again", "without --force")])
@pytest.mark.parametrize("late", [False, True])
def test_ctrl_c_with_force_says_to_continue_without_force(tmp_path, monkeypatch, capsys, lang, again, without, late):
    import grader.grading
    from grader import cli

    def interrupted(submissions, *args, **kwargs):
        raise KeyboardInterrupt if late else grader.grading.Interrupted({"submissions": submissions[:1]})

    monkeypatch.setattr(grader.grading, "grade", interrupted)
    for name in ("anna", "bram"):
        (tmp_path / f"{name}.py").write_text("x = 1\n")
    out = str(tmp_path / "uit")
    assert cli.main([str(tmp_path), "--out", out, "--lang", lang, "--force"]) == cli.EXIT_INTERRUPTED
    said = capsys.readouterr().err
    assert without in said and again not in said, said
    assert cli.main([str(tmp_path), "--out", out, "--lang", lang]) == cli.EXIT_INTERRUPTED
    said = capsys.readouterr().err
    assert again in said and "--force" not in said, said


@pytest.mark.parametrize("lang, words", [("nl", "van een eerdere run"), ("en", "from an earlier run")])
def test_an_interrupted_self_check_leaves_the_last_report_and_says_it_is_an_earlier_one(tmp_path, monkeypatch, capsys,
                                                                                         lang, words):
    import grader.grading
    from grader import cli

    source = tmp_path / "main.py"
    shutil.copy(SOLUTIONS / "correct" / "s01_plain_regex.py", source)
    out = tmp_path / "reports"
    assert cli.main([str(source), "--out", str(out), "--lang", lang, "--quiet"]) == cli.EXIT_OK
    before = {path: path.read_bytes() for path in [out / "results.json", *(out / "feedback").iterdir()]}
    capsys.readouterr()
    source.write_text(source.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    monkeypatch.setattr(grader.grading, "_run_battery", lambda *args, **kwargs: True)  # Ctrl-C before the result
    assert cli.main([str(source), "--out", str(out), "--lang", lang]) == cli.EXIT_INTERRUPTED
    said = capsys.readouterr().err
    assert {path: path.read_bytes() for path in before} == before  # results.json and the report still agree
    assert words in said and str(out / "feedback" / "main.html") in said, said


def test_an_interrupted_self_check_names_its_file_with_control_characters_escaped(tmp_path, monkeypatch, capsys):
    import grader.grading
    from grader import cli

    source = tmp_path / "main\x1b[2J.py"
    shutil.copy(SOLUTIONS / "correct" / "s01_plain_regex.py", source)
    monkeypatch.setattr(grader.grading, "_run_battery", lambda *args, **kwargs: True)  # Ctrl-C before the result
    assert cli.main([str(source), "--out", str(tmp_path / "out")]) == cli.EXIT_INTERRUPTED
    said = capsys.readouterr().err
    assert "\x1b" not in said and "main\\x1b[2J.py" in said, said


@pytest.mark.parametrize("lang, words", [("nl", "onderbroken"), ("en", "interrupted")])
def test_ctrl_c_while_the_grader_starts_is_a_message_and_exit_130_not_a_traceback(tmp_path, monkeypatch, capsys,
                                                                                   lang, words):
    from grader import cli

    def starting(argv):
        raise KeyboardInterrupt  # as when Ctrl-C lands while pytest, Jinja2 and the battery are imported

    monkeypatch.setattr(cli, "_main", starting)
    assert cli.main([str(tmp_path / "main.py"), "--lang", lang]) == cli.EXIT_INTERRUPTED
    said = capsys.readouterr().err
    assert words in said and ("nothing" if lang == "en" else "niets") in said, said


def catches_sigterm(pid: int) -> bool:
    """Whether process ``pid`` has a handler for SIGTERM: grader.cli.main() has begun."""
    status = Path(f"/proc/{pid}/status").read_text()
    caught = int(next(line for line in status.splitlines() if line.startswith("SigCgt:")).split()[1], 16)
    return bool(caught & (1 << (signal.SIGTERM - 1)))


@pytest.mark.parametrize("after", [0.0, 0.1, 0.3, 0.6])
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_at_any_moment_of_a_self_check_ends_it_without_a_traceback(tmp_path, after, stop):
    # From the moment grade's main() runs (before it, Python itself is starting and its imports: as any
    # Python program, it then prints what Python prints).
    source = tmp_path / "main.py"
    shutil.copy(SOLUTIONS / "correct" / "s01_plain_regex.py", source)
    process = subprocess.Popen([sys.executable, "-m", "grader", str(source), "--quiet"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while process.poll() is None and not catches_sigterm(process.pid) and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(after)
    process.send_signal(stop)
    _, stderr = process.communicate(timeout=30)
    assert "Traceback" not in stderr, stderr
    # 0: the check was done before the signal came. -SIGINT: Python ends itself by SIGINT (a shell shows 130)
    # when the KeyboardInterrupt (SIGTERM raises one too) had passed through an exec() of a str, as
    # dataclasses do while a module is imported.
    assert process.returncode in (130, 0, -signal.SIGINT), stderr
    assert process.returncode == 0 or "onderbroken" in stderr, stderr


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("lang, words", [("nl", "onderbroken tijdens het opstarten"), ("en", "interrupted while starting")])
def test_a_signal_while_the_entry_point_imports_the_grader_is_a_message_not_a_traceback(stop, lang, words):
    # Ctrl-C in the first 0.1-0.2 s of grade printed a KeyboardInterrupt traceback through grader/cli.py's
    # imports: the console script imported grader.cli (argparse, pathlib, ...) before main() could catch it.
    script = ("import os, signal, sys\n"
              # Python's own SIGINT handler, as in a shell's foreground (a test run started in the background, as
              # by 'nohup pytest &', hands its children SIGINT ignored, which grade rightly leaves ignored)
              "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
              f"sys.argv = ['grade', 'main.py', '--lang', {lang!r}]\n"
              "import grader.entry\n"  # what the console script imports first
              f"os.kill(os.getpid(), {int(stop)})\n"
              "import grader.cli\n"
              "sys.exit(grader.entry.main())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr and words in done.stderr, done.stderr
    assert done.returncode == 130


def test_the_grade_command_starts_in_the_small_entry_module():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["grade"] == "grader.entry:main"
    assert "grader.entry" in (ROOT / "grader" / "__main__.py").read_text(encoding="utf-8")
