"""Wording a student can act on: names they can find in the lesson, reasons said once, no internal ids."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from grader.reports import selection
from test_feedback_quality import battery
from test_report_texts import self_check, terminal_result
from test_reports import LANGS, all_passing, check, load_error, md, passing, result, shown


@pytest.mark.filterwarnings("ignore::pytest.PytestUnknownMarkWarning")
def test_the_status_hint_speaks_to_a_substring_test_too():
    """`status in 'open done'` accepts '' and 'pen' (cases of the check): its hint must not only speak of lists."""
    hint = dict(battery())["test_v7_bad_status_refused"]["hint"]
    assert "deel van" in hint["nl"] and "part of" in hint["en"], hint


@pytest.mark.filterwarnings("ignore::pytest.PytestUnknownMarkWarning")
def test_a_worked_example_is_named_by_the_lesson_s_own_numbered_part():
    """The lesson numbers its parts 1-4 and not its examples: a "worked example 5" cannot be found in it."""
    for name, meta in battery():
        if meta["clause"].startswith("Ex "):
            for text in meta["message"].values():
                assert re.search(r"\b(deel|part) [1-4] ", text) and not re.search(r"(voorbeeld|example) \d", text), text


@pytest.mark.filterwarnings("ignore::pytest.PytestUnknownMarkWarning")
def test_a_clause_range_runs_forward_and_names_the_clauses_it_spans():
    """``D3-D5`` is read as D3, D4 and D5 (grader.reports.selection.clauses): a range written backwards names none."""
    for name, meta in battery():
        if not meta["clause"].startswith(("Ex ", "Y")):
            assert selection.clauses(meta["clause"]), (name, meta["clause"])



@pytest.mark.parametrize("lang", LANGS)
def test_a_case_is_named_by_its_number_not_by_the_battery_s_english_label(lang):
    from test_reports import bool_version
    res = bool_version(lang)
    word = "Geval" if lang == "nl" else "Case"
    for rendered in (shown(res, lang), md(res, lang)):  # (the fixture's rule texts hold the check's id)
        assert not re.search(f"{word} `?version", rendered), rendered
        assert f"{word} 1" in rendered and f"{word} 2" in rendered


@pytest.mark.parametrize("lang, says", [("nl", "geen code"), ("en", "no code")])
def test_the_self_check_of_an_empty_file_says_so_once(lang, says):
    res = load_error("empty", lang, "the file has no code")
    res["graded_file"] = "main.py"
    first = self_check(res, lang).splitlines()[0]
    assert first.count(says) == 1 and "main.py" in first, first


@pytest.mark.parametrize("lang, confirmed, general", [("nl", "geeft een andere vingerafdruk dan H(p)", "vastloopt"),
                                                      ("en", "gives another fingerprint than H(p)", "gets stuck")])
def test_the_self_check_says_checkpoint_2_s_digest_is_the_cause_when_a_check_confirms_it(lang, confirmed, general):
    checks = passing("v", 1, 1) + [check("f1", 2, "failed", clause="F1", tried="t", expected="e", got="g"),
                                   check("d10", 3, "failed", clause="D10", tried="t", expected="e", got="g",
                                         cause="fingerprint")]
    out = self_check(terminal_result(checks, lang=lang), lang)
    assert confirmed in out and general not in out, out
    checks[-1]["detail"].pop("cause")  # not confirmed: the general reasons
    assert general in self_check(terminal_result(checks, lang=lang), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_reason_for_grading_main_py_does_not_repeat_its_name(lang):
    chosen = {"kind": "chosen-file", "file": "main.py", "rule": "main.py", "ignored": ["main-1.py"]}
    rendered = md(result(all_passing(), lang=lang, notes=[chosen]), lang)
    sentence = next(line for line in rendered.splitlines() if "main-1.py" in line)
    assert sentence.count("main.py") == 1, sentence


@pytest.mark.parametrize("tried, p, h", [("validate_ticket_proposal({**p, 'version': True})", True, False),
                                         ("r = dispatch_ticket(q, 'learner', {H(q)}, state, completed)", False, True),
                                         ("state = {}\nr = dispatch_ticket(p, 'learner', {H(p)}, state, {})", True, True),
                                         ("proposal_fingerprint({'name': 'H(p)'})", False, False)])
@pytest.mark.parametrize("lang", LANGS)
def test_the_legend_of_tried_code_names_only_what_the_code_shown_uses(lang, tried, p, h):
    """It said what H(x) is above code that only used p (a failure of checkpoint 1)."""
    checks = passing("v", 1, 1) + [check("d1", 3, "failed", clause="D1", tried=tried, expected="e", got="g")]
    rendered = {"terminal": self_check(terminal_result(checks, lang=lang), lang), "report": md(result(checks, lang=lang), lang)}
    proposal = "het voorstel uit de les" if lang == "nl" else "the lesson's proposal"
    fingerprint = "juiste vingerafdruk" if lang == "nl" else "correct fingerprint"
    for where, text in rendered.items():
        assert (proposal in text, fingerprint in text) == (p, h), (where, text)
        assert ("'actor': 'learner'" in text) == (p and where == "report"), (where, text)  # p in full: if used


@pytest.mark.parametrize("lang, word", [("nl", "regel 3"), ("en", "line 3")])
def test_a_tab_error_names_its_line_once_and_shows_its_code_once(lang, word):
    """It said `regel 3 springt in ... — regel 3: \\treturn x`, and in the report `**Regel 3, kolom 1:** `regel 3 ...``."""
    from grader.sandbox.loader import LoadFailure, compile_source
    with pytest.raises(LoadFailure) as failure:
        compile_source("def f():\n    x = 1\n\treturn x\n")
    problem = failure.value.problem
    res = load_error(problem.kind, lang, problem.detail, problem.line, problem.column, problem.source)
    res["graded_file"] = "main.py"
    for text in (self_check(res, lang), md(res, lang)):
        assert text.lower().count(word) == 1 and text.count("return x") == 1, text
        assert "tabs" in text, text


@pytest.mark.parametrize("lang, says", [("nl", "2 van de 2 inzendingen"), ("en", "2 of the 2 submissions")])
def test_the_reused_results_are_not_all_said_to_have_code(lang, says, capsys):
    """A rerun said `2 ervan met code die al eerder beoordeeld was` with an empty submission among the two."""
    from pathlib import Path

    from grader.terminal import Progress
    results = [result(all_passing(), lang=lang), load_error("empty", lang, "the file has no code")]
    Progress(2, lang, quiet=True).summary(results, Path("out"), reused=2)
    line = next(line for line in capsys.readouterr().out.splitlines() if says in line)
    assert "code" not in line, line


@pytest.mark.parametrize("lang, says, unclear", [("nl", "1 van de 2 inzendingen", "ervan"),
                                                  ("en", "1 of the 2 submissions", "of them")])
def test_the_reused_line_names_what_it_counts(lang, says, unclear, capsys):
    """It said `1 ervan ...` below the similarity line (or the class overview's): "of them" read as of the pairs."""
    from pathlib import Path

    from grader.terminal import Progress
    results = [result(all_passing(), lang=lang), result(all_passing(), lang=lang)]
    Progress(2, lang, quiet=True).summary(results, Path("out"), reused=1, similar=[{"a": "x", "b": "y"}])
    last = capsys.readouterr().out.splitlines()[-1]
    assert says in last and unclear not in last, last


@pytest.mark.parametrize("lang, fits, unfit", [("nl", "'0' is een str", "True en False"),
                                               ("en", "'0' is a str", "True and False")])
def test_a_text_version_gets_a_hint_about_text_not_about_bools(tmp_path, lang, fits, unfit):
    """version '0' (accepted through str.isdigit) got the rule's hint about True and False."""
    from conftest import SOLUTIONS, run_grade
    source = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")
    wrong = "    if type(version) is not int or version < 0 or version > MAX_VERSION:\n"
    assert wrong in source
    (tmp_path / "main.py").write_text(source.replace(wrong, "    if type(version) is str and version.isdigit():\n"
                                                           "        pass\n    el" + wrong.lstrip()), encoding="utf-8")
    done = run_grade(str(tmp_path / "main.py"), "--out", str(tmp_path / "out"), "--lang", lang)
    report = (tmp_path / "out" / "feedback" / "main.md").read_text(encoding="utf-8")
    for text in (done.stdout, report):
        assert fits in text and unfit not in text, text


def test_a_decimal_version_is_shown_as_python_writes_it_with_a_hint_about_other_number_types(tmp_path):
    """It showed `'version': <Decimal object>` and the hint about True and False."""
    from conftest import SOLUTIONS, run_grade
    done = run_grade(str(SOLUTIONS / "wrong" / "version_type_blacklist.py"), "--out", str(tmp_path), "--lang", "en")
    assert "'version': Decimal('3')" in done.stdout and "<Decimal object>" not in done.stdout, done.stdout
    assert "such as Decimal, is no int either" in done.stdout and "True and False" not in done.stdout, done.stdout


def test_the_helper_in_inherited_tried_code_is_named_in_the_report_s_language():
    """Dutch reports showed `# disguise(q): q met name 'delete_ticket' ...` above `disguise({**p, ...})`."""
    from checks.invalid import CLAUSES, disguised
    from grader.battery import Mismatch
    case = next(other for _, case in CLAUSES["V4"] if (other := disguised(case)))
    tried = Mismatch(case.shown(), "ValueError", "None").detail["tried"]
    assert "disguise" not in tried["nl"] and tried["nl"].count("vermom(") == 2, tried
    assert tried["en"].count("disguise(") == 2, tried


@pytest.mark.parametrize("text, words", [
    (lambda p: json.dumps(p, sort_keys=True), "spaces after"),
    (lambda p: json.dumps(p, separators=(",", ":")), "not sorted"),
    (json.dumps, "not sorted and it has spaces"),
    (str, "str() of the dictionary"),
    (lambda p: json.dumps(p, sort_keys=True, separators=(",", ":")), None),  # H(p) itself
    (lambda p: json.dumps({**p, "version": 1}, sort_keys=True, separators=(",", ":")), None),  # other content
])
def test_a_digest_of_the_same_content_in_another_text_is_diagnosed(text, words):
    from checks import canonical, lesson

    for p in (lesson.proposal(), dict(reversed(list(lesson.proposal().items())))):
        found = canonical.diagnosis(p, hashlib.sha256(text(p).encode()).hexdigest().upper())
        if words is None:
            assert found is None
        else:
            assert words in found["en"] and found["nl"] != found["en"]


def test_the_disguise_shorthand_in_tried_code_says_it_is_the_graders_not_a_function_to_write():
    from checks.forms import other_forms
    from checks.invalid import CLAUSES
    from grader.battery import bilingual
    forms = other_forms(CLAUSES["V4"][0][1])
    assert [form.arg.rsplit(", ", 1)[-1] for form in forms[1:]] == ["name='delete_ticket')", "status='open')"], forms
    for form, called in zip(forms, ("(q)", "(q, name='delete_ticket')", "(q, status='open')")):
        comment = bilingual(f"# {form.above}")
        assert f"vermom{called} staat voor q met" in comment["nl"] and "geen functie" in comment["nl"], comment
        assert f"disguise{called} stands for q with" in comment["en"] and "not a function" in comment["en"], comment
        assert all(len(text) <= 130 for text in comment.values())


# Kinds of objects the lesson never teaches: a rule may name one only as an example, in brackets.
UNTAUGHT = re.compile(r"MappingProxyType|UserDict|StrEnum|IntEnum|OrderedDict|frozenset|\bmapping|subklasse|subclass",
                      re.IGNORECASE)
# A fingerprint said to approve: the host approves (a digest is no permission), by putting H(p) in approved.
DIGEST_APPROVES = re.compile(r"H\(p\)\)? approves|holding H\(p\) approves|keurt (een \w+ met )?H\(p\)|H\(p\) keurt")


@pytest.mark.filterwarnings("ignore::pytest.PytestUnknownMarkWarning")
def test_a_rule_names_untaught_kinds_only_as_examples_in_brackets_and_never_lets_a_digest_approve():
    for name, meta in battery():
        for text in meta["message"].values():
            bare = text
            while (shorter := re.sub(r"\([^()]*\)", "", bare)) != bare:
                bare = shorter
            assert not UNTAUGHT.search(bare), (name, text)
            assert not DIGEST_APPROVES.search(text), (name, text)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnknownMarkWarning")
def test_the_five_fields_hint_does_not_presume_the_code_counted_keys():
    """A check of the required keys alone, with no count, fails it too: the hint must fit that code as well."""
    hint = dict(battery())["test_v2_fields_not_exact_refused"]["hint"]
    assert "aantal" not in hint["nl"] and "number" not in hint["en"], hint


@pytest.mark.filterwarnings("ignore::pytest.PytestUnknownMarkWarning")
def test_a_check_on_main_py_loaded_anew_says_what_was_done_differently():
    """"A year later, just loaded" means nothing in this lesson: a check's name says main.py was loaded anew and
    the clock set ahead, in words a student understands."""
    from checks import lesson
    for name, meta in battery():
        for text in meta["message"].values():
            assert not re.search(r"jaar later|year from now|just loaded|net geladen", text), (name, text)
    for lang, words in (("nl", ("opnieuw geladen", "klok")), ("en", ("loaded anew", "clock"))):
        named = [meta["message"][lang] for name, meta in battery() if name.endswith("_loaded_a_year_later")]
        assert len(named) == 3 and all(all(word in text for word in words) for text in named), named
    assert "jaar later" not in lesson.LOADED_LATER and "a year from now" not in lesson.LOADED_LATER
