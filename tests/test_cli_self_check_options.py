"""A self-check (one file) writes no class outputs: the options that only choose those say they are left unused."""

from __future__ import annotations

import pytest

from conftest import run_grade


@pytest.mark.parametrize("lang, said", [
    ("nl", "grade: --gradebook, --reference en --no-similarity gelden alleen voor een map met inzendingen (de "
           "klasuitvoer); bij één bestand worden ze niet gebruikt"),
    ("en", "grade: --gradebook, --reference and --no-similarity apply only to a folder of submissions (the class "
           "outputs); with one file they are not used")])
def test_class_only_options_of_a_self_check_are_named_as_unused(tmp_path, lang, said):
    (tmp_path / "main.py").write_text("x = 1\n")
    (tmp_path / "sample.py").write_text("y = 2\n")
    done = run_grade("main.py", "--lang", lang, "--gradebook", "canvas", "--reference", "sample.py", "--no-similarity",
                     cwd=tmp_path)
    assert said in done.stderr, done.stderr
    assert not (tmp_path / "reports" / "gradebook-canvas.csv").exists()


def test_a_self_check_without_them_says_nothing_of_them(tmp_path):
    (tmp_path / "main.py").write_text("x = 1\n")
    done = run_grade("main.py", cwd=tmp_path)
    assert "--gradebook" not in done.stderr and "klasuitvoer" not in done.stderr, done.stderr


@pytest.mark.parametrize("lang, said", [
    ("nl", "grade: --assignment geldt alleen voor een map met inzendingen (de klasuitvoer); bij één bestand wordt het "
           "niet gebruikt"),
    ("en", "grade: --assignment applies only to a folder of submissions (the class outputs); with one file it is not "
           "used")])
def test_one_such_option_is_named_in_the_singular(tmp_path, lang, said):
    (tmp_path / "main.py").write_text("x = 1\n")
    done = run_grade("main.py", "--lang", lang, "--assignment", "Opdracht 3", cwd=tmp_path)
    assert said in done.stderr, done.stderr
