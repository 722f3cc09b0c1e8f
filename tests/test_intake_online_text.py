"""Online text hand-ins (Canvas's ``_text.html``): code typed or pasted there is graded; a remark such as
"zie bijlage" (see attachment) is no code, and the student's result says so instead of a syntax error."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from conftest import grade_folder
from grader.discover import discover, onlinetext
from test_cli import CORRECT

CODE = CORRECT.read_text(encoding="utf-8")
REMARKS = ["<p>zie bijlage</p>", "<p>Mijn code:</p><pre>zie bijlage</pre>", "<p>Zie bijlage.</p>", "<p>bijlage</p>", "<p>Zie mijn bestand.</p><p><img src='x.png'></p>",
           "", "<p>&nbsp;</p>", "<p>Ik heb het <b>bestand</b> geüpload, 42 regels</p>",
           "<p>https://github.com/anna/opdracht</p>", "<p>Klaar!</p>\n<p>Groetjes, Anna</p>", "<p>None</p>"]
PASTED = [f"<pre>{html.escape(CODE)}</pre>",
          "".join(f"<p>{html.escape(line).replace(' ', '&nbsp;')}</p>" for line in CODE.split("\n")),
          "<p>" + "<br>".join(html.escape(line) for line in CODE.split("\n")) + "</p>",
          "<p>def validate_ticket_proposal(p:</p>",  # code with a syntax error: graded, the error said
          "<p>x = 1</p>", "<p>print('hallo')</p>", "<p>import re</p>"]


def _canvas(folder: Path, page: str) -> str:
    folder.mkdir()
    (folder / "jansenanouk_12345_text.html").write_text(page, encoding="utf-8")
    (folder / "jansenanouk_12345_678_verslag.pdf").write_bytes(b"%PDF-1.4")
    (folder / "boerbram_222_333_main.py").write_text("x = 1\n")
    return str(folder)


@pytest.mark.parametrize("page", REMARKS)
def test_online_text_that_is_only_a_remark_is_no_code(tmp_path, page):
    # "zie bijlage" was graded as Python: a syntax error ("invalid syntax", line 1), or a NameError for "bijlage".
    anouk = next(s for s in discover([_canvas(tmp_path / "export", page)])[0] if s.id == "12345")
    assert anouk.source == b"" and anouk.graded_file is None
    kinds = [note["kind"] for note in anouk.notes]
    assert "online-text-no-code" in kinds and "online-text" not in kinds and "no-code-file" in kinds
    said = next(note for note in anouk.notes if note["kind"] == "online-text-no-code")
    assert said["file"] == "text.html" and said["text"] == " ".join(onlinetext.to_text(page.encode()).decode().split())
    assert sorted(anouk.ignored_files) == ["text.html", "verslag.pdf"]


@pytest.mark.parametrize("page", PASTED)
def test_code_pasted_as_online_text_is_still_graded(tmp_path, page):
    anouk = next(s for s in discover([_canvas(tmp_path / "export", page)])[0] if s.id == "12345")
    assert anouk.source == onlinetext.to_text(page.encode()) and anouk.graded_file == "text.html"
    assert [note["kind"] for note in anouk.notes] == ["online-text"]


def test_a_large_text_is_read_in_bounded_time():
    prose = ("Zie de bijlage voor mijn uitwerking. " * 30_000).encode()
    assert onlinetext.holds_code(prose) is True  # too large to parse: the loader says what it is
    assert onlinetext.holds_code(b"Zie de bijlage.\n" * 100) is False


def test_a_remark_is_empty_with_its_reason_in_results_and_report(tmp_path):
    (tmp_path / "export").mkdir()
    (tmp_path / "export" / "jansenanouk_12345_text.html").write_text("<p>zie bijlage</p>", encoding="utf-8")
    (tmp_path / "export" / "boerbram_222_text.html").write_text(f"<pre>{html.escape(CODE)}</pre>", encoding="utf-8")
    by_id = grade_folder(tmp_path / "export", tmp_path / "uit")
    anouk = by_id["12345"]
    assert (anouk["status"], anouk["score"], anouk["graded_file"]) == ("empty", 0, None)
    assert anouk["load"]["problem"]["kind"] == "empty"
    assert anouk["load"]["problem"]["detail"] == "the online text holds no Python code"
    assert (by_id["222"]["status"], by_id["222"]["score"]) == ("graded", 3)
    report = (tmp_path / "uit" / "feedback" / "12345.md").read_text(encoding="utf-8")
    assert "online tekst" in report and "geen Python-code" in report and "zie bijlage" in report
    assert "syntax" not in report.lower() and "Regel 1" not in report


def _moodle(folder: Path, page: str) -> str:
    text = folder / "Anouk Jansen_1234_assignsubmission_onlinetext"
    text.mkdir(parents=True)
    (text / "onlinetext.html").write_text(page, encoding="utf-8")
    (folder / "Anouk Jansen_1234_assignsubmission_file").mkdir()
    (folder / "Anouk Jansen_1234_assignsubmission_file" / "opdracht.py").write_text(CODE, encoding="utf-8")
    return str(folder)


def _canvas_with_code(folder: Path, page: str) -> str:
    _canvas(folder, page)
    (folder / "jansenanouk_12345_679_opdracht.py").write_text(CODE, encoding="utf-8")
    return str(folder)


@pytest.mark.parametrize("export, file", [(_moodle, "onlinetext.html"), (_canvas_with_code, "text.html")])
@pytest.mark.parametrize("page", ["<p>zie bijlage</p>", ""])
def test_a_remark_beside_a_graded_file_is_said_to_hold_no_code_not_listed_as_code_left_out(tmp_path, export, file,
                                                                                          page):
    # "Niet beoordeeld: onlinetext.html" read as if code had been left out of the grading.
    anouk = next(s for s in discover([export(tmp_path / "export", page)])[0] if s.name and "nouk" in s.name)
    assert anouk.graded_file == "opdracht.py"
    chosen = [note for note in anouk.notes if note["kind"] == "chosen-file"]
    assert all(file not in note["ignored"] for note in chosen), anouk.notes
    said = [note for note in anouk.notes if note["kind"] == "online-text-no-code"]
    assert len(said) == 1 and said[0]["file"] == file and "no-code-file" not in str(anouk.notes)


def test_online_text_with_code_beside_a_graded_file_is_still_named_as_left_out(tmp_path):
    anouk = next(s for s in discover([_moodle(tmp_path / "export", "<p>x = 1</p>")])[0])
    assert anouk.graded_file == "opdracht.py"
    assert [note["ignored"] for note in anouk.notes if note["kind"] == "chosen-file"] == [["onlinetext.html"]]


def test_an_empty_graded_file_beside_a_remark_is_an_empty_file_not_an_online_text_without_code(tmp_path):
    folder = Path(_moodle(tmp_path / "export", "<p>zie bijlage</p>"))
    (folder / "Anouk Jansen_1234_assignsubmission_file" / "opdracht.py").write_text("# nog niets\n", encoding="utf-8")
    anouk = grade_folder(folder, tmp_path / "uit")["1234"]
    assert (anouk["status"], anouk["graded_file"]) == ("empty", "opdracht.py")
    assert anouk["load"]["problem"]["detail"] == "the file has no code"


SANNE = f"<p>Hier is mijn code:</p><pre>{html.escape(CODE)}</pre><p>Groetjes, Sanne</p>"
HALF = CODE.index("\ndef ", CODE.index("\ndef ") + 1)  # the code cut in two before its second function
IN_TWO = (f"<p>Eerst:</p><pre>{html.escape(CODE[:HALF])}</pre><p>en de rest:</p><pre><code>{html.escape(CODE[HALF:])}"
          "</code></pre><pre>\n</pre>")


@pytest.mark.parametrize("page", [SANNE, IN_TWO])
def test_only_the_pre_blocks_of_an_online_text_with_prose_around_them_are_graded(tmp_path, page):
    # "Hier is mijn code:" before the <pre> was graded as Python: 0/3, a syntax error at line 1.
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / "bakkersanne_23456_78901_text.html").write_text(page, encoding="utf-8")
    by_id = grade_folder(folder, tmp_path / "uit")
    assert (by_id["23456"]["status"], by_id["23456"]["score"]) == ("graded", 3)
    note = next(n for n in by_id["23456"]["load"]["notes"] if n["kind"] == "online-text")
    assert note["prose_left_out"] is True
    report = (tmp_path / "uit" / "feedback" / "23456.md").read_text(encoding="utf-8")
    assert "<pre>" in report and "weggelaten" in report


def test_the_pre_blocks_of_an_online_text_in_a_zip_of_the_export_are_graded_too(tmp_path):
    import zipfile
    with zipfile.ZipFile(tmp_path / "export.zip", "w") as archive:
        archive.writestr("bakkersanne_23456_78901_text.html", SANNE)
    by_id = grade_folder(tmp_path / "export.zip", tmp_path / "uit")
    assert (by_id["23456"]["status"], by_id["23456"]["score"]) == ("graded", 3)


def test_text_without_prose_around_its_pre_block_says_nothing_was_left_out():
    assert onlinetext.to_code(b"<pre>a = 1</pre>") == (b"a = 1\n", False)
    assert onlinetext.to_code(b"<p>x</p><pre>a = 1</pre><pre>b = 2</pre>") == (b"a = 1\n\nb = 2\n", True)
    assert onlinetext.to_code(b"<p>a = 1</p><p>b = 2</p>") == (b"a = 1\nb = 2\n", False)


def test_moodles_online_text_with_prose_around_its_pre_block_gives_the_code_only(tmp_path):
    folder = tmp_path / "export" / "Sanne Bakker_23456_assignsubmission_onlinetext"
    folder.mkdir(parents=True)
    (folder / "onlinetext.html").write_text(SANNE, encoding="utf-8")
    sanne = discover([str(tmp_path / "export")])[0][0]
    assert sanne.id == "23456" and sanne.source == CODE.strip("\n").encode() + b"\n"
    assert {"kind": "online-text", "file": "onlinetext.html", "prose_left_out": True} in sanne.notes


def test_a_graded_online_text_read_back_is_the_code_that_was_graded():
    # grade report's similarity compares what was graded: the <pre> blocks, not the prose around them.
    from grader.discover import choose

    assert choose.loaded("text.html", SANNE.encode()) == onlinetext.to_code(SANNE.encode())[0]
    assert b"Hier is mijn code" not in choose.loaded("text.html", SANNE.encode())
