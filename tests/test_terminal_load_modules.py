"""A main.py that imports a module the grader does not offer, at load: the report lists every module there is; the
terminal keeps the line short and says that the report has the whole list."""

from __future__ import annotations

import pytest

from conftest import run_grade


@pytest.mark.parametrize("lang, more, where", [("nl", " en nog ", "volledige lijst"), ("en", " more", "full list")])
def test_the_terminal_cuts_the_list_of_modules_and_says_the_report_has_it_whole(tmp_path, lang, more, where):
    # "... hmac en nog 34" on the terminal and in the report, with no word of where the other 34 were.
    (tmp_path / "main.py").write_text("import requests\n\n\ndef validate_ticket_proposal(p):\n    return []\n",
                                      encoding="utf-8")
    done = run_grade(str(tmp_path / "main.py"), "--out", str(tmp_path / "out"), "--lang", lang)
    said = next(line for line in done.stdout.splitlines() if "requests" in line)
    assert more in said and where in said and len(said) < 500, done.stdout
    report = (tmp_path / "out" / "feedback" / "main.md").read_text(encoding="utf-8")
    assert more not in report and "zoneinfo" in report and "hmac" in report, report


@pytest.mark.parametrize("lang, advice, not_said", [("nl", "geen andere modules nodig", "__main__"),
                                                    ("en", "no modules other than", "__main__")])
def test_a_module_not_offered_gets_the_report_s_advice_on_the_terminal_not_the_test_code_advice(tmp_path, lang, advice,
                                                                                                not_said):
    # The terminal advised putting test code under if __name__ == "__main__" for an import the grader does not offer,
    # while the report says which modules this lesson needs.
    (tmp_path / "main.py").write_text("import requests\n", encoding="utf-8")
    done = run_grade(str(tmp_path / "main.py"), "--out", str(tmp_path / "out"), "--lang", lang)
    assert advice in done.stdout and not_said not in done.stdout, done.stdout
