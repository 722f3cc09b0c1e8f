"""Stored results: reused only for the same bytes and settings, never with another student's identity."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from conftest import SOLUTIONS, run_grade
from grader import signing
from grader.reports import jsonreport

SOURCE = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_bytes()


def results_by_id(out) -> dict:
    return {entry["id"]: entry for entry in jsonreport.read(out / "results.json")["submissions"]}


def test_identical_bytes_keep_their_own_identity_on_a_rerun(tmp_path):
    folder = tmp_path / "export"
    for name in ("Anna de Vries_1001_assignsubmission_file", "Bob Jansen_1002_assignsubmission_file"):
        (folder / name).mkdir(parents=True)
        (folder / name / "main.py").write_bytes(SOURCE)
    out = tmp_path / "out"
    for _ in range(2):  # the second run takes both results from the store
        done = run_grade(str(folder), "--out", str(out), "--quiet")
        assert done.returncode == 0, done.stderr
        results = results_by_id(out)
        assert {entry["name"] for entry in results.values()} == {"Anna de Vries", "Bob Jansen"}
        assert all(entry["score"] == 3 for entry in results.values())


def test_a_changed_file_is_regraded_and_force_regrades_all(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna.py").write_bytes(SOURCE)
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    (folder / "anna.py").write_bytes(SOURCE.replace(b"def validate_ticket_proposal", b"def old_validate", 1))
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    assert results_by_id(out)["anna"]["checkpoints"]["1"]["passed"] is False
    cached = (out / "results.json").read_text()
    assert run_grade(str(folder), "--out", str(out), "--quiet", "--force").returncode == 0
    assert json.loads(cached)["submissions"][0]["score"] == results_by_id(out)["anna"]["score"]


def snapshot(out) -> dict:
    """{relative path: (mtime_ns, bytes)} of every output file (the cache folder left out)."""
    return {str(p.relative_to(out)): (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(out.rglob("*"))
            if p.is_file() and ".cache" not in p.parts}


def test_an_unchanged_rerun_writes_nothing_and_a_change_rewrites_what_it_touches(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna.py").write_bytes(SOURCE)
    (folder / "bram.py").write_bytes(SOURCE.replace(b"def validate_ticket_proposal", b"def old_validate", 1))
    (folder / "carla.py").write_bytes(SOURCE + b"\n# carla\n")
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    first = snapshot(out)
    assert {"results.json", "index.html", "gradebook.csv", "feedback/anna.html", "feedback/bram.md"} <= set(first)
    again = run_grade(str(folder), "--out", str(out), "--quiet")
    # Reused by content: "ongewijzigd sinds een eerdere beoordeling" was untrue of a file edited to equal another's.
    assert again.returncode == 0 and "3 van de 3 inzendingen met een inhoud die al eerder beoordeeld is" in again.stdout
    assert snapshot(out) == first                                   # identical, not even rewritten
    (out / "feedback" / "carla.md").unlink()                        # a deleted report comes back
    (folder / "bram.py").write_bytes(SOURCE + b"\n# fixed\n")       # a changed file is regraded
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    third = snapshot(out)
    assert third["feedback/anna.html"] == first["feedback/anna.html"]   # untouched: not rewritten
    assert third["feedback/carla.md"][1] == first["feedback/carla.md"][1]
    assert third["feedback/bram.html"] != first["feedback/bram.html"]
    assert results_by_id(out)["bram"]["score"] == 3 and third["index.html"] != first["index.html"]
    assert run_grade(str(folder), "--out", str(out), "--quiet", "--lang", "en").returncode == 0
    assert "Feedback on your submission" in (out / "feedback" / "anna.md").read_text(encoding="utf-8")


def test_a_run_that_dies_leaves_no_stamp_that_vouches_for_its_reports(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna.py").write_bytes(SOURCE)
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    stamps = out / ".cache" / "reports.json"
    assert json.loads(signing.verified(stamps))["submissions"]["anna"]["summary"]["score"] == 3
    from grader.stamps import ReportStamps
    ReportStamps(stamps, tuple(json.loads(signing.verified(stamps))["parts"]))  # what a starting run does
    assert not stamps.exists()


def test_a_self_check_into_a_class_folder_leaves_the_class_outputs_alone(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna.py").write_bytes(SOURCE)
    (folder / "bram.py").write_bytes(SOURCE + b"\n# bram\n")
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    before = snapshot(out)
    alone = run_grade(str(folder / "anna.py"), "--out", str(out))
    assert alone.returncode == 0
    assert set(results_by_id(out)) == {"anna", "bram"}                    # not replaced by the self-check
    assert f"({out / 'results.json'} is van een klas en blijft zoals het was" in alone.stdout  # and it says so
    assert {name: before[name] for name in ("results.json", "index.html", "gradebook.csv")} == \
        {name: snapshot(out)[name] for name in ("results.json", "index.html", "gradebook.csv")}
    after_self_check = snapshot(out)
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    rerun = snapshot(out)
    assert {k: v for k, v in rerun.items() if "anna" not in k} == \
        {k: v for k, v in after_self_check.items() if "anna" not in k}   # the class's stamps survived
    assert rerun["feedback/anna.html"][1] == before["feedback/anna.html"][1]  # rewritten: the self-check wrote it


def test_a_deleted_or_edited_class_output_is_written_again(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("anna", "bram", "carla"):
        (folder / f"{name}.py").write_bytes(SOURCE + f"\n# {name}\n".encode())
    out = tmp_path / "out"
    options = ("--quiet", "--format", "gradescope", "--gradebook", "canvas")
    assert run_grade(str(folder), "--out", str(out), *options).returncode == 0
    first = snapshot(out)
    for name in ("gradescope/bram.json", "similarity.html", "gradebook-canvas.csv"):
        (out / name).unlink()
    (out / "index.html").write_text("edited", encoding="utf-8")
    assert run_grade(str(folder), "--out", str(out), *options).returncode == 0
    again = snapshot(out)
    for name in ("gradescope/bram.json", "similarity.html", "gradebook-canvas.csv"):
        assert again[name][1] == first[name][1], name
    assert again["index.html"][1].startswith(b"<!DOCTYPE html>")          # not left as edited
    assert again["feedback/anna.html"] == first["feedback/anna.html"]   # the students' reports were current


@pytest.mark.parametrize("cappable", [True, False], ids=["cpu-limit", "wall-clock"])
def test_a_result_decided_by_the_wall_clock_is_graded_again_next_run(tmp_path, monkeypatch, cappable):
    # A long C call cannot be interrupted by the child's own CPU timer. Where the parent can lower the
    # child's CPU limit (Linux), the kernel ends it after one more check's CPU time: decided by CPU time,
    # reused. Elsewhere the child is killed on the wall clock, which depends on how busy the machine is,
    # so that result is not reused. A plain endless loop runs out of its CPU budget and is reused.
    from grader import cli, isolation

    if cappable and not (os.path.exists("/proc/self/stat") and hasattr(isolation.resource, "prlimit")):
        pytest.skip("Linux: /proc and prlimit")
    if not cappable:
        monkeypatch.setattr(isolation.Child, "cap_cpu", lambda self, seconds: False)
    text = SOURCE.decode("utf-8")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "c_call.py").write_text(text + "\n\ndef proposal_fingerprint(p):\n    return str(sum(range(10**11)))\n")
    (folder / "loop.py").write_text(text + "\n\ndef proposal_fingerprint(p):\n    while True:\n        pass\n")
    out = tmp_path / "out"
    assert cli.main([str(folder), "--out", str(out), "--quiet", "--timeout", "0.5"]) == cli.EXIT_OK
    results = results_by_id(out)
    assert results["c_call"]["checkpoints"]["2"]["passed"] is False and results["loop"]["score"] == 1
    stamped = json.loads(signing.verified(out / ".cache" / "reports.json"))
    assert "loop" in stamped["submissions"] and ("c_call" in stamped["submissions"]) is cappable
    if not cappable:
        assert stamped["class"] is None                                 # so the class outputs are written again


def test_damaged_cache_or_stamps_mean_grading_again_never_a_crash_or_a_bare_result(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna.py").write_bytes(SOURCE)
    (folder / "bram.py").write_bytes(SOURCE.replace(b"def validate_ticket_proposal", b"def old_validate", 1))
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    cache = out / ".cache"
    catalogue = next(cache.glob("checks-*.json"))
    damaged = json.loads(signing.verified(catalogue))
    damaged["checks"][next(iter(damaged["checks"]))] = None
    catalogue.write_text(json.dumps(damaged), encoding="utf-8")
    assert run_grade(str(folder), "--out", str(out), "--quiet", "--force").returncode == 0
    assert results_by_id(out)["bram"]["checkpoints"]["1"]["checks"][0]["message"]   # readable, full records
    for entry in cache.glob("??/*.json"):                                         # entries gone, stamps kept
        entry.unlink()
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    assert all(part["checks"] for part in results_by_id(out)["bram"]["checkpoints"].values())
    stamps = json.loads(signing.verified(cache / "reports.json"))
    stamps["checks"] = [1]
    stamps["submissions"]["anna"]["summary"]["score"] = "three"
    (cache / "reports.json").write_text(json.dumps(stamps), encoding="utf-8")
    done = run_grade(str(folder), "--out", str(out), "--quiet")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert {i: r["score"] for i, r in results_by_id(out).items()} == {"anna": 3, "bram": 0}


def test_an_altered_cache_entry_is_graded_again_even_while_the_reports_are_current(tmp_path):
    # Its reports' stamp still matches, but the entry results.json is written from no longer verifies.
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna.py").write_bytes(SOURCE)
    (folder / "bram.py").write_bytes(SOURCE + b"\n# bram\n")
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    for entry in (out / ".cache").glob("??/*.json"):
        entry.write_bytes(entry.read_bytes() + b"x")  # one byte more: no longer signed
    (folder / "cas.py").write_bytes(SOURCE + b"\n# cas\n")  # a new student: results.json is written again
    done = run_grade(str(folder), "--out", str(out))
    assert done.returncode == 0 and "Traceback" not in done.stderr
    results = results_by_id(out)
    assert all(part["checks"] for result in results.values() for part in result["checkpoints"].values())
    assert {i: r["score"] for i, r in results.items()} == {"anna": 3, "bram": 3, "cas": 3}


def test_a_cache_entry_planted_in_the_output_folder_is_never_taken_for_a_result(tmp_path):
    # A student's repository may hold reports/.cache: a well-formed entry that says 3/3 for a
    # failing main.py (its key can be worked out) must not decide the self-check's verdict.
    import shutil

    from grader import __version__
    from grader.results import battery_version, grader_version
    from grader.runner import CHECKS_DIR

    good, wrong = tmp_path / "good", tmp_path / "wrong"
    good.mkdir()
    wrong.mkdir()
    (good / "main.py").write_bytes(SOURCE)
    assert run_grade("main.py", cwd=good).returncode == 0
    source = SOURCE.replace(b"def validate_ticket_proposal", b"def old_validate", 1)
    (wrong / "main.py").write_bytes(source)
    shutil.copytree(good / "reports", wrong / "reports")
    old_sha, new_sha = hashlib.sha256(SOURCE).hexdigest(), hashlib.sha256(source).hexdigest()
    parts = (__version__, grader_version(), battery_version(CHECKS_DIR), "nl", "10")
    key = hashlib.sha256("\0".join((new_sha, ".py", *parts)).encode()).hexdigest()
    [entry] = (good / "reports" / ".cache").glob("??/*.json")
    forged = signing.verified(entry).replace(old_sha, new_sha)   # a 3/3 entry, at the failing file's key
    (wrong / "reports" / ".cache" / key[:2]).mkdir(exist_ok=True)
    for text in (forged, forged + signing.TRAILER + "0" * 64 + "\n"):  # unsigned, and with a made-up signature
        (wrong / "reports" / ".cache" / key[:2] / f"{key}.json").write_text(text, encoding="utf-8")
        done = run_grade("main.py", cwd=wrong)
        assert done.returncode == 1 and "Score: 3/3" not in done.stdout, done.stdout


def test_the_same_bytes_as_a_notebook_and_as_a_py_file_are_graded_each_as_what_they_are(tmp_path):
    notebook = json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "source": SOURCE.decode("utf-8"),
                                      "outputs": [], "execution_count": None}],
                           "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode("utf-8")
    folder = tmp_path / "in"
    (folder / "anouk").mkdir(parents=True)
    (folder / "anouk" / "main.ipynb").write_bytes(notebook)
    out = tmp_path / "out"
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    (folder / "bram").mkdir()
    (folder / "bram" / "main.py").write_bytes(notebook)  # the same bytes, as Python: JSON text, no functions
    assert run_grade(str(folder), "--out", str(out), "--quiet").returncode == 0
    scores = {i: r["score"] for i, r in results_by_id(out).items()}
    assert scores == {"anouk": 3, "bram": 0}


def test_the_same_html_bytes_as_online_text_and_as_a_file_named_on_the_command_line_are_two_entries(tmp_path):
    # Online text (text.html in an export) is turned into its visible text; a page named on the command
    # line (grade page.html) is graded as it is. Both end in .html: the 3/3 of the online text was
    # reused for the page, which alone does not even load.
    from grader.cache import ResultCache
    from grader.discover import Submission

    page = b"<p>x = 1</p>"
    digest = hashlib.sha256(page).hexdigest()
    text = Submission("anna", "export!/anna_1_2_text.html", b"x = 1\n", digest, [{"kind": "online-text"}],
                      layout="canvas", graded_file="text.html")
    named = Submission("page", "page.html", page, digest, layout="file", graded_file="page.html")
    cache = ResultCache(tmp_path, ("0.1.0", "g", "b", "nl", "10"))
    assert cache.key(text) != cache.key(named)


def test_the_battery_version_changes_with_any_file_of_an_instructors_checks_folder(tmp_path):
    from grader.results import battery_version

    (tmp_path / "test_extra.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "cases.json").write_text("[1]", encoding="utf-8")
    before = battery_version(tmp_path)
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "test_extra.pyc").write_bytes(b"compiled")
    assert battery_version(tmp_path) == before                 # bytecode is not the battery
    (tmp_path / "data" / "cases.json").write_text("[2]", encoding="utf-8")
    assert battery_version(tmp_path) != before                 # a data file the checks read is


def test_a_signed_entry_moved_to_another_key_is_not_that_keys_result(tmp_path):
    # Every part of a key is public: a signed entry renamed to the name it would have under other
    # settings (another time limit, a newer battery) must not count for them.
    import shutil

    from grader.cache import ResultCache
    from grader.discover import Submission
    from test_reports import result

    submission = Submission("anna", "anna.py", SOURCE, hashlib.sha256(SOURCE).hexdigest())
    old = ResultCache(tmp_path, ("0.1.0", "g", "b", "nl", "10"))
    graded = {**result(), "id": "anna", "sha256": submission.sha256}
    old.put(submission, graded)
    assert old.entry(submission) is not None
    new = ResultCache(tmp_path, ("0.1.0", "g", "b", "nl", "0.5"))
    moved = new._path(submission)
    moved.parent.mkdir(exist_ok=True)
    shutil.copy(old._path(submission), moved)
    shutil.copy(old.catalogue_path, new.catalogue_path)
    again = ResultCache(tmp_path, ("0.1.0", "g", "b", "nl", "0.5"))
    assert again.entry(submission) is None and again.catalogue == {}


def test_a_grading_child_zeroes_the_signing_key_it_inherited(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(signing, "_key", None)
    held = signing.key()
    stored = bytes(held)
    assert len(stored) == 32 and any(stored)
    signing.forget_key()
    assert held == bytearray(32)  # the very object a signer used is zeroed, not only dropped
    assert signing.key() == stored  # read again from the key file when the grader itself needs it
