"""The parts of discovery one by one: file choice, notebooks, online text, archives, names and dates."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from fixtures.intake import build as fixtures
from grader.discover import UsageError, archives, discover, notebooks, onlinetext
from grader.discover.choose import pick
from grader.discover.files import FileRef, clean_rel, is_junk
from grader.discover.layouts import blackboard, brightspace, canvas, moodle
from grader.discover.model import slug
from grader.sandbox.loader import LoadFailure, compile_source, decode


def ref(rel: str, data: bytes = b"x = 1\n") -> FileRef:
    return FileRef(rel, len(data), rel, lambda n: data[:n])


def chosen(*names: str, **contents: bytes) -> str | None:
    best, _ = pick([ref(name, contents.get(name.replace(".", "_"), b"x = 1\n")) for name in names])
    return best.rel if best else None


# File choice (grader.discover.choose.RULE) -------------------------------------------------------
@pytest.mark.parametrize("names,graded", [
    (["helper.py", "Main.py", "main.py"], "main.py"),
    (["main (1).py", "MAIN.PY"], "MAIN.PY"),
    (["main (1).py", "main (3).py", "main (2).py"], "main (3).py"),
    (["main-1.py", "main.py.txt"], "main-1.py"),
    (["main.py.txt", "opdracht.py"], "main.py.txt"),
    (["main.ipynb", "opdracht.py"], "main.ipynb"),
    (["opdracht.py"], "opdracht.py"),
    (["conftest.py", "test_main.py", "main_test.py", "setup.py", "tests/oplossing.py"], None),
    (["verslag.pdf", "README.md"], None),
    (["src/main.py", "main.py"], "main.py"),
    (["old/main.py", "new/sub/main.py"], "old/main.py"),
    (["opdracht.ipynb", "opdracht.py.txt"], "opdracht.ipynb"),
    (["text.html", "notes.txt"], "text.html"),
])
def test_the_documented_rule_picks_the_file(names, graded):
    assert chosen(*names) == graded


def test_among_other_files_the_one_defining_the_lesson_functions_wins():
    solution = b"def validate_ticket_proposal(p):\n    pass\ndef proposal_fingerprint(p):\n    pass\n"
    files = [ref("a_helpers.py"), ref("oplossing.py", solution), ref("z.py", b"def dispatch_ticket(s, p):\n    pass\n")]
    best, others = pick(files)
    assert best.rel == "oplossing.py" and [o.rel for o in others] == ["z.py", "a_helpers.py"]


def test_a_file_named_on_the_command_line_is_graded_whatever_its_name(tmp_path):
    (tmp_path / "test_opdracht.py").write_text("x = 1")
    submissions, single = discover([str(tmp_path / "test_opdracht.py")])
    assert single and submissions[0].id == "test_opdracht" and submissions[0].source == b"x = 1"
    assert submissions[0].notes == []


def test_a_folder_with_nothing_to_grade_says_what_it_found(tmp_path):
    (tmp_path / "opdracht.py.txt").write_text("x = 1")
    (tmp_path / "verslag.docx").write_text("x")
    with pytest.raises(UsageError, match=r"no submissions in .*found: opdracht.py.txt, verslag.docx"):
        discover([str(tmp_path)])


# Notebooks -------------------------------------------------------------------------------------
def test_notebook_cells_are_joined_and_ipython_syntax_keeps_line_numbers():
    data = fixtures.content({"notebook": [
        ["markdown", "# Titel"], ["code", "%matplotlib inline\nimport re\n!ls -l"], ["raw", "not code"],
        ["code", "%%bash\necho hoi\nls"], ["code", "%%time\nx = (1\n     % 2)\ny = 3"], ["code", "files = !ls\nre?"]]})
    source, note = notebooks.to_python(data)
    lines = source.decode().split("\n")
    assert lines[:3] == ["pass", "import re", "pass"]
    assert note["cells"] == [[2, 1, 3], [4, 5, 7], [5, 9, 12], [6, 14, 15]]
    assert lines[4:7] == ["", "", ""] and lines[8:12] == ["pass", "x = (1", "     % 2)", "y = 3"]
    assert lines[13:15] == ["pass", "pass"]
    compile(source, "nb", "exec")
    assert notebooks.locate(10, note) == (5, 2) and notebooks.locate(8, note) is None


def test_a_plain_python_cell_is_left_alone_even_with_a_line_starting_with_percent():
    data = fixtures.content({"notebook": [["code", "x = (10\n    % 3)"]]})
    source, note = notebooks.to_python(data)
    assert source.decode().startswith("x = (10\n    % 3)") and note["replaced"] == 0


@pytest.mark.parametrize("data", [b"{", b"[]", b'{"cells": 3}', b"\xff\xfe"])
def test_an_unreadable_notebook_raises(data):
    with pytest.raises(notebooks.NotebookError):
        notebooks.to_python(data)


def test_nbformat_3_worksheets_are_read():
    data = json.dumps({"nbformat": 3, "worksheets": [{"cells": [{"cell_type": "code", "input": ["x = 1\n"]}]}]})
    source, note = notebooks.to_python(data.encode())
    assert source.startswith(b"x = 1") and note["cells"] == [[1, 1, 1]]


# Online text -------------------------------------------------------------------------------------
def test_online_text_html_becomes_the_code_the_student_typed():
    code = "def f(x):\n    if x < 3 and x > 1:\n        return '<ok>'\n    return None\n"
    assert onlinetext.to_text(fixtures.content({"html": code})).decode() == code
    assert onlinetext.to_text(b"<pre>a = 1\nb = 2</pre>") == b"a = 1\nb = 2\n"


# Archives --------------------------------------------------------------------------------------
def zip_bytes(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_member_names_are_cleaned_never_leaving_the_archive(tmp_path):
    path = tmp_path / "a.zip"
    path.write_bytes(zip_bytes({"../../etc/evil.py": b"1", "/abs/main.py": b"2", "C:\\Users\\x\\main.py": b"3",
                                "a/./b/../c.py": b"4", "__MACOSX/._x.py": b"5", "._y.py": b"6", "d/": b""}))
    tree = archives.open_path(path)
    assert sorted(r.rel for r in tree.files) == ["Users/x/main.py", "a/b/c.py", "abs/main.py", "etc/evil.py"]


def test_utf8_names_without_the_utf8_flag_are_read_as_utf8(tmp_path):
    path = tmp_path / "mac.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("ZoXX/main.py", b"x = 1")
    # The UTF-8 bytes of the name, without the UTF-8 flag (as macOS's Archive Utility writes it).
    path.write_bytes(path.read_bytes().replace(b"ZoXX/main.py", "Zoë/main.py".encode("utf-8")))
    assert [r.rel for r in archives.open_path(path).files] == ["Zoë/main.py"]


@pytest.mark.parametrize("raw,clean", [("a\\b\\main.py", "a/b/main.py"), ("Zoe\u0308/main.py", "Zoë/main.py"),
                                       ("..", None), ("/", None), ("C:", None), ("./x", "x")])
def test_clean_rel(raw, clean):
    assert clean_rel(raw) == clean


@pytest.mark.parametrize("rel", ["__MACOSX/a/main.py", "a/._main.py", ".DS_Store", "a/Thumbs.db", "x/.git/HEAD",
                                 "__pycache__/m.pyc", ".hidden.py", "a/~$verslag.docx"])
def test_junk_is_ignored(rel):
    assert is_junk(rel)


def test_too_many_members_or_too_large_a_total_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "many.zip"
    path.write_bytes(zip_bytes({f"s{i}/main.py": b"x = 1" for i in range(20)}))
    monkeypatch.setattr(archives, "MAX_MEMBERS", 10)
    with pytest.raises(UsageError, match="members"):
        discover([str(path)])
    monkeypatch.setattr(archives, "MAX_MEMBERS", 10_000)
    monkeypatch.setattr(archives, "MAX_TOTAL", 50)
    with pytest.raises(UsageError, match="uncompressed"):
        discover([str(path)])


def test_a_zip_bomb_member_is_never_read_and_noted_for_its_student(tmp_path):
    path = tmp_path / "bomb.zip"
    path.write_bytes(zip_bytes({"anna/main.py": b"x = 1\n", "anna/bomb.py": b"\0" * (8 * 2**20),
                                "bob/main.py": b"\0" * (8 * 2**20)}))
    assert [r.rel for r in archives.open_path(path).files if r.refused] == ["anna/bomb.py", "bob/main.py"]
    by_id = {s.id: s for s in discover([str(path)])[0]}
    assert by_id["anna"].source == b"x = 1\n" and by_id["anna"].ignored_files == ["bomb.py"]
    assert {"kind": "archive-member-refused", "file": "bomb.py", "size": 8 * 2**20} in by_id["anna"].notes
    assert by_id["bob"].source == b"" and by_id["bob"].notes[0]["kind"] == "archive-member-refused"


def test_a_bad_archive_is_a_usage_error_and_a_bad_inner_one_a_note(tmp_path):
    (tmp_path / "kapot.zip").write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(UsageError, match="not a readable zip"):
        discover([str(tmp_path / "kapot.zip")])
    (tmp_path / "klas" / "anna").mkdir(parents=True)
    (tmp_path / "klas" / "anna" / "inlevering.zip").write_bytes(b"garbage")
    submissions, _ = discover([str(tmp_path / "klas")])
    assert submissions[0].source == b"" and submissions[0].notes[0]["kind"] == "archive-unreadable"


def test_archives_nest_two_deep_and_no_deeper(tmp_path):
    deepest = zip_bytes({"main.py": b"x = 3"})
    inner = zip_bytes({"c.zip": deepest})
    (tmp_path / "a.zip").write_bytes(zip_bytes({"anna/b.zip": inner, "bob/main.py": b"x = 1"}))
    by_id = {s.id: s for s in discover([str(tmp_path / "a.zip")])[0]}
    assert by_id["anna"].source == b"" and by_id["anna"].notes[0]["kind"] == "archive-unreadable"
    assert by_id["bob"].source == b"x = 1"


def test_symbolic_links_inside_folders_are_not_followed(tmp_path):
    (tmp_path / "secret.py").write_text("x = 1")
    (tmp_path / "in" / "anna").mkdir(parents=True)
    (tmp_path / "in" / "anna" / "main.py").symlink_to(tmp_path / "secret.py")
    (tmp_path / "in" / "bob").symlink_to(tmp_path)
    (tmp_path / "in" / "carla.py").write_text("x = 2")
    assert [s.id for s in discover([str(tmp_path / "in")])[0]] == ["carla"]


# Names and dates -------------------------------------------------------------------------------
@pytest.mark.parametrize("stamp,iso", [("Mar 2, 2026 905 AM", "2026-03-02T09:05:00"),
                                       ("Mar 2, 2026 1205 PM", "2026-03-02T12:05:00"),
                                       ("Mar 2, 2026 12:05 AM", "2026-03-02T00:05:00"),
                                       ("Oct 10, 2025 1022 AM", "2025-10-10T10:22:00"),
                                       ("Sept 9, 2015 4:17 PM", "2015-09-09T16:17:00")])
def test_brightspace_times_are_parsed(stamp, iso):
    parts = brightspace.parse(f"1-2 - Anne - Marie de Vries - {stamp} - main.py")
    assert parts["name"] == "Anne - Marie de Vries" and brightspace.when(parts).isoformat() == iso


@pytest.mark.parametrize("entry,uid,name,late,file", [
    ("jansenanouk_101_9001_main.py", "101", "jansenanouk", None, "main.py"),
    ("bergdaanvander_LATE_102_9002_main_2_1.py", "102", "bergdaanvander", "LATE", "main_2_1.py"),
    ("o_brien_103_9003_main.py", "103", "o_brien", None, "main.py"),
    ("104_9004_main.py", "104", None, None, "main.py"),
])
def test_canvas_names(entry, uid, name, late, file):
    parts = canvas.parse(entry)
    assert (parts["uid"], parts["name"], parts["late"], parts["file"]) == (uid, name, late, file)


@pytest.mark.parametrize("entry,anon,late", [
    ("anon_def456_9005_main.py", "def456", None),
    # Canvas puts LATE before the id, anonymous or not (lib/content_zipper.rb, get_filename).
    ("LATE_anon_def456_9005_main.py", "def456", "LATE"),
    ("LATE_anon_def456_text.html", "def456", "LATE"),
    # Not what Canvas writes (README, Intake): not taken for a Canvas file.
    ("anon_LATE_def456_9005_main.py", None, None),
    ("anon_def456_LATE_9005_main.py", None, None),
    ("anon_LATE_55555_9005_main.py", None, None),  # a numeric id: LATE is no anonymous id
    ("anon_LATE_55555_text.html", None, None),
])
def test_canvas_anonymous_names(entry, anon, late):
    parts = canvas.parse(entry)
    assert (parts and (parts["anon"], parts["late"])) == ((anon, late) if anon else None)


@pytest.mark.parametrize("entry,name,pid,rest", [
    ("Anouk Jansen_1_assignsubmission_file", "Anouk Jansen", "1", None),
    ("Anouk Jansen_1_assignsubmission_file_", "Anouk Jansen", "1", ""),
    ("Anouk Jansen_1_assignsubmission_file_main_v2.py", "Anouk Jansen", "1", "main_v2.py"),
    ("Default group_assignsubmission_file", "Default group", None, None),
])
def test_moodle_names(entry, name, pid, rest):
    parts = moodle.parse(entry)
    assert (parts["name"], parts["pid"], parts["rest"]) == (name, pid, rest)


def test_blackboard_user_names_with_underscores_without_receipts(tmp_path):
    for user in ("s_1234", "s_5678", "jan_de_vries"):
        (tmp_path / f"Week_3_opdracht_{user}_attempt_2026-01-02-03-04-05_main.py").write_text("x = 1")
    assert [s.id for s in discover([str(tmp_path)])[0]] == ["jan_de_vries", "s_1234", "s_5678"]
    assert blackboard.parse("A_b_attempt_2026-01-02-03-04-05.txt")["receipt"] == ".txt"


def test_names_become_readable_ids():
    assert slug("Daan van der Berg") == "daan-van-der-berg" and slug("Zoë Çelik") == "zoe-celik"
    # Names in another script: "student" for each of them made their ids student, student-2... by their
    # order, so one student's report and gradebook row went to another when a name was added to the class.
    assert [slug(name) for name in ("李雷", "王伟", "Иван Петров", "Groß")] == ["李雷", "王伟", "иван-петров", "groß"]
    assert slug("🙂 --") == "student"


# Encodings and odd sources (the loader's decode and compile) ------------------------------------------
@pytest.mark.parametrize("data,text,notes", [
    (b"\xef\xbb\xbfx = 1\r\n", "x = 1\n", []),
    (b"x = 1\ry = 2\r", "x = 1\ny = 2\n", []),
    ("# café\nx = 1\n".encode("cp1252"), "# café\nx = 1\n", [{"kind": "decoded-cp1252"}]),
    ("# Zoë\nx = 1\n".encode("utf-16"), "# Zoë\nx = 1\n", [{"kind": "decoded-utf16"}]),
])
def test_decode(data, text, notes):
    assert decode(data) == (text, notes)


@pytest.mark.parametrize("data", [b"", b"   \n\t\n", b"# nog niet af\n  # echt niet\n", b"\xef\xbb\xbf\r\n"])
def test_empty_sources_are_empty(data):
    with pytest.raises(LoadFailure) as failure:
        decode(data)
    assert failure.value.problem.kind == "empty"


def test_a_tab_error_is_explained_in_plain_words_with_its_line():
    with pytest.raises(LoadFailure) as failure:
        compile_source("def f():\n    x = 1\n\treturn x\n")
    problem = failure.value.problem
    assert (problem.kind, problem.line, problem.source) == ("indentation", 3, "\treturn x")
    assert "tabs" in problem.detail and "spaces" in problem.detail  # the line is said beside it


@pytest.mark.parametrize("source", [[1, 2], [None], [["a"]], 7, {"a": 1}])
def test_a_notebook_cell_whose_source_is_not_text_makes_only_that_student_unreadable(tmp_path, source):
    import json

    (tmp_path / "anna.py").write_text("x = 1\n")
    (tmp_path / "bram.ipynb").write_text(json.dumps({"cells": [{"cell_type": "code", "source": source}],
                                                     "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert by_id["anna"].source == b"x = 1\n"
    assert by_id["bram"].source == b"" and by_id["bram"].notes[0]["kind"] == "notebook-unreadable"


def test_a_lone_surrogate_escape_in_a_notebook_is_kept_out(tmp_path):
    (tmp_path / "cas.ipynb").write_text('{"cells": [{"cell_type": "code", "source": "x = 1  # \\ud800\\n"}], '
                                        '"metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    submissions, _ = discover([str(tmp_path / "cas.ipynb")])
    assert submissions[0].source.startswith(b"x = 1  # ?")


def test_a_notebook_over_the_size_limit_says_so(tmp_path, monkeypatch):
    from grader.discover import choose

    monkeypatch.setattr(choose, "NOTEBOOK_LIMIT", 2**20)
    (tmp_path / "cas.ipynb").write_text('{"cells": [{"cell_type": "code", "source": "x = 1\\n", "outputs": '
                                        '[{"data": "' + "A" * 2**20 + '"}]}], "metadata": {}, "nbformat": 4}')
    submission = discover([str(tmp_path / "cas.ipynb")])[0][0]
    assert submission.source == b""
    assert [note["detail"] for note in submission.notes if note["kind"] == "notebook-unreadable"][0].startswith(
        "larger than 1 MiB")


def test_worksheets_whose_cells_are_not_a_list_are_no_notebook(tmp_path):
    (tmp_path / "dirk.ipynb").write_text('{"worksheets": [{"cells": 5}], "nbformat": 3}')
    (tmp_path / "eva.py").write_text("x = 1\n")
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert by_id["dirk"].source == b"" and by_id["eva"].source == b"x = 1\n"


def test_a_student_folder_with_too_many_files_costs_no_other_student(tmp_path, monkeypatch):
    from grader.discover import scan as files

    monkeypatch.setattr(files, "MAX_FOLDER_FILES", 5)
    (tmp_path / "aaa" / "data").mkdir(parents=True)
    (tmp_path / "aaa" / "main.py").write_text("x = 1\n")
    for number in range(20):
        (tmp_path / "aaa" / "data" / f"{number:02d}.txt").write_text("")
    for name in ("bob", "carol"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "main.py").write_text(f"naam = '{name}'\n")
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert sorted(by_id) == ["aaa", "bob", "carol"]
    assert [n for n in by_id["aaa"].notes if n["kind"] == "too-many-files"] == [
        {"kind": "too-many-files", "folder": "aaa", "limit": 5}]
    assert not any(n["kind"] == "too-many-files" for n in by_id["bob"].notes + by_id["carol"].notes)


def test_a_committed_virtual_environment_is_left_out_and_hides_no_main_py(tmp_path, monkeypatch):
    from grader.discover import scan as files

    monkeypatch.setattr(files, "MAX_FOLDER_FILES", 5)
    packages = tmp_path / "anouk" / "env" / "lib" / "python3.11" / "site-packages" / "pkg"
    packages.mkdir(parents=True)
    for number in range(20):
        (packages / f"m{number}.py").write_text(f"def f{number}():\n    pass\n")
    (tmp_path / "anouk" / "opdracht").mkdir()
    (tmp_path / "anouk" / "opdracht" / "main.py").write_text("x = 1\n")
    (tmp_path / "bram").mkdir()
    (tmp_path / "bram" / "main.py").write_text("x = 2\n")
    anouk = {s.id: s for s in discover([str(tmp_path)])[0]}["anouk"]
    assert anouk.graded_file == "opdracht/main.py" and anouk.source == b"x = 1\n"
    assert not any(n["kind"] == "too-many-files" for n in anouk.notes)


def test_a_folder_beyond_the_file_limit_is_refused_with_a_reason(tmp_path, monkeypatch):
    from grader.discover import scan as files

    monkeypatch.setattr(files, "MAX_FILES", 3)
    for number in range(5):
        (tmp_path / f"s{number}.py").write_text("x = 1\n")
    with pytest.raises(UsageError, match="more than 3 files"):
        discover([str(tmp_path)])


def test_an_export_is_opened_once_not_once_per_member(tmp_path, monkeypatch):
    import zipfile

    with zipfile.ZipFile(tmp_path / "export.zip", "w") as archive:
        for number in range(30):
            archive.writestr(f"s{number:02d}/main.py", f"x = {number}\n")
    opened = []
    real = zipfile.ZipFile

    def counting(*args, **kwargs):
        opened.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(zipfile, "ZipFile", counting)
    submissions, _ = discover([str(tmp_path / "export.zip")])
    assert [s.source for s in submissions][:2] == [b"x = 0\n", b"x = 1\n"] and len(submissions) == 30
    assert len(opened) == 1  # reading every member's bytes reuses the one open archive
