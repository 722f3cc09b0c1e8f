"""Similarity: winnowed token fingerprints find near-copies, fast, and never touch a score or a student's report."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from conftest import ROOT, SOLUTIONS, grade_folder
from grader import similarity
from grader.reports import copies

CORPUS = sorted((SOLUTIONS / "correct").glob("*.py"))


def disguise(source: str, seed: int = 0) -> str:
    """``source`` as a student hides a copy: names renamed, comments and messages changed, spacing changed."""
    names = sorted(set(re.findall(r"^\s*([a-z_][a-z0-9_]*)\s*=", source, re.M)) - {"proposal"})
    for number, name in enumerate(names):
        source = re.sub(rf"\b{name}\b", f"ding{number}_{seed}", source)
    source = re.sub(r"#[^\n]*", "# mijn eigen uitleg", source)
    source = re.sub(r'"[^"\n]*"', '"iets anders"', source)
    return source.replace(", ", " ,  ").replace("\n\n", "\n\n\n")


def test_tokens_are_normalised_and_keep_their_places():
    text = "total = helper(x.count, 'a', 3.5)  # why\nif total: print(total)\n"
    found = similarity.tokens(text)
    assert [token for token, _, _ in found] == ["N", "=", "N", "(", "N", ".", "count", ",", "S", ",", "0", ")",
                                                "if", "N", ":", "print", "(", "N", ")"]
    assert all(text[start:end] for _, start, end in found) and text[found[8][1]:found[8][2]] == "'a'"


def test_fingerprints_are_the_winnowed_minima():
    hashes = [random.Random(n).randrange(1 << 60) for n in range(200)]
    assert similarity.fingerprints(hashes) == frozenset(similarity.winnow(hashes))
    assert similarity.fingerprints(hashes[:3]) == frozenset([min(hashes[:3])])


# Solutions of the corpus written independently, each in its own style.
INDEPENDENT = ("s02_string_methods", "s03_compiled_patterns", "s05_class_based", "s06_dataclass",
               "s07_match_statement", "s08_json_roundtrip", "s13_custom_valueerror", "s16_table_driven",
               "s23_functools_itertools", "s25_collections_namedtuple", "s28_validator_map", "s31_walrus")


def test_a_disguised_copy_is_found_and_independent_solutions_are_not():
    texts = {path.stem: path.read_text(encoding="utf-8") for path in CORPUS}
    texts["copy"] = disguise(texts["s05_class_based"])
    pairs = similarity.Detector(texts).pairs()
    found = {(p.a, p.b): p.similarity for p in pairs}
    assert found[("s05_class_based", "copy")] > 0.85  # (solutions made from s01 in another style pair too)
    assert not [p for p in pairs if p.a in INDEPENDENT and p.b in INDEPENDENT]
    # The same code with Dutch names, among the independent ones (in the whole corpus, solutions made from s01 in
    # other styles are closer to it and fill the list of pairs shown).
    few = {name: texts[name] for name in (*INDEPENDENT, "s01_plain_regex", "s10_dutch_names")}
    assert ("s01_plain_regex", "s10_dutch_names") in {(p.a, p.b) for p in similarity.Detector(few).pairs()}


def test_identical_copies_are_one_group_however_many_students_share_them():
    source = CORPUS[4].read_text(encoding="utf-8")
    texts = {f"s{n}": disguise(source, n) for n in range(similarity.COMMON * 3)}
    pairs = similarity.Detector(texts).pairs()
    assert len(pairs) == len(texts) - 1 and all(p.identical and p.similarity == 1.0 for p in pairs)


def test_two_large_groups_of_copies_that_resemble_each_other_are_one_pair_not_their_product():
    # A MOOC where hundreds copied one of two near-identical published solutions: listing every
    # cross pair (members x members) grew with the square of the group sizes.
    source = CORPUS[4].read_text(encoding="utf-8")
    variant = source + "\n\ndef eigen(a, b):\n    return [a * 3 for a in range(b) if a % 7]\n"
    texts = {**{f"a{n}": disguise(source, n) for n in range(60)}, **{f"b{n}": disguise(variant, n) for n in range(60)}}
    pairs = similarity.Detector(texts).pairs()
    identical = [p for p in pairs if p.identical]
    near = [p for p in pairs if not p.identical]
    assert len(identical) == 2 * 59 and all(p.a in ("a0", "b0") for p in identical)
    assert [(p.a, p.b) for p in near] == [("a0", "b0")] and near[0].similarity > 0.85


def test_a_partial_copy_is_found_and_its_regions_marked():
    base = CORPUS[0].read_text(encoding="utf-8")
    own = "\n".join(f"def eigen_{n}(a, b):\n    return [a * {n} for a in range(b) if a % {n + 2}]\n" for n in range(20))
    texts = {"orig": base, "part": own + disguise(base[: len(base) * 2 // 3], 1)}
    detector = similarity.Detector(texts)
    pair = detector.mark(detector.pairs(0.3)[0])
    assert (pair.a, pair.b) == ("orig", "part") and not pair.identical and 0.4 < pair.share_a < 0.9
    marked_part = "".join(texts["part"][s:e] for s, e in pair.spans_b)
    assert "eigen_" not in marked_part and len(marked_part) > len(base) // 3
    assert all(s < e for s, e in pair.spans_a) and pair.spans_a == sorted(pair.spans_a)


def test_a_copy_of_a_reference_file_is_found_even_when_the_whole_class_copied_it():
    reference = CORPUS[3].read_text(encoding="utf-8")
    texts = {f"student{n}": disguise(reference, n) + f"\nLAST_{n} = {n}\n" for n in range(similarity.COMMON + 5)}
    texts["honest"] = CORPUS[7].read_text(encoding="utf-8")
    pairs = similarity.Detector(texts, {"voorbeeld.py": reference}).pairs()
    copied = {p.a for p in pairs if p.reference and p.b == "voorbeeld.py"}
    assert copied == set(texts) - {"honest"}
    assert all(p.similarity < 0.5 for p in pairs if "honest" in (p.a, p.b))


def test_ten_thousand_submissions_take_seconds_not_hours():
    rng = random.Random(7)
    bases = [path.read_text(encoding="utf-8") for path in CORPUS]
    texts = {}
    for n in range(2000):
        source = bases[n % len(bases)]
        for word in rng.sample(sorted(set(re.findall(r"\b[a-z]{5,}\b", source))), 3):
            source = re.sub(rf"\b{word}\b", f"{word}{rng.randrange(99)}", source)
        texts[f"s{n}"] = source + f"\nEXTRA_{n} = [{n}, {rng.randrange(9)}]\nif EXTRA_{n}:\n    print({n} % 7)\n"
    started = time.perf_counter()
    pairs = similarity.Detector(texts).pairs()
    elapsed = time.perf_counter() - started
    # Linear in the number of files: 2,000 here, so 10,000 take about five times as long.
    assert elapsed < 30, f"{elapsed:.1f} s for 2,000 submissions"
    assert pairs  # the same base with renamed names is an identical normalised copy


def test_the_page_marks_regions_escapes_code_and_lists_pairs(tmp_path):
    code = CORPUS[1].read_text(encoding="utf-8")
    texts = {"<b>x</b>": code + "\n# <script>alert(1)</script>\n", "bo": disguise(code)}
    detector = similarity.Detector(texts)
    page = copies.render(detector.pairs(), detector, "en", 0.5, ["gone"])
    assert "<mark>" in page and "<script>alert" not in page and "&lt;script&gt;" in page
    assert "&lt;b&gt;x&lt;/b&gt; ↔ bo" in page and "gone" in page and "100%" in page


def test_similarity_never_changes_a_score_and_never_reaches_a_student(tmp_path):
    source = (ROOT / "submissions" / "daan-de-vries" / "main.py").read_text(encoding="utf-8")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna-x1.py").write_text(source, encoding="utf-8")
    (folder / "bart-x2.py").write_text(disguise(source), encoding="utf-8")
    (folder / "cas-x3.py").write_bytes(CORPUS[2].read_bytes())
    alone = grade_folder(folder, tmp_path / "alone", "--no-similarity")
    together = grade_folder(folder, tmp_path / "out", "--reference", str(CORPUS[2]))
    assert {k: r["score"] for k, r in alone.items()} == {k: r["score"] for k, r in together.items()}
    found = json.loads((tmp_path / "out" / "similarity.json").read_text(encoding="utf-8"))
    assert {(p["a"], p["b"]) for p in found["pairs"]} >= {("anna-x1", "bart-x2"), ("cas-x3", CORPUS[2].name)}
    assert not (tmp_path / "alone" / "similarity.html").exists()
    assert 'href="similarity.html"' in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    for report in (tmp_path / "out" / "feedback").iterdir():
        text = report.read_text(encoding="utf-8")
        others = {"anna-x1", "bart-x2", "cas-x3", CORPUS[2].name} - {report.stem}
        assert "similarity" not in text and "Mogelijke kopie" not in text and not any(o in text for o in others)


def test_only_the_first_256_kib_of_a_file_are_compared():
    # A notebook may hold a 15 MB string: tokenizing all of it took gigabytes (one regex frame per character).
    from grader import similarity

    huge = "x = '" + "a" * (similarity.MAX_CHARS * 4) + "'\n"
    assert max(end for _, _, end in similarity.tokens(huge)) <= similarity.MAX_CHARS
    assert similarity.tokens("def f():\n    return 1\n" + huge)[:2] == [("def", 0, 3), ("N", 4, 5)]
    assert len(similarity._Vocabulary().encode(huge)) < 10


def test_an_unclosed_string_is_one_token_to_the_end_of_its_line_or_file():
    # A string pattern that could fail was tried again from every later quote: a line of quotes
    # after an unclosed string (240 KB, valid Python) took minutes.
    assert [token for token, _, _ in similarity.tokens("x = 'a\\\nb' + 'open\ny")] == ["N", "=", "S", "+", "S", "N"]
    assert [token for token, _, _ in similarity.tokens('s = """never closed\nz = 1')] == ["N", "=", "S"]
    hostile = "X = 'a\\\n" + '"\\"' * 2_000 + "\n"
    assert len(similarity.tokens(hostile)) < 10


def test_white_space_is_no_token_and_a_long_run_of_it_costs_one_pass():
    text = "x = 1" + " " * 20_000 + "\n" * 20_000
    assert [(token, text[start:end]) for token, start, end in similarity.tokens(text)] == [
        ("N", "x"), ("=", "="), ("0", "1")]
    assert similarity._TOKEN.pattern.lstrip().startswith("(")  # no leading \s* to retry at every position


def test_a_reference_pair_says_how_much_of_each_side_is_shared_and_is_judged_by_the_submission():
    reference = CORPUS[3].read_text(encoding="utf-8")
    pairs = similarity.Detector({"anna": reference, "bram": reference[: len(reference) // 2]},
                                {"voorbeeld.py": reference}).pairs(threshold=0.5)
    by_id = {p.a: p for p in pairs if p.reference}
    assert by_id["anna"].identical and by_id["anna"].share_a == by_id["anna"].share_b == 1.0
    half = by_id["bram"]  # half of the reference: all of bram is in it, half of it is in bram
    assert half.share_a > 0.9 and half.share_b < 0.7 and half.similarity == half.share_a


@pytest.mark.parametrize("lang,said", [("nl", "100% van <code>anna</code> komt voor in de andere<"),
                                       ("en", "100% of <code>anna</code> is found in the other<")])
def test_the_share_of_each_side_is_said_of_the_other_file(lang, said):
    # Dutch said "komt voor in de ander" (a person); the other file is "de andere".
    code = CORPUS[1].read_text(encoding="utf-8")
    detector = similarity.Detector({"anna": code, "bram": code + "\n# meer\n"})
    page = copies.render(detector.pairs(), detector, lang, 0.5, [])
    assert said in page



def test_a_class_run_says_on_the_terminal_how_many_pairs_look_alike(tmp_path):
    # similarity.html listed near-copies, and the terminal never said so: only index.html linked it.
    from conftest import run_grade

    source = (ROOT / "submissions" / "daan-de-vries" / "main.py").read_text(encoding="utf-8")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "anna-x1.py").write_text(source, encoding="utf-8")
    (folder / "bart-x2.py").write_text(disguise(source), encoding="utf-8")
    (folder / "cas-x3.py").write_bytes(CORPUS[2].read_bytes())
    page = tmp_path / "out" / "similarity.html"
    for lang, said in (("nl", r"(\d+) (?:paren|paar) inzendingen lijk(?:en|t) op elkaar "
                               r"\(en (\d+) met een referentiebestand\): zie (.*)$"),
                       ("en", r"(\d+) pairs? of submissions looks? alike \(and (\d+) with a reference file\): see (.*)$")):
        for _ in range(2):  # the second run reuses every result and the page: it says so all the same
            done = run_grade(str(folder), "--out", str(tmp_path / "out"), "--quiet", "--lang", lang,
                             "--reference", str(CORPUS[2]))
            assert done.returncode == 0, done.stderr
            lines = [found for line in done.stdout.splitlines() if (found := re.search(said, line))]
            found = json.loads(page.with_suffix(".json").read_text(encoding="utf-8"))["pairs"]
            assert len(lines) == 1, done.stdout
            assert int(lines[0][2]) == sum(bool(p["reference"]) for p in found) >= 1
            assert int(lines[0][1]) == sum(not p["reference"] for p in found) >= 1 and lines[0][3] == str(page)
    alone = run_grade(str(folder), "--out", str(tmp_path / "alone"), "--quiet", "--no-similarity")
    assert "lijk" not in alone.stdout and "similarity" not in alone.stdout


@pytest.mark.parametrize("lang, why", [("nl", "minder dan twee inzendingen met code"),
                                       ("en", "fewer than two submissions with code")])
def test_no_similarity_page_when_fewer_than_two_submissions_hold_code(tmp_path, lang, why):
    # anna handed in code, bram an empty main.py: similarity.html was written, "0 pairs", as if two were compared.
    (tmp_path / "klas" / "anna").mkdir(parents=True)
    (tmp_path / "klas" / "anna" / "main.py").write_bytes((ROOT / "submissions" / "anouk-jansen" / "main.py").read_bytes())
    (tmp_path / "klas" / "bram").mkdir()
    (tmp_path / "klas" / "bram" / "main.py").write_text("", encoding="utf-8")
    grade_folder(tmp_path / "klas", tmp_path / "out", "--lang", lang)
    assert not (tmp_path / "out" / "similarity.html").exists() and not (tmp_path / "out" / "similarity.json").exists()
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'href="similarity.html"' not in index and why in index
