"""Gradebooks for the grade imports of Canvas, Brightspace and Moodle: columns, identifiers, BOM, NFC, formulas."""

from __future__ import annotations

import csv
import io
import unicodedata

import pytest

from grader import reports
from grader.reports import gradebook, lms
from test_instructor_class import battery, result


def document(*results: dict) -> dict:
    return {"format": 1, "lang": "en", "submissions": list(results)}


def table(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff") and "\r\n" in text
    return list(csv.reader(io.StringIO(text[1:])))


def with_lms() -> dict:
    return result("12345", battery(), name="Zoe\u0308 van der Berg",
                  lms={"user_id": 12345, "sis_user_id": "S-1", "sis_login_id": "zoe.berg", "section": "Klas 2A",
                       "email": "zoe@example.org", "username": "zberg", "org_defined_id": "20067930",
                       "idnumber": "st0001"})


def formula() -> dict:
    return result("=HYPERLINK(\"http://x\")", battery({"d5_refused": {"outcome": "failed"}}), name="@SUM(A1)")


def test_canvas_has_the_documented_columns_a_points_row_and_matches_by_canvas_id():
    rows = table(lms.render("canvas", document(with_lms(), formula(), result("anna", battery())), "Les 1 (77)"))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Les 1 (77)"]
    assert rows[1] == ["    Points Possible", "", "", "", "", "3"]
    assert rows[2] == ["Zoë van der Berg", "12345", "S-1", "zoe.berg", "Klas 2A", "3"]
    assert rows[3] == ["'@SUM(A1)", "", "", "'=HYPERLINK(\"http://x\")", "", "2"]
    assert rows[4] == ["anna", "", "", "anna", "", "3"]          # no Canvas id known: the id as SIS Login ID
    assert unicodedata.is_normalized("NFC", rows[2][0])


def test_a_number_from_another_lms_is_no_canvas_id():
    moodle = result("2001", battery(), name="Anouk Jansen", layout="moodle")  # a Moodle participant id
    canvas = result("101", battery(), name="jansenanouk", layout="canvas")   # a Canvas export's user id
    rows = table(lms.render("canvas", document(moodle, canvas), "Les 1"))
    assert rows[2][:4] == ["Anouk Jansen", "", "", "2001"] and rows[3][:4] == ["jansenanouk", "101", "", ""]


def test_brightspace_has_orgdefinedid_username_points_grade_and_the_end_of_line_indicator():
    rows = table(lms.render("brightspace", document(with_lms(), formula(), result("anna", battery())), "Les 1"))
    assert rows[0] == ["OrgDefinedId", "Username", "Les 1 Points Grade", "End-of-Line Indicator"]
    assert rows[1] == ["20067930", "zberg", "3", "#"]
    assert rows[2] == ["", "'=HYPERLINK(\"http://x\")", "2", "#"]
    assert rows[3] == ["", "anna", "3", "#"]
    assert all("@" not in cell and "Zo" not in cell for row in rows for cell in row[:2])  # no names, no e-mail


def test_moodle_serves_the_grading_worksheet_upload_and_the_csv_import():
    # A Moodle export names each student by participant id: the assignment's "Upload grading worksheet"
    # matches "Participant <id>" under Identifier (and reads Grade and Last modified (grade)); the gradebook's
    # CSV import maps any of the user columns. A participant id is no username.
    exported = result("1234567", battery(), name="Anouk Jansen", layout="moodle")
    made = {**document(with_lms(), result("anna", battery()), exported), "created": "2026-11-30T16:20:00+00:00"}
    rows = table(lms.render("moodle", made, "Les 1"))
    assert rows[0] == ["Identifier", "Full name", "Email address", "ID number", "Username", "Grade",
                       "Last modified (grade)"]
    assert rows[1] == ["", "Zoë van der Berg", "zoe@example.org", "st0001", "zberg", "3", "2026-11-30 16:20:00 UTC"]
    assert rows[2] == ["", "", "", "", "anna", "3", "2026-11-30 16:20:00 UTC"]
    assert rows[3] == ["Participant 1234567", "Anouk Jansen", "", "", "", "3", "2026-11-30 16:20:00 UTC"]


# Where each gradebook's import looks a student up (lms._MATCHED_BY): these cells must hold the id as the LMS has it.
IDENTIFIERS = {"canvas": (1, 2, 3), "brightspace": (0, 1), "moodle": (0, 2, 3, 4)}


@pytest.mark.parametrize("cell", ["=1+1", "=min", "+1(2)", "-1|x", "@x!A1", "-cmd|' /C calc'!A0", "-HYPERLINK(\"x\")",
                                  "-a b", "\tx", "\rx"])
def test_every_cell_that_a_spreadsheet_could_run_as_more_than_a_name_or_number_is_neutralised(cell):
    for platform in ("canvas", "brightspace", "moodle"):
        rows = table(lms.render(platform, document(result(cell, battery(), name=cell)), "Les"))
        assert all(not value.startswith(("=", "+", "-", "@", "\t", "\r")) for row in rows for value in row
                   if not value.startswith("    Points")), platform


@pytest.mark.parametrize("student", ["-min", "@anna", "+31612345678", "-jan.de-vries_2", "-1"])
def test_an_id_that_only_starts_like_a_formula_is_written_as_the_lms_has_it(student):
    # A folder -min (a login starting with "-") stood as '-min under SIS Login ID and Username: the LMS, which reads
    # the file's text, matched no one. Letters, digits and . _ - + @ alone cannot call a function, link or run a
    # command in a spreadsheet (at most it shows #NAME?), so an identifier cell keeps them as they are; every other
    # cell (a name, a section) keeps its guard, and so does gradebook.csv, which is for a spreadsheet.
    class_ = document(result(student, battery(), name=student, lms={"email": student + "@example.org"}))
    for platform, columns in IDENTIFIERS.items():
        row = table(lms.render(platform, class_, "Les"))[-1]
        assert {row[column] for column in columns} - {""} == {student, student + "@example.org"} \
            - ({student + "@example.org"} if platform != "moodle" else set()), (platform, row)
        assert all(cell == "'" + student for column, cell in enumerate(row) if column not in columns and student in cell)
    assert table(gradebook.render(class_))[1][0] == "'" + student
    assert lms.unmatched("canvas", class_) == []


@pytest.mark.parametrize("platform", [None, "canvas", "brightspace", "moodle"])
def test_every_cell_is_quoted_so_a_semicolon_spreadsheet_does_not_split_a_formula_out(platform):
    # Dutch Excel reads CSV with ';' as its separator: an unquoted 'y;=1+1' becomes the cell =1+1.
    document_ = document(result("y;=1+1", battery(), name="z;@x"))
    text = gradebook.render(document_) if platform is None else lms.render(platform, document_, "Les")
    for line in text.lstrip("\ufeff").splitlines():
        assert line.startswith('"') and line.endswith('"'), line
    assert "y;=1+1" in text


def test_the_chosen_gradebooks_are_written_beside_gradebook_csv(tmp_path):
    options = reports.Options(gradebooks=("canvas", "moodle", "plain"), assignment="Opdracht", similarity=False)
    reports.write_class(document(with_lms()), tmp_path, options)
    assert sorted(p.name for p in tmp_path.glob("gradebook*.csv")) == \
        ["gradebook-canvas.csv", "gradebook-moodle.csv", "gradebook.csv"]
    assert (tmp_path / "gradebook-canvas.csv").read_bytes().startswith(b"\xef\xbb\xbf\"Student\",\"ID\",")
    with pytest.raises(ValueError):
        lms.write(document(), tmp_path, "blackboard")


def test_identity_reads_optional_fields_defensively():
    bare = lms.identity({"id": "x"})
    assert bare["id"] == "x" and bare["name"] == "" and bare["user_id"] == "" and bare["email"] == ""
    odd = lms.identity({"id": "x", "name": 3, "lms": "not a dict", "email": ["no"]})
    assert odd["name"] == "" and odd["email"] == ""
    assert lms.identity({"id": "x", "username": "top"})["username"] == "top"


@pytest.mark.parametrize("lang, said", [("nl", ["beoordeeld", "laadfout", "leeg"]),
                                        ("en", ["graded", "load error", "empty"])])
def test_gradebook_csv_keeps_the_status_code_and_says_it_in_the_run_s_language(lang, said):
    # A Dutch run's gradebook.csv said only "graded", "load-error" and "empty". The code stays (as in results.json,
    # the same in every language, for a script or a filter); beside it the status as index.html says it.
    problem = {"kind": "syntax", "detail": "", "line": 1, "column": 1, "source": "x"}
    results = [result("anna", battery()), result("bram", battery(), "load-error", problem),
               result("cas", battery(), "empty", {**problem, "kind": "empty"})]
    rows = table(gradebook.render({**document(*results), "lang": lang}))
    assert rows[0] == ["id", "checkpoint_1", "checkpoint_2", "checkpoint_3", "score", "max_score", "status", "status_text"]
    assert [row[-2:] for row in rows[1:]] == [[code, text] for code, text in zip(["graded", "load-error", "empty"], said)]


def renamed(student: str, real: str, **extra) -> dict:
    """A result whose id was renamed at intake to keep it apart from another (``José-2``)."""
    made = result(student, battery(), **extra)
    made["load"]["notes"] = [{"kind": "renamed-id", "from": real}]
    return made


def test_a_renamed_id_is_never_put_where_an_lms_matches_a_student():
    # "José-2" stood under SIS Login ID (and Username): no LMS knows it, and José's own grade could land on it.
    class_ = document(result("José", battery()), renamed("José-2", "José"))
    canvas = table(lms.render("canvas", class_, "Les 1"))
    assert canvas[2][:4] == ["José", "", "", "José"] and canvas[3][:4] == ["José-2", "", "", ""]
    assert table(lms.render("brightspace", class_, "Les 1"))[2][:2] == ["", ""]
    assert table(lms.render("moodle", class_, "Les 1"))[2][:5] == ["", "", "", "", ""]
    for platform in lms.PLATFORMS:
        assert lms.unmatched(platform, class_) == ["José-2"], platform


def test_a_renamed_lms_id_keeps_the_id_its_export_gave():
    # The same Canvas user (or Moodle participant) in two exports: the second became 101-2, still user 101.
    class_ = document(result("7", battery(), layout="canvas"), renamed("101-2", "101", layout="canvas"),
                      renamed("2001-2", "2001", layout="moodle"), renamed("zoe-2", "zoe", lms={"username": "zberg"}))
    canvas = table(lms.render("canvas", class_, "Les 1"))
    assert canvas[3][:4] == ["101-2", "101", "", ""] and canvas[5][:4] == ["zoe-2", "", "", "zberg"]
    assert table(lms.render("moodle", class_, "Les 1"))[3][0] == "Participant 2001"
    assert lms.unmatched("canvas", class_) == ["2001-2"] and lms.unmatched("moodle", class_) == ["101-2"]


def test_one_lms_user_graded_twice_has_its_id_on_one_row_only():
    # 101 and 101-2 (the same Canvas user in two exports) both carried user id 101: Canvas gave that student both
    # grades, the later row silently winning. The row the intake did not rename keeps the id, wherever it stands;
    # the other is left without identifiers for the instructor, and so is a second row of one Moodle participant
    # or of one LMS username.
    class_ = document(renamed("101-2", "101", layout="canvas"), result("101", battery(), layout="canvas"),
                      result("2001", battery(), layout="moodle"), renamed("2001-2", "2001", layout="moodle"),
                      result("anna", battery(), lms={"username": "ab1"}), result("bram", battery(), lms={"username": "ab1"}))
    canvas = table(lms.render("canvas", class_, "Les 1"))
    assert [row[1:4] for row in canvas[2:4]] == [["", "", ""], ["101", "", ""]]
    assert canvas[6][1:4] == ["", "", "ab1"] and canvas[7][1:4] == ["", "", ""]
    moodle = table(lms.render("moodle", class_, "Les 1"))
    assert [row[0] for row in moodle[3:5]] == ["Participant 2001", ""] and moodle[4][2:5] == ["", "", ""]
    brightspace = table(lms.render("brightspace", class_, "Les 1"))
    assert brightspace[5][:2] == ["", "ab1"] and brightspace[6][:2] == ["", ""]
    assert lms.unmatched("canvas", class_) == ["101-2", "2001-2", "bram"]
    assert lms.unmatched("moodle", class_) == ["101-2", "2001-2", "bram"]
    assert lms.unmatched("brightspace", class_) == ["101-2", "2001-2", "bram"]


@pytest.mark.parametrize("lang, said", [("nl", "een andere rij draagt"), ("en", "another row already carries")])
def test_the_terminal_says_a_row_may_have_left_its_id_to_another(lang, said):
    from grader.terminal_texts import unmatched_warning
    for ids in (["101-2"], ["101-2", "bram"]):
        assert said in unmatched_warning("gradebook-canvas.csv", ids, lang)


@pytest.mark.parametrize("lang, said", [("nl", "anoniem"), ("en", "anonymous")])
def test_an_anonymous_canvas_id_is_put_where_no_lms_matches_and_the_terminal_says_why(lang, said):
    # anon_55555 stood under SIS Login ID: Canvas knows no user by a submission's anonymous id, and no note said so.
    class_ = document(result("anon_55555", battery(), layout="canvas"), result("101", battery(), layout="canvas"))
    assert table(lms.render("canvas", class_, "Les 1"))[2][:4] == ["anon_55555", "", "", ""]
    assert table(lms.render("brightspace", class_, "Les 1"))[1][:2] == ["", ""]  # (no Points Possible row)
    assert table(lms.render("moodle", class_, "Les 1"))[1][:5] == ["", "", "", "", ""]
    for platform in lms.PLATFORMS:
        assert lms.unmatched(platform, class_)[:1] == ["anon_55555"], platform
    from grader.terminal_texts import unmatched_warning
    for ids in (["anon_55555"], ["anon_55555", "bram"]):
        assert said in unmatched_warning("gradebook-canvas.csv", ids, lang)
    # A folder of a student whose login happens to start with anon_ is no Canvas export: its id stays.
    assert table(lms.render("canvas", document(result("anon_x", battery())), "Les 1"))[2][:4] == ["anon_x", "", "", "anon_x"]
