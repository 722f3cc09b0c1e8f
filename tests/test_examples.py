"""The shipped example submissions get exactly the verdicts their mistakes imply."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, failing, grade_folder

EXPECTED = json.loads((ROOT / "tests" / "examples_expected.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return grade_folder(ROOT / "submissions", tmp_path_factory.mktemp("out"))


def test_every_example_is_graded(results):
    assert set(results) == set(EXPECTED)


@pytest.mark.parametrize("student_id", sorted(EXPECTED))
def test_verdicts_match_the_mistake(results, student_id):
    result = results[student_id]
    expected = EXPECTED[student_id]
    assert result["status"] == expected["status"]
    assert {k: result["checkpoints"][k]["passed"] for k in "123"} == {k: expected[k] for k in "123"}
    assert result["score"] == sum(expected[k] for k in "123")


@pytest.mark.parametrize("student_id,clause", [
    ("daan-de-vries", "V4"),
    ("sanne-bakker", "V2"),
    ("lars-visser", "F1"),
    ("fleur-smit", "D7"),
    ("bram-meijer", "D18"),
    ("noor-mulder", "D14"),
])
def test_the_mistake_is_named_by_its_clause(results, student_id, clause):
    clauses = {check["clause"] for k in "123" for check in failing(results[student_id], k)}
    assert any(clause in found.split("-") or found.startswith(clause) for found in clauses), clauses


def test_syntax_error_is_located(results):
    problem = results["thijs-de-boer"]["load"]["problem"]
    assert problem["kind"] == "syntax" and problem["line"] and problem["source"]


def test_missing_function_is_noted(results):
    assert {"kind": "missing-function", "name": "dispatch_ticket"} in results["eva-dekker"]["load"]["notes"]
