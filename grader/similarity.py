"""Near-copies between submissions: normalised token fingerprints, winnowing and an inverted index."""

from __future__ import annotations

import array
import builtins
import collections
import copy
import dataclasses
import functools
import hashlib
import hmac
import itertools
import json
import keyword
import math
import re
import secrets
import string
import typing
from collections import Counter
from collections.abc import Mapping

# A k-gram of this many normalised tokens is the unit that is hashed; winnowing keeps the
# smallest hash of every WINDOW consecutive k-grams, so any match of at least
# K_GRAM + WINDOW - 1 tokens is always found (Schleimer, Wilkerson and Aiken, SIGMOD 2003).
K_GRAM = 12
WINDOW = 6
# A fingerprint found in more than this many submissions is common (taught in class,
# dictated by the contract): it does not make two submissions a candidate pair, as in MOSS
# (-m 10). This bounds the work per fingerprint, so there is never an all-pairs comparison.
COMMON = 10
# Two submissions are a candidate pair when they share at least this many uncommon
# fingerprints; a candidate's similarity is then measured on all its fingerprints.
MIN_RARE = 3
# A pair is reported only when it shares at least this many fingerprints.
MIN_SHARED = 8
# Default share of the smaller file found in the other one above which a pair is reported.
THRESHOLD = 0.6

# Python tokens: names, operators, comments, numbers, strings, any other character; the search
# steps over white space itself (a leading ``\s*`` would be retried at every character of a long
# run of white space, in time quadratic in its length). Line ends and indentation are not tokens,
# so formatting does not matter; a string prefix (``r``, ``b``, ``f``) is a name before its string,
# the same in every file.
# Characters of a file compared at most: a longer file cannot be graded anyway (grader/sandbox/loader.py
# refuses sources over 256 KiB), and the string-literal pattern needs memory per character of a string.
# Every string alternative matches whatever follows its opening quote (an unclosed string runs to
# the end of its line, or of the file for triple quotes): one that could fail would be tried again
# from every later quote, in time quadratic in the line's length.
MAX_CHARS = 256 * 1024

_TOKEN = re.compile(r"""(
    [^\W\d]\w*
  | \*\*=?|//=?|>>=?|<<=?|->|:=|\.\.\.|[-+*/%@&|^=<>!]=|[-+*/%@&|^~<>()\[\]{},:;=.]
  | \#[^\r\n]*
  | \d[\w.]*
  | '''(?:\\[\s\S]|[^\\])*?(?:'''|\Z) | \"\"\"(?:\\[\s\S]|[^\\])*?(?:\"\"\"|\Z)
  | '(?:\\[\s\S]|[^'\\\r\n])*'? | "(?:\\[\s\S]|[^"\\\r\n])*"?
  | \S)""", re.VERBOSE)
# Names kept as they are: renaming a variable is the usual disguise, renaming a keyword or
# a builtin is not possible.
_KEPT = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | frozenset(dir(builtins))
# Attribute names kept as they are: the methods of the built-in types and the names of the
# modules a submission may import. Other attributes (``self.fields``) are renamed as freely
# as variables, so they become ``N`` too.
_LIBRARY = frozenset(name for source in (str, bytes, dict, list, set, frozenset, tuple, int, float, re, json, hashlib,
                                         copy, math, string, collections, itertools, functools, typing, dataclasses,
                                         hmac, secrets)
                     for name in dir(source) if not name.startswith("_"))


def normalise(raw: str) -> str | None:
    """The normalised form of one token: ``N`` for a name, ``S`` a string, ``0`` a number, None a comment.

    Keywords and builtins stay as they are (an attribute name is kept by the caller).
    """
    first = raw[0]
    if first == "#":
        return None
    if first in "'\"":
        return "S"
    if first.isdigit():
        return "0"
    if first.isidentifier():
        return raw if raw in _KEPT else "N"
    return raw


def tokens(text: str) -> list[tuple[str, int, int]]:
    """The normalised tokens of Python source ``text`` with their spans.

    Out: ``(token, start, end)`` per token, offsets into ``text``. Names other than
    keywords, builtins and library attributes (``.items``, ``.hexdigest``) become ``N``,
    strings ``S``, numbers ``0``; comments are dropped. Works on code that does not compile.
    """
    found = []
    previous = ""
    for match in _TOKEN.finditer(text[:MAX_CHARS]):
        raw = match.group(1)
        normal = normalise(raw)
        if normal is not None:
            kept = normal == "N" and previous == "." and raw in _LIBRARY
            found.append((raw if kept else normal, match.start(1), match.end(1)))
        previous = raw
    return found


class _Vocabulary:
    """Raw tokens to small integer codes of their normalised form (deterministic within a run)."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}
        self.raw: dict[str, int] = {}

    def code(self, normal: str) -> int:
        """The code of a normalised token."""
        return self.codes.setdefault(normal, len(self.codes))

    def encode(self, text: str) -> list[int]:
        """The codes of the normalised tokens of ``text`` (the fast path of :func:`tokens`)."""
        raw = _TOKEN.findall(text[:MAX_CHARS])
        codes = list(map(self.raw.get, raw))
        if None in codes:
            for at, found in enumerate(codes):
                if found is None:
                    normal = normalise(raw[at])
                    codes[at] = self.raw[raw[at]] = -1 if normal is None else self.code(normal)
        name = self.code("N")
        for at in [at for at, token in enumerate(raw) if token == "."]:
            if at + 1 < len(raw) and codes[at + 1] == name and raw[at + 1] in _LIBRARY:
                codes[at + 1] = self.code(raw[at + 1])
        return [found for found in codes if found >= 0]


def kgram_hashes(codes: list[int], k: int = K_GRAM) -> list[int]:
    """The hash of every run of ``k`` consecutive token codes (deterministic: ints hash to themselves)."""
    if len(codes) < k:
        return [hash(tuple(codes))] if codes else []
    return list(map(hash, zip(*(codes[j:] for j in range(k)))))


def fingerprints(hashes: list[int], window: int = WINDOW) -> frozenset[int]:
    """The hashes winnowing selects: the smallest of every ``window`` consecutive hashes (as :func:`winnow`)."""
    if len(hashes) <= window:
        return frozenset([min(hashes)]) if hashes else frozenset()
    return frozenset([min(hashes[start:start + window]) for start in range(len(hashes) - window + 1)])


def winnow(hashes: list[int], window: int = WINDOW) -> dict[int, list[int]]:
    """Winnowing: the rightmost smallest hash of every window of ``window`` hashes.

    Out: {fingerprint hash: [k-gram positions where it was selected]}.
    """
    selected: dict[int, list[int]] = {}
    count = len(hashes)
    if not count:
        return selected
    if count <= window:
        smallest = min(hashes)
        selected[smallest] = [count - 1 - hashes[::-1].index(smallest)]
        return selected
    at = -1
    for start in range(count - window + 1):
        end = start + window - 1
        if at < start:
            part = hashes[start:end + 1]
            smallest = min(part)
            at = end - part[::-1].index(smallest)
            selected.setdefault(smallest, []).append(at)
        elif hashes[end] <= hashes[at]:
            at = end
            selected.setdefault(hashes[at], []).append(at)
    return selected


@dataclasses.dataclass
class Pair:
    """Two files with shared fingerprints: ``a`` (a submission) and ``b`` (a submission or a reference).

    ``share_a``/``share_b``: the part of each file's fingerprints found in the other;
    ``similarity`` the larger of the two (for a reference, ``share_a`` alone: how much of the
    submission is in the reference, however much more the reference holds); ``identical``: the same tokens after
    normalisation; ``spans_a``/``spans_b``: matching character ranges (filled by
    :meth:`Detector.mark`).
    """

    a: str
    b: str
    shared: int
    share_a: float
    share_b: float
    reference: bool = False
    identical: bool = False
    spans_a: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    spans_b: list[tuple[int, int]] = dataclasses.field(default_factory=list)

    @property
    def similarity(self) -> float:
        return self.share_a if self.reference else max(self.share_a, self.share_b)


class Detector:
    """The fingerprints of a set of files and the pairs that share many of them.

    In: ``sources`` {submission id: source text} and ``references`` {name: text} (files
    students could copy from, such as a published sample solution). Each file is
    fingerprinted once and indexed by fingerprint; candidate pairs are found by walking the
    index (fingerprints in at most COMMON submissions; every fingerprint of a reference),
    so the work grows with the number of files, not with its square. A candidate's
    similarity counts all the fingerprints the two files share.
    """

    def __init__(self, sources: Mapping[str, str], references: dict[str, str] | None = None) -> None:
        self.texts = sources  # read once here, then only for the pairs shown side by side
        self.references = dict(references or {})
        self.vocabulary = _Vocabulary()
        # Compact per file (a large class is held at once): its fingerprints as a sorted array of
        # 64-bit ints and a 16-byte digest of its normalised token codes (its "shape").
        self.prints: dict[str, array.array] = {}
        self.shape: dict[str, bytes] = {}
        for name, text in self.texts.items():
            self.shape[name], self.prints[name] = self._fingerprint(text)
        # References are kept apart: a reference may have the same name as a submission.
        self.reference_shape: dict[str, bytes] = {}
        self.reference_prints: dict[str, array.array] = {}
        for name, text in self.references.items():
            self.reference_shape[name], self.reference_prints[name] = self._fingerprint(text)
        # Exact copies (after normalisation) are one entry of the index: a copy shared by
        # many students is still reported, however common its fingerprints are.
        groups: dict[bytes, list[str]] = {}
        for name in self.texts:
            groups.setdefault(self.shape[name], []).append(name)
        self.groups = [members for members in groups.values()]
        self.index: dict[int, list[int]] = {}
        for number, members in enumerate(self.groups):
            for fingerprint in self.prints[members[0]]:
                self.index.setdefault(fingerprint, []).append(number)

    def _fingerprint(self, text: str) -> tuple[bytes, array.array]:
        codes = self.vocabulary.encode(text)
        shape = hashlib.blake2b(array.array("q", codes).tobytes(), digest_size=16).digest()
        return shape, array.array("q", sorted(fingerprints(kgram_hashes(codes))))

    def pairs(self, threshold: float = THRESHOLD) -> list[Pair]:
        """Pairs whose similarity is at least ``threshold`` (0..1), most similar first.

        Exact copies (after normalisation) form a group, listed as one identical pair per copy
        with the group's first member; two such groups that resemble each other are one pair,
        between their first members, so the list grows with the number of files, not with the
        product of group sizes. A reference is paired with every member it resembles.
        """
        found = []
        for members in self.groups:
            size = len(self.prints[members[0]])
            if len(members) > 1 and size >= MIN_SHARED:
                found += [Pair(members[0], other, size, 1.0, 1.0, identical=True) for other in members[1:]]
        counts: Counter[tuple[int, int]] = Counter()
        for groups in self.index.values():
            if 1 < len(groups) <= COMMON:
                counts.update(itertools.combinations(groups, 2))
        for (first, second), rare in counts.items():
            if rare < MIN_RARE:
                continue
            a, b = self.groups[first][0], self.groups[second][0]
            pair = self._pair(a, b, len(set(self.prints[a]).intersection(self.prints[b])), reference=False)
            if pair.similarity >= threshold:  # once, between the groups' first members (not members x members)
                found.append(pair)
        for reference in self.references:
            hits: Counter[int] = Counter()
            for fingerprint in self.reference_prints[reference]:
                hits.update(self.index.get(fingerprint, ()))
            for number, shared in hits.items():
                pair = self._pair(self.groups[number][0], reference, shared, reference=True)
                if pair.similarity >= threshold:
                    found += [dataclasses.replace(pair, a=member) for member in self.groups[number]]
        found.sort(key=lambda pair: (-pair.similarity, -pair.shared, pair.a, pair.b))
        return found

    def _pair(self, a: str, b: str, shared: int, reference: bool) -> Pair:
        if shared < MIN_SHARED:
            return Pair(a, b, shared, 0.0, 0.0, reference)
        if reference:  # only the submission's side counts (Pair.similarity); the reference's is shown
            return Pair(a, b, shared, shared / len(self.prints[a]), shared / max(len(self.reference_prints[b]), 1),
                        True, self.shape[a] == self.reference_shape[b])
        return Pair(a, b, shared, shared / len(self.prints[a]), shared / len(self.prints[b]))

    def mark(self, pair: Pair) -> Pair:
        """Fill ``pair.spans_a``/``spans_b``: the character ranges of each file covered by shared k-grams."""
        text_a = self.texts[pair.a]
        text_b = self.references[pair.b] if pair.reference else self.texts[pair.b]
        found_a, found_b = self._located(text_a), self._located(text_b)
        shared = set(found_a[1]) & set(found_b[1])
        pair.spans_a = _spans(found_a, shared)
        pair.spans_b = _spans(found_b, shared)
        return pair

    def _located(self, text: str) -> tuple[list[tuple[str, int, int]], dict[int, list[int]]]:
        found = tokens(text)
        codes = [self.vocabulary.code(token) for token, _, _ in found]
        return found, winnow(kgram_hashes(codes))


def _spans(located: tuple[list[tuple[str, int, int]], dict[int, list[int]]], shared: set[int]) -> list[tuple[int, int]]:
    """Merged character ranges of the k-grams whose fingerprint is in ``shared``."""
    found, selected = located
    if not found:
        return []
    ranges = []
    for fingerprint in shared:
        for position in selected.get(fingerprint, ()):
            last = min(position + K_GRAM, len(found)) - 1
            ranges.append((found[position][1], found[last][2]))
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
