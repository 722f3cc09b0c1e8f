"""The status column of a class run's table: what is said of a submission once, in one pair of brackets."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.terminal import Progress
from test_reports import load_error


@pytest.mark.parametrize("lang, said", [("nl", "laadfout (syntaxfout; te laat volgens het LMS)"),
                                        ("en", "load error (syntax error; late, as the LMS says)")])
def test_a_late_load_error_says_both_in_one_pair_of_brackets(capsys, lang, said):
    # "laadfout (syntaxfout) (te laat volgens het LMS)": two brackets in a row read as a typo.
    late = {**load_error("syntax", lang, detail="invalid syntax", line=1, source="def f(:"), "late": True}
    Progress(1, lang, quiet=False).summary([late], Path("out"))
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("anna"))
    assert row.rstrip().endswith(said), row
