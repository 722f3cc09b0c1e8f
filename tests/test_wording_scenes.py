"""The comment line at the top of a check's scene (under "geprobeerd") says plainly which case it is."""

from __future__ import annotations

import re
import shutil

import pytest

from conftest import SOLUTIONS, grade_folder


@pytest.fixture(scope="module")
def bare_str(tmp_path_factory) -> dict:
    """approved_bare_str_accepted (approved given as H(p), a bare str, is accepted), graded in both languages."""
    folder = tmp_path_factory.mktemp("wrong")
    shutil.copy(SOLUTIONS / "wrong" / "approved_bare_str_accepted.py", folder)
    return {lang: grade_folder(folder, tmp_path_factory.mktemp(lang), "--lang", lang)["approved_bare_str_accepted"]
            for lang in ("nl", "en")}


@pytest.mark.parametrize("lang, said", [("nl", r"# ongeldige invoer nr\. 4 van de \d+ voor approved \(str\)"),
                                        ("en", r"# invalid input no\. 4 of the \d+ for approved \(str\)")])
def test_the_invalid_host_input_is_numbered_among_its_cases(bare_str, lang, said):
    # "# ongeldige invoer voor approved: 4 van 27 (str)" read as if 4 of 27 approvals were invalid.
    tried = [record["detail"]["tried"] for record in bare_str[lang]["checkpoints"]["3"]["checks"]
             if record["id"].startswith("d6_host_input_before_status") and record["outcome"] == "failed"]
    assert tried and re.match(said + "\n", tried[0]), tried  # the number of cases grows with the battery
