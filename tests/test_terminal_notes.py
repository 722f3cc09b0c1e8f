"""What the terminal says about a submission's file beside its verdicts: a file not saved as UTF-8 is said
there too, not only in the report, in a student's own run and at the end of a class's."""

from __future__ import annotations

import pytest

from conftest import run_grade
from test_cli import CORRECT
from test_report_texts import self_check, terminal_result

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
