"""Hostile names and contents in a class folder: bounded work per file, no student merged into another or
sharing another's report."""

from __future__ import annotations

import os

import pytest

from grader.discover import discover, files, onlinetext, safe_name, scan
from grader.discover.files import FileRef, Tree
from grader.discover.layouts import blackboard
from grader.discover.model import Submission, unique

POSIX = pytest.mark.skipif(os.sep == "\\", reason="a backslash separates folders on Windows")


def ref(rel: str, data: bytes = b"x = 1\n") -> FileRef:
    return FileRef(rel, len(data), rel, lambda n: data[:n])


# Blackboard: only Blackboard's own receipt is read as one, in linear time ----------------------------
UPLOAD = "Opdracht 3_bob_attempt_2026-03-02-12-05-00_notes_attempt_2020-01-01-01-01-01.txt"


def test_an_uploaded_file_named_like_a_receipt_is_a_file_of_its_attempt(tmp_path):
    parts = blackboard.parse(UPLOAD)
    assert (parts["prefix"], parts["file"], parts["receipt"]) == (
        "Opdracht 3_bob", "notes_attempt_2020-01-01-01-01-01.txt", None)
    for user, name in (("ajansen", "Anouk Jansen"), ("bob", "Bob de Boer")):
        (tmp_path / f"Opdracht 3_{user}_attempt_2026-03-02-12-05-00.txt").write_text(f"Name: {name} ({user})\n")
        (tmp_path / f"Opdracht 3_{user}_attempt_2026-03-02-12-05-00_main.py").write_text(f"naam = '{user}'\n")
    (tmp_path / UPLOAD).write_text("Name: Iemand Anders (bob)\n")
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert sorted(by_id) == ["ajansen", "bob"]  # no student made of the upload's name
    assert by_id["bob"].name == "Bob de Boer" and by_id["bob"].graded_file == "main.py"
    assert by_id["bob"].ignored_files == ["notes_attempt_2020-01-01-01-01-01.txt"]


@pytest.mark.timeout(60)  # the backtracking pattern this replaced took hours on such a receipt
def test_a_receipt_is_read_in_time_linear_in_its_size():
    hostile = b"Name:" + b" " * blackboard.RECEIPT_LIMIT + b"x\n"
    assert blackboard._receipt(ref("r.txt", hostile)) is None
    assert blackboard._receipt(ref("r.txt", b"Name:" + b" (" * (blackboard.RECEIPT_LIMIT // 2))) is None
    receipt = b"Name: Anouk (Nouk) Jansen  (ajansen) \r\nAssignment: Opdracht 3\r\n"
    assert blackboard._receipt(ref("r.txt", receipt)) == ("Anouk (Nouk) Jansen", "ajansen")
    assert blackboard._receipt(ref("r.txt", b"Assignment: x\n  Name:Bob(bob)\n")) == ("Bob", "bob")
    assert blackboard._receipt(ref("r.txt", b"Name: Bob ()\nName: Bob (b)ob)\n")) is None


# Online text: any page is read in linear time ----------------------------------------------------------
HOSTILE_PAGES = ["<a ", "<a '", "</a ", "<!--", "<!", "<?", "<a\t", "<script>", "&", "<p>&#", "<a b='>'"]


@pytest.mark.timeout(60)  # html.parser took over an hour on the first of these
@pytest.mark.parametrize("unit", HOSTILE_PAGES)
def test_online_text_is_read_in_time_linear_in_its_size(unit):
    page = (unit * (files.READ_LIMIT // len(unit))).encode()
    text = onlinetext.to_text(page)
    assert isinstance(text, bytes) and len(text) <= 4 * len(page) + 1


@pytest.mark.parametrize("page,text", [
    ("<p>if a &lt; b:</p><p>&nbsp;&nbsp;&nbsp; pass</p>", "if a < b:\n    pass\n"),
    ("<div>x = 1<br/>y = 2</div>", "x = 1\ny = 2\n"),
    ("<HTML><HEAD><TITLE>t</TITLE><STYLE>p {}</STYLE></HEAD><BODY><P>x</P></BODY></HTML>", "x\n"),
    ("<script>if (a<b) {}</script><pre>z = 3</pre>", "z = 3\n"),
    ("<!-- <p>niet</p> --><p>ja</p>", "ja\n"),
    ("<p title='a > b' class=\"c>d\">code</p>", "code\n"),
    ("x = 1 < 2\n<unfinished", "x = 1 < 2\n<unfinished\n"),
    ("<ul><li>a</li><li>b</li></ul>", "a\nb\n"),
    ("a &amp;&amp; b &#x41; &eacute;", "a && b A é\n"),
])
def test_online_text_pages_as_editors_write_them(page, text):
    assert onlinetext.to_text(page.encode()).decode() == text


# Folder names: every entry on disk is its own student ------------------------------------------------
@POSIX
def test_a_backslash_in_a_name_on_disk_is_part_of_that_name(tmp_path):
    for folder, name, code in (("anouk", "Main.py", "eigen = 1\n"), ("anouk\\extra", "main.py", "ander = 2\n"),
                               ("bram", "main.py", "bram = 3\n")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / name).write_text(code)
    (tmp_path / "anouk\\main.py").write_text("los = 4\n")
    (tmp_path / "c:").mkdir()  # not a drive on POSIX: a student like any other
    (tmp_path / "c:" / "main.py").write_text("c = 5\n")
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert sorted(by_id) == ["anouk", "anouk\\extra", "anouk\\main", "bram", "c:"]
    assert by_id["anouk"].source == b"eigen = 1\n" and by_id["anouk"].graded_file == "Main.py"
    assert by_id["anouk"].ignored_files == [] and by_id["anouk\\extra"].source == b"ander = 2\n"
    assert by_id["anouk\\main"].source == b"los = 4\n" and by_id["c:"].source == b"c = 5\n"
    assert len({safe_name(student_id) for student_id in by_id}) == 5


@POSIX
def test_a_backslash_is_a_separator_only_where_it_merges_no_entries(tmp_path):
    # An archive made on Windows and unpacked as it was: "daan\\opdracht\\main.py" is daan's folder.
    (tmp_path / "daan\\opdracht\\main.py").write_text("x = 1\n")
    (tmp_path / "eva").mkdir()
    (tmp_path / "eva" / "src\\main.py").write_text("y = 2\n")
    (tmp_path / "fien\\a.py").write_text("a = 3\n")  # two entries naming one folder: two students
    (tmp_path / "fien\\b.py").write_text("b = 4\n")
    by_id = {s.id: s for s in discover([str(tmp_path)])[0]}
    assert sorted(by_id) == ["daan", "eva", "fien\\a", "fien\\b"]
    assert by_id["daan"].graded_file == "opdracht/main.py" and by_id["eva"].graded_file == "src/main.py"


# Archives: wrapping folders are dropped in one pass --------------------------------------------------
def test_unwrapping_renames_each_file_once_whatever_the_depth(monkeypatch):
    renamed = []
    real = FileRef.under
    monkeypatch.setattr(FileRef, "under", lambda self, rel: renamed.append(rel) or real(self, rel))
    deep = "a/" * 200
    tree = Tree("export", "x.zip", [ref(f"{deep}s{n}/main.py") for n in range(5)], {deep + "s1"})
    inner = tree.unwrap(keep_name=True)
    assert len(renamed) == 5  # once per file, not once per file and folder level
    assert [f.rel for f in inner.files][:2] == ["s0/main.py", "s1/main.py"] and inner.git_dirs == {"s1"}
    assert (inner.root_name, inner.wrapper, inner.origin) == ("export", "a", "x.zip/" + deep[:-1])


@pytest.mark.parametrize("rels,full,kept,wrapper", [
    (["k/a/main.py", "k/b/main.py"], True, ["a/main.py", "b/main.py"], "k"),
    (["k/a/main.py", "k/b/main.py"], False, ["a/main.py", "b/main.py"], "k"),
    (["anna/src/main.py"], False, ["anna/src/main.py"], None),
    (["anna/src/main.py"], True, ["main.py"], "src"),
    (["k/l/a.py", "k/l/b.py"], False, ["k/l/a.py", "k/l/b.py"], None),
    (["bob/solution.py", "bob/old.py"], False, ["bob/old.py", "bob/solution.py"], None),  # one student's folder
    (["k/a/main.py", "k/notes.txt"], False, ["a/main.py", "notes.txt"], "k"),
    (["k/l", "k/l/m.py"], True, ["l", "l/m.py"], "k"),
    (["k/lm.py", "k/l/m.py"], True, ["l/m.py", "lm.py"], "k"),
    (["main.py", "k/x.py"], True, ["k/x.py", "main.py"], None),
])
def test_unwrapping_drops_whole_folders_only(rels, full, kept, wrapper):
    inner = Tree("root", "o", [ref(rel) for rel in rels]).unwrap(full=full)
    assert (sorted(f.rel for f in inner.files), inner.wrapper) == (kept, wrapper)
    assert inner.root_name == (wrapper or "root")


# Report file names: distinct for distinct ids ----------------------------------------------------------
@pytest.mark.parametrize("student_id", ["ABC", "Émile", "CON", "a" * 100, "anouk\\extra"])
def test_no_plain_id_has_the_report_name_of_another(student_id):
    hashed = safe_name(student_id)
    assert hashed != student_id and safe_name(hashed) != hashed


def test_a_student_named_like_another_students_report_gets_a_report_of_its_own(tmp_path):
    (tmp_path / "ABC.py").write_text("a = 1\n")
    (tmp_path / f"{safe_name('ABC')}.py").write_text("b = 2\n")
    ids = [s.id for s in discover([str(tmp_path)])[0]]
    assert len(ids) == 2 and len({safe_name(student_id) for student_id in ids}) == 2


def test_two_ids_whose_short_hashes_agree_still_get_two_reports():
    # Case variants of one name whose sha256 share their first 8 hex digits (found by trying them all).
    first, second = "ANouKJAnseNabcDEfghijk", "anoUkjaNSENabCDEFghijk"
    assert safe_name(first) == safe_name(second)
    submissions = unique([Submission(first, "a.py", b"", ""), Submission(second, "b.py", b"", "")])
    assert submissions[0].id == first and submissions[1].id == f"{second}-2"
    assert safe_name(submissions[0].id) != safe_name(submissions[1].id)
    assert submissions[1].notes == [{"kind": "renamed-id", "from": second}]


def test_a_member_name_repeated_in_a_zip_keeps_the_later_member(tmp_path):
    import warnings
    import zipfile

    from grader.discover import archives

    path = tmp_path / "export.zip"
    with warnings.catch_warnings(), zipfile.ZipFile(path, "w") as archive:
        warnings.simplefilter("ignore")  # zipfile warns about the duplicate names on purpose here
        for n in range(3000):
            archive.writestr(f"s{n}/main.py", b"old")
        for n in range(3000):
            archive.writestr(f"s{n}/main.py", f"new {n}".encode())
    tree = archives.open_path(path)
    assert len(tree.files) == 3000
    assert {ref.rel: ref.read(100) for ref in tree.files}["s7/main.py"] == b"new 7"
    # ... and says so: the graded file was one of several members of that name.
    submission = next(s for s in discover([str(path)])[0] if s.id == "s7")
    assert {"kind": "duplicate-member", "file": "main.py", "count": 2} in submission.notes


def test_a_repeated_member_name_is_a_note_in_the_students_report(tmp_path):
    import warnings
    import zipfile

    from grader.reports import feedback, markdown

    path = tmp_path / "anouk.zip"
    with warnings.catch_warnings(), zipfile.ZipFile(path, "w") as archive:
        warnings.simplefilter("ignore")
        archive.writestr("main.py", b"x = 1\n")
        archive.writestr("main.py", b"x = 2\n")
    [submission], _ = discover([str(path)])
    assert submission.source == b"x = 2\n"
    result = {"id": submission.id, "score": 0, "max_score": 3, "status": "load-error", "checkpoints": {},
              "load": {"problem": None, "notes": submission.notes, "output": ""}}
    view = feedback.build(result)
    for lang, words in (("nl", "2 bestanden met de naam"), ("en", "2 files named")):
        assert words in markdown.render_feedback(view, lang)


def test_a_damaged_member_of_a_students_zip_is_that_students_problem_only(tmp_path):
    import io
    import zipfile

    from conftest import SOLUTIONS

    source = (SOLUTIONS / "reference" / "main.py").read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("main.py", source)
    data = bytearray(buffer.getvalue())
    for at in range(37, 77):  # inside the deflate stream, after the local header
        data[at] ^= 0xFF
    (tmp_path / "anouk").mkdir()
    (tmp_path / "anouk" / "hand-in.zip").write_bytes(bytes(data))
    (tmp_path / "bram").mkdir()
    (tmp_path / "bram" / "main.py").write_bytes(source)
    submissions, _ = discover([str(tmp_path)])
    assert sorted(s.id for s in submissions) == ["anouk", "bram"]
    anouk = next(s for s in submissions if s.id == "anouk")
    assert not anouk.source and any("unreadable" in note["kind"] for note in anouk.notes), anouk.notes


def test_a_zip_with_a_huge_central_directory_is_refused_before_it_is_read(tmp_path):
    import zipfile

    from grader.discover import archives

    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for n in range(archives.MAX_MEMBERS + 1):
            archive.writestr(f"s{n}.py", b"")
    with open(path, "rb") as head:
        assert archives.claimed_members(head) == archives.MAX_MEMBERS + 1
    with pytest.raises(archives.ArchiveError, match="members"):
        archives.open_path(path)
    small = tmp_path / "small.zip"
    with zipfile.ZipFile(small, "w") as archive:
        archive.writestr("anna/" + "x" * 200 + ".py", b"x = 1\n")
    with open(small, "rb") as head:
        assert archives.claimed_members(head) == 1


def _encrypted_zip(path, members: dict) -> None:
    """A zip whose members are marked encrypted (flag bit 0), as a password-protected export is
    (zipfile writes no encryption: the bit is set in the local and central headers afterwards)."""
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    data = bytearray(buffer.getvalue())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.find(signature)
        while at >= 0:
            data[at + offset] |= 0x1
            at = data.find(signature, at + 4)
    path.write_bytes(bytes(data))


def test_a_password_protected_class_zip_is_refused_not_graded_as_empty(tmp_path):
    from grader.discover import archives

    _encrypted_zip(tmp_path / "export.zip", {"anna/main.py": b"x = 1\n", "bram/main.py": b"x = 2\n"})
    with pytest.raises(archives.ArchiveError, match="password") as error:
        archives.open_path(tmp_path / "export.zip")
    assert error.value.nl.endswith("opnieuw zonder wachtwoord")  # the Dutch sentence lacked its last word


def test_a_password_protected_student_zip_says_so_in_that_students_notes(tmp_path):
    (tmp_path / "anouk").mkdir()
    _encrypted_zip(tmp_path / "anouk" / "hand-in.zip", {"main.py": b"x = 1\n"})
    (tmp_path / "bram").mkdir()
    (tmp_path / "bram" / "main.py").write_bytes(b"x = 1\n")
    submissions, _ = discover([str(tmp_path)])
    anouk = next(s for s in submissions if s.id == "anouk")
    assert not anouk.source and "password-protected" in str(anouk.notes), anouk.notes


@pytest.mark.parametrize("wrapper", ["", "export/"])
def test_two_folders_equal_only_after_normalisation_stay_two_students_in_a_zip(tmp_path, wrapper):
    import zipfile

    with zipfile.ZipFile(tmp_path / "class.zip", "w") as archive:
        archive.writestr(f"{wrapper}Jose\u0301/main.py", b"x = 'decomposed'\n")
        archive.writestr(f"{wrapper}Jos\u00e9/main.py", b"x = 'composed'\n")
        archive.writestr(f"{wrapper}bob/main.py", b"x = 'bob'\n")
    by_id = {s.id: s.source for s in discover([str(tmp_path / "class.zip")])[0]}
    assert by_id == {"Jos\u00e9": b"x = 'decomposed'\n", "Jos\u00e9-2": b"x = 'composed'\n", "bob": b"x = 'bob'\n"}


@pytest.mark.parametrize("char", ["\u200b", "\u200d", "\u2060", "\u2028", "\u00ad", "\ufeff", "\U000e0041", "\u061c",
                                  "\ufe0f", "\u3164", "\u034f", "\u180b", "\uffa0", "\U0001d173"])
def test_a_folder_name_with_invisible_characters_does_not_look_like_another_student_on_the_terminal(char):
    # "anna" and "anna" + a zero-width space (or a tag character, a word joiner...) are two students; the
    # terminal's table must not show them alike (the reports show such characters as escapes too).
    from grader import terminal
    for lines in (True, False):
        shown = terminal.printable(f"anna{char}", lines)
        assert shown != "anna" and char not in shown


def test_a_member_name_of_thousands_of_folders_costs_memory_linear_in_its_length():
    # One member "a/a/.../main.py" in a student's zip (a member name may be 64 KiB): keeping every
    # prefix of it as a path of its own took memory quadratic in its depth (gigabytes for one name),
    # and the whole class's run died in discovery.
    import tracemalloc

    deep = "a/" * 6000 + "main.py"
    names = [f"{folder}/{deep}" for folder in ("x", "y")] + ["x/" + "a/" * 5999 + "other.py"]
    tracemalloc.start()
    try:
        rels = files.distinct_rels(names)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert rels == {name: name for name in names}
    assert peak < 8 * 2**20, f"{peak / 2**20:.0f} MiB for three names of 12 KiB"



def test_a_notebook_with_more_code_than_the_loader_takes_is_not_parsed(monkeypatch):
    # Python's parser takes about 1.5 KiB of memory per byte of source: a notebook of 16 MiB whose one cell
    # is "a" on 8 million lines (and a %magic, so the cell is parsed) took 19 GiB while the class was read.
    # Code the loader refuses as too large anyway is joined as it is, never parsed.
    import ast
    import json

    from grader.discover import notebooks
    from grader.sandbox import loader

    assert notebooks.MAX_CODE == loader.MAX_SOURCE_BYTES
    parsed = []
    monkeypatch.setattr(ast, "parse", lambda source, *a, **k: parsed.append(len(source)))
    cell = "a\n" * (loader.MAX_SOURCE_BYTES // 2) + "%time x"
    source, note = notebooks.to_python(json.dumps({"cells": [{"cell_type": "code", "source": cell}]}).encode())
    assert not parsed and len(source) > loader.MAX_SOURCE_BYTES
    assert source.count(b"\n") == cell.count("\n") + 1 and note["cells"] == [[1, 1, cell.count("\n") + 1]]
    notebooks.to_python(json.dumps({"cells": [{"cell_type": "code", "source": "%time x"}]}).encode())
    assert parsed == [len("%time x")]  # a notebook of a usual size is still parsed


@pytest.mark.parametrize("wrapper", ["export", "hw-submissions"])
def test_the_file_limit_of_a_student_folder_holds_per_student_inside_a_wrapping_folder(tmp_path, monkeypatch, wrapper):
    # A class folder inside one folder (an unpacked archive, gh classroom's <assignment>-submissions): the
    # limit counted the wrapping folder, so one student's data folder took every student after them.
    monkeypatch.setattr(scan, "MAX_FOLDER_FILES", 5)
    root = tmp_path / wrapper
    (root / "hw-aaa" / "data").mkdir(parents=True)
    for number in range(20):
        (root / "hw-aaa" / "data" / f"{number:02d}.txt").write_text("")
    for name in ("hw-aaa", "hw-bob", "hw-carol"):
        (root / name).mkdir(exist_ok=True)
        (root / name / "main.py").write_text(f"naam = '{name}'\n")
    for number in range(8):  # loose files of an export: each one a student, none counted against another
        (root / f"dirk{number}.py").write_text("x = 1\n")
    by_id = {s.id.removeprefix("hw-"): s for s in discover([str(tmp_path)])[0]}
    assert {"aaa", "bob", "carol"} <= set(by_id) and len(by_id) == 11
    assert [n for n in by_id["aaa"].notes if n["kind"] == "too-many-files"] == [
        {"kind": "too-many-files", "folder": os.path.join(wrapper, "hw-aaa"), "limit": 5}]
    assert not any(n["kind"] == "too-many-files" for s in by_id.values() if s is not by_id["aaa"] for n in s.notes)


def test_the_file_limit_of_one_students_own_folder_counts_that_whole_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(scan, "MAX_FOLDER_FILES", 5)
    for folder in ("data", "more"):
        (tmp_path / "anouk" / folder).mkdir(parents=True)
        for number in range(20):
            (tmp_path / "anouk" / folder / f"{number:02d}.txt").write_text("")
    (tmp_path / "anouk" / "main.py").write_text("x = 1\n")
    [anouk], _ = discover([str(tmp_path)])
    assert anouk.source == b"x = 1\n" and len(anouk.ignored_files) == 4
    assert [n for n in anouk.notes if n["kind"] == "too-many-files"] == [
        {"kind": "too-many-files", "folder": "anouk", "limit": 5}]


def test_a_zip64_record_cannot_hide_a_huge_central_directory_behind_a_small_end_record(tmp_path):
    # zipfile takes the count and size of the zip64 end record when one is there: an end record that
    # claimed 5 members let zipfile read (and keep) 70,000 entries before the archive was refused.
    import zipfile

    from grader.discover import archives

    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for n in range(0x10000):  # more than 65,535: zipfile writes zip64 end records
            archive.writestr(f"{n}", b"")
    data = bytearray(path.read_bytes())
    at = data.rfind(b"PK\x05\x06")
    data[at + 8:at + 16] = (5).to_bytes(2, "little") * 2 + (300).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    with open(path, "rb") as head:
        assert archives.claimed_members(head) > archives.MAX_MEMBERS
