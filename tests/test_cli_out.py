"""Where the outputs go (--out and its default reports/): usage errors for a folder that cannot hold them,
and never an earlier class's reports removed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from conftest import run_grade
from test_cli import CORRECT


def test_out_naming_a_file_is_a_usage_error(tmp_path):
    (tmp_path / "anna.py").write_text("x = 1\n")
    (tmp_path / "uit").write_text("geen map")
    done = run_grade(str(tmp_path / "anna.py"), "--out", str(tmp_path / "uit"))
    assert done.returncode == 2 and "is een bestand" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("lang, said", [("nl", "de standaarduitvoermap reports is een bestand, geen map; kies een "
                                               "andere met --out MAP"),
                                        ("en", "the default output folder reports is a file, not a folder; choose "
                                               "another with --out DIR")])
def test_a_default_out_that_is_a_file_is_named_as_the_default(tmp_path, lang, said):
    # The user typed no --out: the message names the default folder and the option that picks another.
    (tmp_path / "anna.py").write_text("x = 1\n")
    (tmp_path / "reports").write_text("geen map")
    done = run_grade("anna.py", "--lang", lang, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.strip() == f"grade: {said}"


@pytest.mark.parametrize("lang, said", [("nl", "reports is de standaarduitvoermap, waar de rapporten komen: geef de "
                                               "map met inzendingen (of kies met --out MAP een andere uitvoermap)"),
                                        ("en", "reports is the default output folder, where the reports go: give the "
                                               "folder of submissions (or choose another output folder with --out DIR)")])
def test_grading_the_default_out_folder_itself_says_it_is_where_reports_go(tmp_path, lang, said):
    # grade reports/ after a self-check (no index.html there): the message spoke of --out, never typed.
    (tmp_path / "main.py").write_text("x = 1\n")
    assert run_grade("main.py", "--quiet", cwd=tmp_path).returncode == 1
    done = run_grade("reports/", "--lang", lang, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.strip() == f"grade: {said}"


def test_an_out_folder_that_cannot_be_made_exits_4_with_a_message(tmp_path):
    (tmp_path / "anna.py").write_text("x = 1\n")
    (tmp_path / "bestand").write_text("geen map")
    done = run_grade(str(tmp_path / "anna.py"), "--out", str(tmp_path / "bestand" / "uit"))
    assert done.returncode == 4 and "kan de uitvoer" in done.stderr and "Traceback" not in done.stderr

def test_out_that_is_the_graded_folder_is_a_usage_error(tmp_path):
    (tmp_path / "anna.py").write_text("x = 1\n", encoding="utf-8")
    done = run_grade(str(tmp_path), "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2 and "--out" in done.stderr and not (tmp_path / "results.json").exists()


@pytest.mark.parametrize("inside", ["anouk", "anouk/reports"])
def test_out_inside_a_students_folder_is_a_usage_error_and_a_new_folder_beside_them_is_not(tmp_path, inside):
    for name in ("anouk", "bram"):
        (tmp_path / "class" / name).mkdir(parents=True)
        shutil.copy(CORRECT, tmp_path / "class" / name / "main.py")
    done = run_grade(str(tmp_path / "class"), "--out", str(tmp_path / "class" / inside))
    assert done.returncode == 2 and "--out" in done.stderr
    assert sorted(p.name for p in (tmp_path / "class" / "anouk").iterdir()) == ["main.py"]
    assert run_grade(str(tmp_path / "class"), "--out", str(tmp_path / "class" / "reports"), "--quiet").returncode == 0
    again = run_grade(str(tmp_path / "class"), "--out", str(tmp_path / "class" / "reports"), "--quiet")
    assert again.returncode == 0 and "2 " in again.stdout

def test_grading_another_class_into_the_same_out_is_refused_and_removes_nothing(tmp_path):
    # grade sectionA/ then grade sectionB/ (both into reports/) removed every report of section A without a word.
    for section, names in (("a", ("anna", "bram")), ("b", ("carl", "dirk"))):
        for name in names:
            (tmp_path / section / name).mkdir(parents=True)
            shutil.copy(CORRECT, tmp_path / section / name / "main.py")
    assert run_grade("a", "--quiet", "--no-similarity", cwd=tmp_path).returncode == 0
    before = sorted(p.name for p in (tmp_path / "reports" / "feedback").iterdir())
    other = run_grade("b", "--quiet", "--no-similarity", "--lang", "en", cwd=tmp_path)
    assert other.returncode == 2 and "reports holds the reports of another class (anna, bram" in other.stderr
    assert sorted(p.name for p in (tmp_path / "reports" / "feedback").iterdir()) == before
    # The same class again, or with a student left and one new: graded as before.
    shutil.rmtree(tmp_path / "a" / "bram")
    (tmp_path / "a" / "eva").mkdir()
    shutil.copy(CORRECT, tmp_path / "a" / "eva" / "main.py")
    again = run_grade("a", "--quiet", "--no-similarity", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in (tmp_path / "reports" / "feedback").iterdir()) == [
        "anna.html", "anna.md", "eva.html", "eva.md"]


@pytest.mark.parametrize("count, said", [(5, "a0, a1, a2, a3, a4"), (6, "a0, a1, a2, a3, a4, ...")])
def test_another_class_names_its_first_students_and_says_when_there_are_more(tmp_path, count, said):
    # The "..." came after exactly five students too, as if more were left out.
    from grader import signing, stamps

    (tmp_path / ".cache").mkdir()
    stored = {"checks": {}, "class_files": {}, "submissions": {
        f"a{n}": {"stamp": "s", "summary": {"id": f"a{n}", "status": "graded", "score": 3, "max_score": 3,
                                           "hidden": False, "checkpoints": {}, "failed": [], "load": {}}}
        for n in range(count)}}
    (tmp_path / ".cache" / stamps.STAMPS_FILE).write_text(signing.sign(json.dumps(stored)), encoding="utf-8")
    assert ", ".join(stamps.another_class(tmp_path, ["bram"])) == said
    assert stamps.another_class(tmp_path, ["a3"]) is None


@pytest.mark.parametrize("text, nl, en", [
    ('{"a": 1}', "fake.json is geen results.json van grade (geen formaat 1 of 2)", "(fake.json is not a results.json of"),
    ("{", "fake.json is geen results.json van grade (geen geldige JSON: regel 1, kolom 2)", "not valid JSON"),
    (None, "kan fake.json niet lezen: dat bestand bestaat niet", "cannot read fake.json: no such file")])
def test_grade_report_says_why_it_cannot_read_a_file_in_dutch_only(tmp_path, text, nl, en):
    # "... (fake.json is not a results.json of format 1 or 2)" and "bestaat niet (No such file or directory)".
    if text is not None:
        (tmp_path / "fake.json").write_text(text, encoding="utf-8")
    for lang, said in (("nl", nl), ("en", en)):
        done = run_grade("report", "fake.json", "--lang", lang, cwd=tmp_path)
        assert done.returncode == 2 and said in done.stderr, done.stderr
        if lang == "nl":
            assert not any(word in done.stderr for word in ("not a", "No such", "Expecting")), done.stderr


def test_a_zip_with_a_member_name_that_is_not_utf8_is_said_in_dutch(tmp_path):
    # zipfile's "'utf-8' codec can't decode byte 0xff..." was shown as it was, in a Dutch message.
    import io
    import zipfile
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("anna/main.py", "x = 1\n")
        archive.writestr("bram/main.py", "x = 1\n")
    data = bytearray(buffer.getvalue().replace(b"bram/main.py", b"br\xffm/main.py"))
    start = data.rfind(b"PK\x01\x02", 0, data.rfind(b"br\xffm"))  # its central directory entry: flagged UTF-8
    data[start + 9] |= 0x08
    (tmp_path / "bad.zip").write_bytes(bytes(data))
    done = run_grade("bad.zip", "--out", "uit", cwd=tmp_path)
    assert "bad.zip is geen leesbaar zip-archief" in done.stderr and "codec" not in done.stderr, done.stderr
    assert "0xff" in done.stderr and "UTF-8" in done.stderr


def test_grade_report_says_its_notes_after_its_summary_as_grade_report(tmp_path):
    # grade said its notes after the summary line; grade report said them before it, prefixed "grade:".
    (tmp_path / "klas").mkdir()
    (tmp_path / "klas" / "anna.py").write_bytes(CORRECT.read_bytes() + "# café\n".encode("cp1252"))
    graded = run_grade("klas", "--out", "uit", "--quiet", cwd=tmp_path)
    done = run_grade("report", "uit", cwd=tmp_path)
    note = next(line for line in done.stderr.splitlines() if "Windows-1252" in line)
    assert note.startswith("grade report: let op:") and "Windows-1252" in graded.stderr, done.stderr
    merged = subprocess.run([sys.executable, "-m", "grader", "report", "uit"], cwd=tmp_path, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout
    assert merged.index("opnieuw weergegeven") < merged.index("Windows-1252"), merged
