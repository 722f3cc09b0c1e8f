"""Wrong solutions that once passed a checkpoint they break: each must now fail it (and only what it breaks)."""

from __future__ import annotations

from conftest import SOLUTIONS, grade_folder
from false_passes_expected import EXPECTED


def test_wrong_solutions_fail_what_they_break(tmp_path):
    results = grade_folder(SOLUTIONS / "wrong", tmp_path)
    assert set(results) == set(EXPECTED)
    verdicts = {sid: {k: r["checkpoints"][k]["passed"] for k in "123"} for sid, r in results.items()}
    assert verdicts == EXPECTED
    # A wrong solution is a finding in every check, never the grader's own error (it would score nothing either way,
    # but the student would read "is the check itself broken?" instead of what their code did)
    errors = [(sid, check["id"]) for sid, result in results.items() for k in "123"
              for check in result["checkpoints"][k]["checks"] if check["outcome"] == "error"]
    assert errors == []
