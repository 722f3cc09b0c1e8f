"""Names in a class folder that could merge two students (or two files of one), wherever they lie."""

from __future__ import annotations

import unicodedata

import pytest

from grader.discover import discover

COMPOSED, DECOMPOSED = unicodedata.normalize("NFC", "José"), unicodedata.normalize("NFD", "José")


@pytest.mark.parametrize("wrapper", ["", "export/"])
def test_names_equal_only_after_normalisation_stay_two_students_inside_a_wrapping_folder(tmp_path, wrapper):
    # klas6/export/{anna, José (NFD), José (NFC)}: the two José folders became one student, one main.py
    # graded and the other left out without a word ("beoordeeld is main.py ... Niet beoordeeld: main.py").
    klas = tmp_path / "klas6" / wrapper
    for name, code in (("anna", "a = 1\n"), (DECOMPOSED, "x = 'decomposed'\n"), (COMPOSED, "x = 'composed'\n")):
        (klas / name).mkdir(parents=True)
        (klas / name / "main.py").write_text(code, encoding="utf-8")
    by_id = {s.id: s for s in discover([str(tmp_path / "klas6")])[0]}
    assert set(by_id) == {"anna", "José", "José-2"}
    assert {by_id["José"].source, by_id["José-2"].source} == {b"x = 'decomposed'\n", b"x = 'composed'\n"}
    assert [note["kind"] for note in by_id["José-2"].notes] == ["renamed-id"]
    assert by_id["José"].notes == [] and by_id["anna"].notes == []


def test_a_backslash_name_beside_its_folder_stays_a_student_of_its_own_inside_a_wrapping_folder(tmp_path):
    # At the top level "anouk\extra" beside "anouk" was its own student; one folder deeper it became
    # anouk's file "extra/main.py", beside her own main.py.
    klas = tmp_path / "klas" / "export"
    for name, code in (("anouk", "x = 1\n"), ("anouk\\extra", "x = 2\n"), ("bram", "x = 3\n")):
        (klas / name).mkdir(parents=True)
        (klas / name / "main.py").write_text(code, encoding="utf-8")
    by_id = {s.id: s.source for s in discover([str(tmp_path / "klas")])[0]}
    assert by_id == {"anouk": b"x = 1\n", "anouk\\extra": b"x = 2\n", "bram": b"x = 3\n"}


def test_two_files_of_one_student_equal_only_after_normalisation_stay_two_files(tmp_path):
    # Both were "anna/opdracht.py": the report said "graded is opdracht.py ... Not graded: opdracht.py".
    for wrapper in ("klas/", "wrapped/export/"):
        (tmp_path / wrapper / "anna").mkdir(parents=True)
        (tmp_path / wrapper / "anna" / "cafe\u0301.py").write_text("x = 1\n", encoding="utf-8")
        (tmp_path / wrapper / "anna" / "caf\u00e9.py").write_text("x = 2\n", encoding="utf-8")
        (tmp_path / wrapper / "bram.py").write_text("x = 3\n", encoding="utf-8")
        anna = next(s for s in discover([str(tmp_path / wrapper.split("/")[0])])[0] if s.id == "anna")
        # Two files, each named as it is on disk (not "café-2.py", a name the student cannot find).
        assert [anna.graded_file, *anna.ignored_files] == ["café.py", "café.py"], wrapper
        assert "renamed-id" not in str(anna.notes)


def test_a_class_folder_inside_two_wrapping_folders_is_not_one_student(tmp_path):
    # klas/export/klas6/{anna, bram}: the whole class became one student "export", graded on anna's
    # main.py, every other student left out (a zip of the same folders was read right).
    import zipfile

    klas = tmp_path / "klas" / "export" / "klas6"
    for name in ("anna", "bram", "carla"):
        (klas / name).mkdir(parents=True)
        (klas / name / "main.py").write_text(f"x = '{name}'\n", encoding="utf-8")
    with zipfile.ZipFile(tmp_path / "klas.zip", "w") as archive:
        for name in ("anna", "bram", "carla"):
            archive.writestr(f"export/klas6/{name}/main.py", f"x = '{name}'\n")
    for path in (tmp_path / "klas", tmp_path / "klas.zip"):
        by_id = {s.id: s for s in discover([str(path)])[0]}
        assert {key: s.source for key, s in by_id.items()} == {
            name: f"x = '{name}'\n".encode() for name in ("anna", "bram", "carla")}, path
        assert not any(s.notes for s in by_id.values())


@pytest.mark.parametrize("student_id", ["-min", "--help", "-", "_-x", ".-rf", "-Émile"])
def test_a_report_file_name_never_starts_with_a_dash(student_id):
    # feedback/-min.html: a shell reads it as an option (ls, rm, cp).
    from grader.discover import safe_name

    name = safe_name(student_id)
    assert not name.startswith(("-", ".", "_")) and name != safe_name(student_id.lstrip("-._")), name


@pytest.mark.parametrize("student_id", ["min", "anna-", "a-b", "a_b", "x.y"])
def test_names_that_did_not_start_with_a_dash_stay_as_they_were(student_id):
    from grader.discover import safe_name

    assert safe_name(student_id) == student_id


@pytest.mark.parametrize("student_id", ["com0", "lpt0", "com0.txt", "lpt0.py", "con", "nul.py", "COM¹", "lpt9"])
def test_a_report_file_name_is_never_a_windows_device_name(student_id):
    # Windows lists COM0 and LPT0 among its reserved names too: feedback/com0.html could not be opened there.
    from grader.discover import safe_name
    from grader.discover.model import WINDOWS_RESERVED

    name = safe_name(student_id)
    assert {"com0", "lpt0"} <= WINDOWS_RESERVED and name.split(".")[0] not in WINDOWS_RESERVED and name != student_id


def test_names_equal_only_after_normalisation_stay_two_students(tmp_path):
    composed, decomposed = COMPOSED, DECOMPOSED
    folders, loose = tmp_path / "mappen", tmp_path / "los"
    for name, value in ((composed, 1), (decomposed, 2)):
        (folders / name).mkdir(parents=True)
        (folders / name / "main.py").write_text(f"x = {value}\n")
        loose.mkdir(exist_ok=True)
        (loose / f"{name}.py").write_text(f"y = {value}\n")
    (folders / "José-2").mkdir()  # a real folder of that name keeps it
    (folders / "José-2" / "main.py").write_text("z = 3\n")
    by_id = {s.id: s for s in discover([str(folders)])[0]}
    assert sorted(by_id) == ["José", "José-2", "José-3"] and by_id["José-2"].source == b"z = 3\n"
    assert {by_id["José"].source, by_id["José-3"].source} == {b"x = 1\n", b"x = 2\n"}
    assert [n["kind"] for n in by_id["José-3"].notes] == ["renamed-id"]
    by_id = {s.id: s for s in discover([str(loose)])[0]}
    assert sorted(by_id) == ["José", "José-2"] and {s.source for s in by_id.values()} == {b"y = 1\n", b"y = 2\n"}
