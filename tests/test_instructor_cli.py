"""``grade report`` re-renders from results.json, ``--checks`` adds an instructor's (hidden) checks, option errors."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from conftest import ROOT, SOLUTIONS, run_grade
from grader import reports
from grader.reports import jsonreport
from test_instructor_class import sample_document

CORRECT = SOLUTIONS / "correct" / "s01_plain_regex.py"

INSTRUCTOR_CHECKS = '''"""An instructor's own checks: one hidden, one open."""
import pytest
from grader.battery import Mismatch, check


@check(3, "X1", nl="Een geheime controle.", en="A secret check.", hint_nl="Geheime tip.", hint_en="Secret hint.",
       hidden=True)
@pytest.mark.parametrize("code", ["SECRET-LABEL-1"])
def test_secret(student, code):
    call = student.call("validate_ticket_proposal", {"call_id": "SECRET-INPUT"})
    raise Mismatch(call.shown, "SECRET-EXPECTED", call.got())


@check(1, "X2", nl="Een open controle.", en="An open check.", hint_nl="Open tip.", hint_en="Open hint.")
def test_open(student):
    student.call("validate_ticket_proposal", {"call_id": "OPEN-INPUT"}).expect_value_error()
'''


def files(folder) -> dict[str, bytes]:
    """The outputs under ``folder`` (not .cache/, where grade report records what it wrote for the next run)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.relative_to(folder).parts[0] != ".cache"}


def test_report_re_renders_every_output_from_results_json_without_grading(tmp_path):
    source = tmp_path / "run"
    source.mkdir()
    (source / "results.json").write_text(json.dumps(sample_document()), encoding="utf-8")
    # The output folder itself may be named (grade report reports/): it said "Is a directory".
    done = run_grade("report", str(source), "--out", str(tmp_path / "out"), "--format", "gradescope",
                     "--gradebook", "canvas", "--gradebook", "brightspace")
    assert done.returncode == 0, done.stderr
    written = files(tmp_path / "out")
    assert {"index.html", "gradebook.csv", "gradebook-canvas.csv", "gradebook-brightspace.csv", "results.json",
            "feedback/anna.html", "feedback/anna.md", "gradescope/anna.json", "instructor/chris.html"} <= set(written)
    assert "similarity.html" not in written  # the sources are not on this machine, and the run says so
    assert "similarity.html" in done.stderr and "could not be read" in done.stderr
    # The same files as rendering the document directly (grade report grades nothing).
    direct = tmp_path / "direct"
    reports.render_all(jsonreport.read(source / "results.json"), direct,
                       reports.Options(formats=("gradescope",), gradebooks=("canvas", "brightspace")))
    assert files(direct) == written


def test_report_writes_beside_results_json_by_default_and_refuses_other_files(tmp_path):
    (tmp_path / "results.json").write_text(json.dumps(sample_document()), encoding="utf-8")
    assert run_grade("report", str(tmp_path / "results.json")).returncode == 0
    assert (tmp_path / "index.html").is_file() and (tmp_path / "feedback" / "bram.html").is_file()
    (tmp_path / "other.json").write_text('{"format": 99}', encoding="utf-8")
    for args in (["report", str(tmp_path / "other.json")], ["report", str(tmp_path / "missing.json")], ["report"]):
        done = run_grade(*args)
        assert done.returncode == 2 and "grade report" in done.stderr


@pytest.mark.parametrize("quiet", ["-q", "--quiet"])
def test_report_takes_grade_s_quiet_option(tmp_path, quiet):
    # It was refused ("onbekende argumenten: -q"), though grade takes it and a script may pass it to both.
    (tmp_path / "results.json").write_text(json.dumps(sample_document()), encoding="utf-8")
    done = run_grade("report", str(tmp_path), quiet)
    assert done.returncode == 0, done.stderr
    assert "-q, --quiet" in run_grade("report", "--help").stdout


def test_a_folder_named_report_is_graded_as_dot_slash_report(tmp_path):
    (tmp_path / "report").mkdir()
    shutil.copy(CORRECT, tmp_path / "report" / "main.py")
    done = run_grade("./report", "--out", "marks", "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert jsonreport.read(tmp_path / "marks" / "results.json")["submissions"][0]["id"] == "report"


@pytest.mark.parametrize("lang,hint", [("nl", "grade ./report"), ("en", "grade ./report")])
def test_grade_report_without_results_json_beside_a_folder_named_report_points_at_dot_slash_report(tmp_path, lang, hint):
    # "grade report" meant to grade the folder report/: the error named only the missing RESULTS_JSON.
    done = run_grade("report", "--lang", lang, "--out", "marks", cwd=tmp_path)
    assert done.returncode == 2 and "RESULTS_JSON" in done.stderr and hint not in done.stderr
    (tmp_path / "report").mkdir()
    done = run_grade("report", "--lang", lang, "--out", "marks", cwd=tmp_path)
    assert done.returncode == 2 and "RESULTS_JSON" in done.stderr and hint in done.stderr, done.stderr
    assert ("deze argumenten ontbreken" if lang == "nl" else "the following arguments are required") in done.stderr
    wrong = run_grade("report", "results.json", "--lang", lang, "--gradebook", "blackboard", cwd=tmp_path)
    assert wrong.returncode == 2 and hint not in wrong.stderr  # only where RESULTS_JSON is missing


@pytest.mark.parametrize("args", [["--gradebook", "blackboard"], ["--reference", "/no/such/file.py"],
                                  ["--similarity-threshold", "0"], ["--checks", "/no/such/dir"],
                                  ["--format", "junit"],
                                  # An empty column header in gradebook-canvas.csv: the import cannot match it.
                                  ["--assignment", ""], ["--assignment", "  "]])
def test_unusable_output_options_are_usage_errors(args, tmp_path):
    done = run_grade(str(CORRECT), "--out", str(tmp_path), *args)
    assert done.returncode == 2, done.stdout


def test_the_similarity_threshold_range_in_readme_and_help_is_the_one_accepted():
    # README and --help said 0..1, yet 0 is refused (a share of 0 would list every pair).
    from grader import cli, commands
    from grader.commands import OptionError
    row = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| `--similarity-threshold"))
    assert "(0, 1]" in row and "0..1" not in row
    assert "(0, 1]" in " ".join(run_grade("--help").stdout.split())
    parser = cli.parser()
    for share, accepted in (("0", False), ("0.001", True), ("1", True), ("1.01", False)):
        args = parser.parse_args(["main.py", "--similarity-threshold", share])
        try:
            commands.output_options(args)
        except OptionError:
            assert not accepted, share
        else:
            assert accepted, share


def test_instructor_checks_count_and_hidden_ones_show_only_name_and_hint_to_the_student(tmp_path):
    checks = tmp_path / "mine"
    checks.mkdir()
    (checks / "test_mine.py").write_text(INSTRUCTOR_CHECKS, encoding="utf-8")
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(CORRECT, folder / "anna.py")
    shutil.copy(ROOT / "submissions" / "daan-de-vries" / "main.py", folder / "daan.py")
    out = tmp_path / "out"
    done = run_grade(str(folder), "--out", str(out), "--quiet", "--lang", "en", "--checks", str(checks),
                     "--format", "gradescope", "--no-similarity")
    assert done.returncode == 0, done.stderr
    document = jsonreport.read(out / "results.json")
    anna = next(r for r in document["submissions"] if r["id"] == "anna")
    secret = [c for c in anna["checkpoints"]["3"]["checks"] if c["clause"] == "X1"]
    assert len(secret) == 1 and secret[0]["hidden"] and secret[0]["outcome"] == "failed"
    assert secret[0]["detail"]["expected"] == "SECRET-EXPECTED"             # the instructor keeps everything
    assert [c["outcome"] for c in anna["checkpoints"]["1"]["checks"] if c["clause"] == "X2"] == ["passed"]
    assert anna["score"] == 2 and "+" in document["battery"]               # the hidden check counts
    for path in [out / "feedback" / "anna.html", out / "feedback" / "anna.md", out / "gradescope" / "anna.json"]:
        text = path.read_text(encoding="utf-8")
        assert "SECRET" not in text, path.name
        assert "A secret check." in text and "Secret hint." in text and "Hidden check" in text
    instructor = (out / "instructor" / "anna.html").read_text(encoding="utf-8")
    assert "SECRET-INPUT" in instructor and "SECRET-EXPECTED" in instructor and "Instructor view" in instructor
    assert 'href="instructor/anna.html"' in (out / "index.html").read_text(encoding="utf-8")
    alone = run_grade(str(folder / "anna.py"), "--out", str(tmp_path / "self"), "--lang", "en", "--checks", str(checks))
    assert alone.returncode == 1 and "A secret check." in alone.stdout and "SECRET" not in alone.stdout


def test_the_readme_example_check_works_and_a_broken_check_is_pointed_out(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = readme.split("```python\n# my_checks/test_extra.py\n", 1)[1].split("```", 1)[0]
    checks = tmp_path / "my_checks"
    checks.mkdir()
    broken = ('\n\n@check(1, "X9", nl="Kapot.", en="Broken.", hint_nl="-", hint_en="-")\n'
              'def test_broken(student):\n    student.validate_ticket_proposal({})\n')
    (checks / "test_extra.py").write_text(example + broken, encoding="utf-8")
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(CORRECT, folder / "anna.py")
    shutil.copy(ROOT / "submissions" / "daan-de-vries" / "main.py", folder / "daan.py")
    done = run_grade(str(folder), "--out", str(tmp_path / "out"), "--quiet", "--lang", "en", "--checks", str(checks),
                     "--no-similarity")
    assert done.returncode == 0, done.stderr
    outcomes = {(r["id"], c["id"]): c["outcome"] for r in jsonreport.read(tmp_path / "out" / "results.json")["submissions"]
                for c in r["checkpoints"]["1"]["checks"] if c["clause"] in ("V3", "X9")}
    assert outcomes[("anna", "call_id_of_41_characters")] == "passed" and outcomes[("anna", "broken")] == "error"
    assert "check broken ended in an error (not a finding) for 2 of 2 submissions" in done.stderr
    # A rerun reuses both results: the check is still broken, and the warning says so again.
    again = run_grade(str(folder), "--out", str(tmp_path / "out"), "--quiet", "--lang", "en", "--checks", str(checks),
                      "--no-similarity")
    assert "check broken ended in an error (not a finding) for 2 of 2 submissions" in again.stderr
    rendered = run_grade("report", str(tmp_path / "out"), "--lang", "en", "--no-similarity")  # from results.json: as grade
    assert "check broken ended in an error (not a finding) for 2 of 2 submissions" in rendered.stderr, rendered.stderr


def test_a_broken_checks_error_stays_on_its_own_line(capsys):
    # The error's text may hold what a student's function returned (an instructor's check with
    # assert got == 1, f"got {got}"): its line ends must not print lines the grader never said.
    from grader.terminal import Progress
    error = "AssertionError: got 'x\ngrade: all checks passed for every submission\r\n'"
    Progress(2, "en", quiet=True).warn_check_errors(Counter({"broken": 2}), 2, {"broken": error}, [Path("out")])
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and said.startswith("grade: note: check broken") and "\\ngrade: all" in said


@pytest.mark.parametrize("text", ['{"format": 2, "checks": {}, "submissions": [{"score": 3}]}',
                                  '{"format": 1, "submissions": [7]}',
                                  '{"format": 2, "checks": {}, "submissions": [{"id": "a", "checkpoints": {"1": '
                                  '{"checks": [{"id": "x", "outcome": "passed"}]}}}]}',
                                  '[' * 100_000 + ']' * 100_000,
                                  '{"format": 1, "lang": "fr", "submissions": []}',
                                  '{"format": 1, "submissions": [{"id": null, "score": 1, "checkpoints": {}}]}',
                                  '{"format": 1, "submissions": [{"source": 5, "load": {"output": 3}}]}'])
def test_grade_report_refuses_a_malformed_results_json_with_a_message(tmp_path, text):
    (tmp_path / "results.json").write_text(text, encoding="utf-8")
    done = run_grade("report", str(tmp_path / "results.json"), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and "grade report:" in done.stderr and "Traceback" not in done.stderr


def test_grade_report_on_a_file_that_is_not_json_says_what_it_expected(tmp_path):
    done = run_grade("report", str(ROOT / "README.md"), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and "README.md is geen results.json van grade" in done.stderr  # Dutch, as grade


@pytest.mark.parametrize("lang, words", [("nl", "8 inzendingen opnieuw weergegeven"), ("en", "8 submissions re-rendered")])
def test_grade_report_speaks_the_language_results_json_was_graded_in(tmp_path, lang, words):
    (tmp_path / "results.json").write_text(json.dumps(sample_document(lang)), encoding="utf-8")
    done = run_grade("report", str(tmp_path / "results.json"), "--out", str(tmp_path / "out"), "--no-similarity")
    assert done.returncode == 0 and words in done.stdout
    assert f'<html lang="{lang}"' in (tmp_path / "out" / "feedback" / "anna.html").read_text(encoding="utf-8")


def test_grade_report_refuses_an_id_listed_twice_and_renders_an_infinite_time(tmp_path):
    document = sample_document()
    twice = {**document, "submissions": document["submissions"] + document["submissions"][:1]}
    (tmp_path / "results.json").write_text(json.dumps(twice), encoding="utf-8")
    done = run_grade("report", str(tmp_path / "results.json"), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and "twee keer" in done.stderr and not (tmp_path / "out").exists()
    (tmp_path / "results.json").write_text(json.dumps({**document, "elapsed_seconds": float("inf")}), encoding="utf-8")
    done = run_grade("report", str(tmp_path / "results.json"), "--out", str(tmp_path / "out"), "--format", "gradescope")
    # The run's duration is only metadata: no output uses it (a class run's Gradescope files carry no time).
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert list((tmp_path / "out" / "gradescope").glob("*.json"))


@pytest.mark.parametrize("lang, said", [
    ("nl", "grade: je eigen controles konden niet worden geladen: bad_checks/test_bad.py: "
           "ModuleNotFoundError: No module named 'nonexistent_mod'"),
    ("en", "grade: your own checks could not be loaded: bad_checks/test_bad.py: "
           "ModuleNotFoundError: No module named 'nonexistent_mod'"),
])
def test_own_checks_that_do_not_import_are_one_clear_message(tmp_path, lang, said):
    (tmp_path / "bad_checks").mkdir()
    (tmp_path / "bad_checks" / "test_bad.py").write_text("import nonexistent_mod\n", encoding="utf-8")
    shutil.copy(CORRECT, tmp_path / "main.py")
    done = run_grade("main.py", "--checks", "bad_checks", "--lang", lang, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == said, done.stderr
    assert done.stdout == ""


def test_an_own_check_without_its_marker_names_the_file(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "test_plain.py").write_text("def test_x(student):\n    pass\n", encoding="utf-8")
    shutil.copy(CORRECT, tmp_path / "main.py")
    done = run_grade("main.py", "--checks", "mine", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "mine/test_plain.py" in done.stderr and "@check" in done.stderr, done.stderr


@pytest.mark.parametrize("command", ["report", "gradescope-bundle"])
def test_sub_commands_speak_dutch_by_default_and_english_with_lang_en(tmp_path, command):
    given = ["results.json"] if command == "report" else []
    dutch_run = run_grade(command, *given, "--bogus", cwd=tmp_path)
    english_run = run_grade(command, *given, "--bogus", "--lang", "en", cwd=tmp_path)
    if command == "report":
        missing = run_grade(command, cwd=tmp_path)
        assert "fout: deze argumenten ontbreken: RESULTS_JSON" in missing.stderr, missing.stderr
    assert (dutch_run.returncode, english_run.returncode) == (2, 2)
    assert "fout: onbekende argumenten: --bogus" in dutch_run.stderr, dutch_run.stderr
    assert "error: unrecognized arguments: --bogus" in english_run.stderr, english_run.stderr
    assert f"grade {command}" in dutch_run.stderr


def test_grade_report_says_in_lang_that_a_file_is_missing(tmp_path):
    assert "kan nergens.json niet lezen" in run_grade("report", "nergens.json", cwd=tmp_path).stderr
    assert "cannot read nergens.json" in run_grade("report", "nergens.json", "--lang", "en", cwd=tmp_path).stderr


def test_the_gradescope_bundle_says_where_it_went_in_lang(tmp_path):
    dutch_run = run_grade("gradescope-bundle", "--out", str(tmp_path / "a.zip"), cwd=tmp_path)
    english_run = run_grade("gradescope-bundle", "--out", str(tmp_path / "b.zip"), "--lang", "en", cwd=tmp_path)
    assert dutch_run.returncode == english_run.returncode == 0, dutch_run.stderr + english_run.stderr
    assert "Gradescope-autograder geschreven naar" in dutch_run.stdout, dutch_run.stdout
    assert "Gradescope autograder written to" in english_run.stdout
    timeout = run_grade("gradescope-bundle", "--out", str(tmp_path / "c.zip"), "--timeout", "0", cwd=tmp_path)
    assert timeout.returncode == 2 and "--timeout moet positief zijn" in timeout.stderr, timeout.stderr


def test_a_bundle_without_the_project_source_says_how_to_install_in_lang(tmp_path, monkeypatch, capsys):
    from grader import commands, gradescope_bundle

    monkeypatch.setattr(gradescope_bundle, "PROJECT", tmp_path / "site-packages")
    assert commands.bundle_main(["--out", str(tmp_path / "a.zip")]) == 2
    assert "installeer de grader vanuit een kloon met pip install -e" in capsys.readouterr().err
    assert commands.bundle_main(["--out", str(tmp_path / "a.zip"), "--lang", "en"]) == 2
    assert "install the grader from a clone with pip install -e" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["test_v1_not_a_dict_refused", "test_f1_lesson_proposal_fingerprint"])
def test_an_own_check_named_like_a_check_of_the_battery_is_refused(tmp_path, name):
    # Parametrized or not, the battery's check keeps its id: a second one would merge into its cases
    # and be explained with the battery's text.
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "test_same.py").write_text(
        "from grader.battery import check\n\n\n"
        f"@check(1, 'V1', nl='Mijn regel hier.' * 2, en='My rule here.' * 2, hint_nl='Mijn tip.' * 3, hint_en='My hint.' * 3)\n"
        f"def {name}(student):\n    pass\n", encoding="utf-8")
    shutil.copy(CORRECT, tmp_path / "main.py")
    done = run_grade("main.py", "--checks", "mine", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert f"a second check named {name.removeprefix('test_')}" in done.stderr, done.stderr


def test_report_into_a_folder_holding_a_graded_submission_is_refused(tmp_path):
    # grade report out/results.json --out klas wrote feedback/ into the class folder (grade refuses that --out),
    # and the next grade of the class graded it as a student "feedback".
    (tmp_path / "klas" / "anna").mkdir(parents=True)
    shutil.copy(SOLUTIONS / "correct" / "s01_plain_regex.py", tmp_path / "klas" / "anna" / "main.py")
    assert run_grade("klas", "--out", "out", "--quiet", "--no-similarity", cwd=tmp_path).returncode == 0
    done = run_grade("report", "out/results.json", "--out", "klas", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "--out klas holds a graded submission (klas/anna/main.py)" in done.stderr
    assert sorted(path.name for path in (tmp_path / "klas").iterdir()) == ["anna"]
    assert run_grade("report", "out/results.json", "--out", "elsewhere", cwd=tmp_path).returncode == 0
