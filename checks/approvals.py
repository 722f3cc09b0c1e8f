"""Approvals that are no approval of p (CONTRACT.md D12): 64-digit hex strings that are not H(p).

The host approves one exact content by putting its fingerprint H(p) (F1) in ``approved``; anything else there
approves nothing for p: H(p) with one digit changed, H(p) cut in halves spread over several entries, and the digest
of another text of p's content (p's JSON as ``json.dumps`` writes it by default, the SHA-256 of its arguments alone,
another hash function over the canonical text). A dispatcher that also takes one of those as consent lets a host
approve what it never fingerprinted. Uppercase H(p) is left out: CONTRACT.md A4 lets a dispatcher match it
case-insensitively.
"""

from __future__ import annotations

import hashlib
import json

from checks import lesson

DIGEST = lesson.fingerprint(lesson.proposal())
_FLIP = {"0": "1"}  # any hex digit -> another one
_CANONICAL = "sort_keys=True, separators=(',', ':')"


def _text(value: object, canonical: bool = True) -> bytes:
    options = {"sort_keys": True, "separators": (",", ":")} if canonical else {}
    return json.dumps(value, **options).encode("ascii")


# name -> (the 64-digit hex string in approved, how the report writes it)
FORGED = {
    "last": (DIGEST[:63] + _FLIP.get(DIGEST[63], "0"), f"H(p)[:63] + {_FLIP.get(DIGEST[63], '0')!r}"),
    "first": (_FLIP.get(DIGEST[0], "0") + DIGEST[1:], f"{_FLIP.get(DIGEST[0], '0')!r} + H(p)[1:]"),
    "plain-json": (hashlib.sha256(_text(lesson.proposal(), False)).hexdigest(),
                   "hashlib.sha256(json.dumps(p).encode()).hexdigest()"),
    "arguments-only": (hashlib.sha256(_text(lesson.proposal()["arguments"])).hexdigest(),
                       f"hashlib.sha256(json.dumps(p['arguments'], {_CANONICAL}).encode()).hexdigest()"),
    "sha3": (hashlib.sha3_256(_text(lesson.proposal())).hexdigest(),
             f"hashlib.sha3_256(json.dumps(p, {_CANONICAL}).encode()).hexdigest()"),
    "blake2s": (hashlib.blake2s(_text(lesson.proposal())).hexdigest(),
                f"hashlib.blake2s(json.dumps(p, {_CANONICAL}).encode()).hexdigest()"),
}

# H(p)'s halves in six entries, each padded to 64 digits: joined (sorted, or in most orders) they spell H(p), which
# no entry is. A lookup in the joined text of the register finds it there.
SPLIT = ({"0" * 31 + str(i) + DIGEST[:32] for i in range(1, 4)}
         | {DIGEST[32:] + "f" * 31 + str(i) for i in range(1, 4)},
         "{'0' * 31 + str(i) + H(p)[:32] for i in (1, 2, 3)} | {H(p)[32:] + 'f' * 31 + str(i) for i in (1, 2, 3)}")
