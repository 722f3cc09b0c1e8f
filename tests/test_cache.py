"""Stored results: reused only for the same bytes and settings, never with another student's identity."""

from __future__ import annotations

import json

from conftest import SOLUTIONS, run_grade

SOURCE = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_bytes()


def results_by_id(out) -> dict:
    return {entry["id"]: entry for entry in json.loads((out / "results.json").read_text())["submissions"]}


def test_identical_bytes_keep_their_own_identity_on_a_rerun(tmp_path):
    folder = tmp_path / "export"
    for name in ("Anna de Vries_1001_assignsubmission_file", "Bob Jansen_1002_assignsubmission_file"):
        (folder / name).mkdir(parents=True)
        (folder / name / "main.py").write_bytes(SOURCE)
    out = tmp_path / "out"
    for _ in range(2):  # the second run takes both results from the store
        done = run_grade(str(folder), "--out", str(out), "--quiet")
        assert done.returncode == 0, done.stderr
        results = results_by_id(out)
        assert {entry["name"] for entry in results.values()} == {"Anna de Vries", "Bob Jansen"}
        assert all(entry["score"] == 3 for entry in results.values())


def test_a_changed_file_is_regraded_and_force_regrades_all(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna.py").write_bytes(SOURCE)
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    (folder / "anna.py").write_bytes(SOURCE.replace(b"def validate_ticket_proposal", b"def old_validate", 1))
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    assert results_by_id(out)["anna"]["checkpoints"]["1"]["passed"] is False
    cached = (out / "results.json").read_text()
    assert run_grade(str(folder), "--out", str(out), "--quiet", "--force").returncode == 0
    assert json.loads(cached)["submissions"][0]["score"] == results_by_id(out)["anna"]["score"]
