"""No false fails: every correct solution, in every style and under every ambiguous reading, scores 3/3."""

from __future__ import annotations

import pytest

from conftest import SOLUTIONS, failing, grade_folder


@pytest.mark.parametrize("corpus", ["correct", "ambiguous"])
def test_every_correct_solution_scores_full_marks(corpus, tmp_path):
    folder = SOLUTIONS / corpus
    sources = sorted(folder.glob("*.py"))
    assert len(sources) >= (25 if corpus == "correct" else 12)
    results = grade_folder(folder, tmp_path)
    assert set(results) == {path.stem for path in sources}
    report = {
        student_id: [(k, c["id"], c["outcome"], c["detail"] or c["error"]) for k in "123" for c in failing(result, k)][:3]
        for student_id, result in results.items() if result["score"] != 3
    }
    assert report == {}
