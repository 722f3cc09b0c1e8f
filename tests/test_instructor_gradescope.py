"""Gradescope: its results.json per the autograder specification, and the autograder zip run as Gradescope runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT, SOLUTIONS, run_grade
from grader import gradescope_bundle
from grader.reports import gradescope
from test_instructor_class import battery, failed, result

CORRECT = SOLUTIONS / "correct" / "s01_plain_regex.py"
WRONG = ROOT / "submissions" / "daan-de-vries" / "main.py"
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}


def assert_gradescope(document: dict) -> None:
    """The document follows Gradescope's results.json specification (the fields this grader writes)."""
    assert isinstance(document["score"], float) and isinstance(document.get("execution_time", 0), int)
    assert isinstance(document["output"], str) and document["output_format"] in FORMATS
    assert document.get("visibility", "visible") in VISIBILITIES
    assert document.get("stdout_visibility", "hidden") in VISIBILITIES
    for test in document["tests"]:
        assert set(test) <= {"score", "max_score", "status", "name", "name_format", "number", "output",
                             "output_format", "tags", "visibility", "extra_data"}
        assert isinstance(test["score"], float) and isinstance(test["max_score"], float)
        assert test["status"] in ("passed", "failed") and test["output_format"] in FORMATS
        assert isinstance(test["name"], str) and isinstance(test["number"], str)
        assert isinstance(test["tags"], list) and all(isinstance(tag, str) for tag in test["tags"])
        assert test["visibility"] in VISIBILITIES
    json.dumps(document)


def test_a_result_becomes_a_test_per_checkpoint_worth_one_point():
    res = result("bram", battery({"v4_bad_version[version-true]": failed(), "x3_secret[a]": failed("SECRET-INPUT")}))
    document = gradescope.render(res, "en", 2.4, "0.1.0", "abc")
    assert_gradescope(document)
    assert document["score"] == 1.0 and document["execution_time"] == 2
    assert [(t["number"], t["status"], t["score"]) for t in document["tests"]] == \
        [("1", "failed", 0.0), ("2", "passed", 1.0), ("3", "failed", 0.0)]
    first = document["tests"][0]
    assert first["name"] == "Checkpoint 1: validate_ticket_proposal" and first["tags"] == ["checkpoint-1", "V4"]
    assert "Rule of v4_bad_version." in first["output"] and "version': True" in first["output"]
    assert "Hint for v4_bad_version." in first["output"]
    assert first["output"].index("Your code:") < first["output"].index("Expected:")  # the report's order
    assert "## Feedback on your submission" in document["output"]
    text = json.dumps(document)
    assert "SECRET-INPUT" not in text and "Hidden check" in document["tests"][2]["output"]
    assert "Hint for x3_secret." in document["tests"][2]["output"]


def test_a_file_that_does_not_load_scores_zero_with_the_reason():
    problem = {"kind": "syntax", "detail": "invalid syntax", "line": 2, "column": 5, "source": "def f("}
    res = result("eve", [{**r, "outcome": "not-run"} for r in battery()], "load-error", problem)
    document = gradescope.render(res, "nl")
    assert_gradescope(document)
    assert document["score"] == 0.0 and all(t["status"] == "failed" for t in document["tests"])
    assert "main.py kon niet worden geladen" in document["output"]


def test_the_bundle_has_the_scripts_at_its_root_and_the_whole_project(tmp_path):
    extra = tmp_path / "mine"
    extra.mkdir()
    (extra / "test_mine.py").write_text("# my checks\n")
    bundle = gradescope_bundle.build(tmp_path / "autograder.zip", lang="en", timeout=5, checks=extra)
    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
        config = json.loads(archive.read("grader-config.json"))
        setup, run = archive.read("setup.sh").decode(), archive.read("run_autograder").decode()
    assert {"setup.sh", "run_autograder", "grader-config.json", "project/pyproject.toml",
            "extra-checks/test_mine.py"} <= names
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    assert config == {"lang": "en", "timeout": 5, "checks": "extra-checks"}
    assert "pip install" in setup and '"$SOURCE/project"' in setup and "/autograder" in run
    assert not any("__pycache__" in name or name.startswith(("project/tests/", "project/.")) for name in names)
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for package in project["tool"]["setuptools"]["packages"]:
        assert f"project/{package.replace('.', '/')}/__init__.py" in names, package
    for template in (p for p in (ROOT / "grader" / "reports" / "templates").iterdir() if p.is_file()):
        assert f"project/grader/reports/templates/{template.name}" in names
    for script in ("setup.sh", "run_autograder"):
        checked = subprocess.run(["bash", "-n"], input=setup if script == "setup.sh" else run, text=True)
        assert checked.returncode == 0, script


def fake_autograder(tmp_path: Path, files: dict[str, bytes]) -> Path:
    """An /autograder tree elsewhere: source/ (the extracted bundle), submission/ (the files), results/."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(gradescope_bundle.build(tmp_path / "autograder.zip", lang="en")) as archive:
        archive.extractall(root / "source")
    (root / "submission").mkdir()
    for name, data in files.items():
        (root / "submission" / name).write_bytes(data)
    return root


def run_autograder(root: Path) -> dict:
    script = root / "source" / "run_autograder"
    script.chmod(0o755)
    environment = {**os.environ, "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable}
    done = subprocess.run([str(script)], env=environment, capture_output=True, text=True, timeout=600, cwd=root)
    assert done.returncode == 0, done.stderr + done.stdout
    assert "grader-" not in done.stdout, done.stdout  # no temporary folder, gone when the log is read
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))


def test_run_autograder_grades_the_submission_and_writes_gradescope_results(tmp_path):
    document = run_autograder(fake_autograder(tmp_path, {"main.py": WRONG.read_bytes(), "notes.txt": b"hi"}))
    assert_gradescope(document)
    assert document["score"] == 0.0 and [t["status"] for t in document["tests"]] == ["failed"] * 3
    assert "V4" in document["tests"][0]["tags"] and document["extra_data"]["id"] == "submission"


def test_run_autograder_without_a_python_file_scores_zero_and_says_why(tmp_path):
    document = run_autograder(fake_autograder(tmp_path, {"answer.txt": b"print(1)"}))
    assert_gradescope(document)
    assert document["score"] == 0.0 and document["tests"] == [] and "Nothing to grade" in document["output"]


def test_grade_writes_a_gradescope_file_per_submission(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna.py").write_bytes(CORRECT.read_bytes())
    done = run_grade(str(folder), "--out", str(tmp_path / "out"), "--format", "gradescope", "--no-similarity")
    assert done.returncode == 0, done.stderr
    document = json.loads((tmp_path / "out" / "gradescope" / "anna.json").read_text(encoding="utf-8"))
    assert_gradescope(document)
    assert document["score"] == 3.0 and all(t["status"] == "passed" for t in document["tests"])


def test_inherited_failures_are_listed_in_their_checkpoint_test(tmp_path):
    """A validation bug fails checkpoints 2 and 3 too: their Gradescope tests say why and list the rule."""
    import json
    import subprocess
    import sys

    from conftest import ROOT

    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "grader", str(ROOT / "submissions" / "daan-de-vries" / "main.py"),
                           "--out", str(out), "--format", "gradescope", "--lang", "en"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    tests = json.loads((out / "gradescope" / "main.json").read_text(encoding="utf-8"))["tests"]
    for test in tests[1:]:
        assert test["status"] == "failed"
        assert "checkpoint 1" in test["output"].lower()
        assert "✘" in test["output"]


def test_a_trial_run_reports_its_time_and_names_no_folder_gradescope_lacks(tmp_path):
    checks = tmp_path / "mine"
    checks.mkdir()
    (checks / "test_broken.py").write_text(
        'from grader.battery import check\n\n\n'
        '@check(1, "X9", nl="Kapot.", en="Broken.", hint_nl="-", hint_en="-")\n'
        'def test_broken(student):\n    raise KeyError("oops")\n', encoding="utf-8")
    root = tmp_path / "autograder"
    with zipfile.ZipFile(gradescope_bundle.build(tmp_path / "autograder.zip", lang="en", checks=checks)) as archive:
        archive.extractall(root / "source")
    (root / "submission").mkdir()
    (root / "submission" / "main.py").write_bytes(WRONG.read_bytes())
    script = root / "source" / "run_autograder"
    script.chmod(0o755)
    environment = {**os.environ, "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable}
    done = subprocess.run([str(script)], env=environment, capture_output=True, text=True, timeout=600, cwd=root)
    assert done.returncode == 0, done.stderr
    document = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert document["execution_time"] >= 1
    assert "broken" in done.stderr and "KeyError" in done.stderr, done.stderr
    assert "instructor/" not in done.stderr and "results.json" not in done.stderr, done.stderr
