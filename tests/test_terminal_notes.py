"""What the terminal says about a submission's file beside its verdicts: a file not saved as UTF-8 is said
there too, not only in the report, in a student's own run and at the end of a class's, as are students renamed at
intake; and the summary line."""

from __future__ import annotations

import io
import os
import unicodedata
from pathlib import Path

import pytest

from conftest import run_grade
from grader.terminal import Progress
from test_cli import CORRECT
from test_report_texts import self_check, terminal_result
from test_reports import all_passing, load_error, result

SAID = {"nl": "niet als UTF-8 opgeslagen", "en": "not saved as UTF-8"}


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_self_check_says_its_file_was_read_as_windows_1252(lang):
    out = self_check(terminal_result([], lang=lang, notes=[{"kind": "decoded-cp1252"}]), lang)
    lines = [line for line in out.splitlines() if "Windows-1252" in line]
    assert len(lines) == 1 and SAID[lang] in lines[0] and "eva.py" in lines[0] and "UTF-8" in lines[0]
    assert "Windows-1252" not in self_check(terminal_result([], lang=lang), lang)


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_self_check_says_its_file_was_read_as_utf16(lang):
    out = self_check(terminal_result([], lang=lang, notes=[{"kind": "decoded-utf16"}]), lang)
    assert len([line for line in out.splitlines() if "UTF-16" in line]) == 1


def test_a_file_read_as_windows_1252_is_said_on_the_terminal(tmp_path):
    # Only the report said it: a student running grade main.py saw nothing, nor did the instructor's run.
    code = "# Opdracht: café\n" + CORRECT.read_text(encoding="utf-8")
    (tmp_path / "klas").mkdir()
    (tmp_path / "klas" / "anna.py").write_bytes(code.encode("cp1252"))
    (tmp_path / "klas" / "bram.py").write_bytes(code.encode("utf-8"))
    done = run_grade(str(tmp_path / "klas" / "anna.py"), "--out", str(tmp_path / "zelf"))
    assert done.returncode == 0, done.stderr
    assert len([line for line in done.stdout.splitlines() if "Windows-1252" in line]) == 1
    done = run_grade(str(tmp_path / "klas"), "--out", str(tmp_path / "uit"), "--quiet", "--lang", "en")
    assert done.returncode == 0, done.stderr
    warned = [line for line in done.stderr.splitlines() if "Windows-1252" in line]
    assert len(warned) == 1 and "anna" in warned[0] and "bram" not in warned[0] and SAID["en"] in warned[0]
    again = run_grade(str(tmp_path / "klas"), "--out", str(tmp_path / "uit"), "--quiet", "--lang", "en")
    assert [line for line in again.stderr.splitlines() if "Windows-1252" in line] == warned  # reused: said again


@pytest.mark.parametrize("lang, said, plain", [
    ("nl", "4 inzendingen beoordeeld, waarvan 1 leeg en 2 met een laadfout; rapporten in out",
     "1 inzending beoordeeld; rapporten in out"),
    ("en", "4 submissions graded, of which 1 empty and 2 with a load error; reports in out",
     "1 submission graded; reports in out")])
def test_the_summary_line_says_how_many_of_the_graded_were_empty_or_did_not_load(capsys, lang, said, plain):
    # "4 inzendingen beoordeeld" counted an empty file and two that did not load as graded, without a word.
    empty, broken = load_error("empty", lang), load_error("syntax", lang)
    Progress(4, lang, quiet=True).summary([result(all_passing(), lang=lang), empty, broken, {**broken, "id": "bo"}],
                                          Path("out"))
    Progress(1, lang, quiet=True).summary([result(all_passing(), lang=lang)], Path("out"))
    lines = capsys.readouterr().out.splitlines()
    assert said in lines and plain in lines


def test_a_class_run_says_in_one_line_which_students_were_renamed_and_which_gradebook_rows_lack_an_id(tmp_path):
    # Only the reports said that a second José became José-2; the Canvas gradebook put José-2 under SIS Login ID.
    for form in ("NFC", "NFD"):
        folder = tmp_path / "klas" / unicodedata.normalize(form, "José")
        folder.mkdir(parents=True)
        (folder / "main.py").write_text("x = 1\n", encoding="utf-8")
    for lang, said, row in (("en", "renamed", "gradebook-canvas.csv"), ("nl", "hernoemd", "gradebook-canvas.csv")):
        done = run_grade(str(tmp_path / "klas"), "--out", str(tmp_path / lang), "--quiet", "--lang", lang,
                         "--gradebook", "canvas")
        assert done.returncode == 0, done.stderr
        renamed = [line for line in done.stderr.splitlines() if said in line]
        assert len(renamed) == 1 and "José → José-2" in unicodedata.normalize("NFC", renamed[0]), done.stderr
        rows = [line for line in done.stderr.splitlines() if row in line]
        assert len(rows) == 1 and "José-2" in unicodedata.normalize("NFC", rows[0]), done.stderr
    again = run_grade("report", str(tmp_path / "en"), "--out", str(tmp_path / "again"), "--gradebook", "moodle")
    rows = [line for line in again.stderr.splitlines() if "gradebook-moodle.csv" in line]
    assert again.returncode == 0 and len(rows) == 1 and "José-2" in unicodedata.normalize("NFC", rows[0])


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_rename_that_only_wrote_control_characters_out_is_not_said_as_one(capsys, lang):
    # "evil\x1b[31m → evil\x1b[31m": the id's escape character became the text \x1b, which every output shows
    # for it anyway, so both sides read alike (and it was not renamed to keep it apart from another).
    escaped = "evil\\x1b[31m"
    Progress(3, lang, quiet=True).warn_renamed([("evil\x1b[31m", escaped), ("evil\x1b[31m", escaped + "-2"),
                                                ("José", "José-2")], [], [])
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].endswith(": evil\\x1b[31m → evil\\x1b[31m-2, José → José-2"), said
    assert ("2 inzendingen" if lang == "nl" else "2 submissions") in said[0]  # two renamed, not three
    Progress(1, lang, quiet=True).warn_renamed([("evil\x1b[31m", escaped)], [], [])
    assert capsys.readouterr().err == ""


def test_the_renamed_submissions_are_said_in_order_of_their_ids(capsys):
    # "12349 → 12349-2, 12348 → 12348-2": in the order the results came in (graded in parallel).
    renamed = [("12349", "12349-2"), ("12348", "12348-10"), ("12348", "12348-2"), ("12347", "12347-2")]
    Progress(4, "nl", quiet=True).warn_renamed(renamed, [], [])
    said = capsys.readouterr().err
    assert said.rstrip().endswith(": 12347 → 12347-2, 12348 → 12348-2, 12348 → 12348-10, 12349 → 12349-2"), said


@pytest.mark.parametrize("lang, late", [("nl", "te laat volgens het LMS"), ("en", "late, as the LMS says")])
def test_the_table_says_which_attempt_the_lms_marked_late(capsys, lang, late):
    # A Canvas _LATE attempt: only its report and results.json said so, not the terminal's table.
    on_time, after = result(all_passing(), lang=lang), {**result(all_passing(), lang=lang), "id": "bo", "late": True}
    Progress(2, lang, quiet=False).summary([on_time, after], Path("out"))
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if line.split()}
    assert rows["bo"].endswith(f"({late})") and late not in rows[on_time["id"]], rows


class _Terminal(io.StringIO):
    """Standard error as a terminal (its size is what os.get_terminal_size is made to say)."""

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return 2


@pytest.mark.parametrize("size, bar", [((100, 0), False), ((0, 0), False), ((100, 40), True)])
def test_a_terminal_that_reports_no_height_gets_plain_lines(monkeypatch, size, bar):
    # With columns but 0 rows (stty rows 0) the progress bar was chosen and never drawn: nothing appeared until the
    # final table, neither a bar nor a line per submission.
    monkeypatch.setattr("sys.stderr", _Terminal())
    monkeypatch.setattr("os.get_terminal_size", lambda fd=None: os.terminal_size(size))
    shown = Progress(3, "en", quiet=False)
    try:
        assert (shown.bar is not None) == bar
    finally:
        shown.close()


@pytest.mark.parametrize("lang, words", [("nl", ["regel {line}", "hetzelfde object", "=="]),
                                         ("en", ["line {line}", "same object", "=="])])
def test_a_comparison_with_is_and_a_literal_is_said_with_its_line(tmp_path, lang, words):
    # `status is 'open'` made Python warn while compiling ('"is" with a literal'); the grader swallowed the warning,
    # and the checks' fresh strings then fail where the student's own run (interned literals) passes.
    code = CORRECT.read_text(encoding="utf-8") + "\n\ndef _is_open(status):\n    return status is 'open'\n\n\ndef _other(a, b):\n    return a is not b\n"
    line = code.split("\n").index("    return status is 'open'") + 1
    words = [word.format(line=line) for word in words]
    (tmp_path / "klas").mkdir()
    (tmp_path / "klas" / "anna.py").write_text(code, encoding="utf-8")
    done = run_grade(str(tmp_path / "klas" / "anna.py"), "--out", str(tmp_path / "zelf"), "--lang", lang)
    said = [text for text in done.stdout.splitlines() if words[1] in text]
    assert len(said) == 1 and all(word in said[0] for word in words), done.stdout
    markdown = (tmp_path / "zelf" / "feedback" / "anna.md").read_text(encoding="utf-8")
    assert sum(all(word in text for word in words) for text in markdown.splitlines()) == 1, markdown
    (tmp_path / "klas" / "bram.py").write_bytes(CORRECT.read_bytes())
    done = run_grade(str(tmp_path / "klas"), "--out", str(tmp_path / "uit"), "--quiet", "--lang", lang)
    said = [text for text in done.stderr.splitlines() if words[1] in text]
    assert len(said) == 1 and "anna" in said[0] and words[0] in said[0], done.stderr


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_load_error_of_code_outside_the_functions_gets_the_report_s_advice_on_the_terminal(lang):
    # main.py called validate_ticket_proposal({}) at the top level: the report advised the __main__ guard, the
    # terminal only quoted the ValueError, so a student who read only the terminal did not learn what to do.
    from grader.reports.i18n import MESSAGES
    from test_reports import shown
    broken = load_error("runtime", lang, "ValueError: bad fields", 128, 0, "print(validate_ticket_proposal({}))")
    said = self_check({**broken, "graded_file": "main.py", "source": "main.py"}, lang)
    advice = MESSAGES["advice_runtime"][lang].format(guard='if __name__ == "__main__":')
    assert advice in said and advice in shown(broken, lang), said
    assert advice not in self_check({**load_error("syntax", lang, "invalid syntax", 3, 1, "def f(:"),
                                     "graded_file": "main.py", "source": "main.py"}, lang)
