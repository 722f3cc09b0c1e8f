"""What a fingerprint that is not H(x) was computed from: the same content in another JSON text.

Most wrong fingerprints hash the right content with other json.dumps options than CONTRACT.md F1's
(keys in their own order, the default separators with spaces) or hash ``str()`` of the dict. Every
check of checkpoint 2 that compares a digest says so in its finding, with the cause ``"json"``: the
reports show the first such finding and only list the others (grader.reports.selection), instead of
showing each with a hint about its own rule.
"""

from __future__ import annotations

import hashlib
import json

from grader.battery import Mismatch, said

# CONTRACT.md's order of the fields (the lesson writes p in it); a validated copy is often built in it.
CONTRACT_ORDER = ("call_id", "actor", "name", "version", "arguments", "ticket", "status")
CANONICAL = (",", ":")
SEPARATORS = (CANONICAL, (", ", ": "), (",", ": "), (", ", ":"))
_DIAGNOSES = {  # (keys unsorted, spaces) -> what the JSON text differs in
    (True, False): said("de sleutels zijn niet gesorteerd", "its keys are not sorted"),
    (False, True): said("er staan spaties na de scheidingstekens", "it has spaces after its separators"),
    (True, True): said("de sleutels zijn niet gesorteerd en er staan spaties na de scheidingstekens",
                       "its keys are not sorted and it has spaces after its separators"),
}


def _ordered(value: object, contract: bool) -> object:
    """``value`` with every dict's keys in CONTRACT_ORDER (``contract``) or as they are."""
    if type(value) is not dict:
        return value
    items = list(value.items())
    if contract:
        items.sort(key=lambda item: CONTRACT_ORDER.index(item[0]) if item[0] in CONTRACT_ORDER else len(CONTRACT_ORDER))
    return {key: _ordered(item, contract) for key, item in items}


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def diagnosis(proposal: dict, digest: object, given: object = None) -> dict | None:
    """Why ``digest`` is not H(proposal), when it is the SHA-256 of the same content in another text.

    In: ``proposal``, the valid proposal the submission hashed (a trusted dict of plain values),
    and ``digest``, its fingerprint as the submission returned it (trusted: already made plain;
    a str in any letter case); ``given``, when the submission was called with another object of that
    content (a read-only mapping, Enum values): a fresh copy of it, whose ``str()`` reads otherwise.
    Out: a :func:`said` pair naming what the text differs in (key order, spaces, ``str()`` instead
    of JSON), or None when it is none of those.
    """
    if type(digest) is not str:
        return None
    digest = digest.lower()
    for keys in ("sorted", "given", "contract"):
        for separators in SEPARATORS:
            if keys == "sorted" and separators == CANONICAL:
                continue  # H(proposal) itself
            text = json.dumps(_ordered(proposal, keys == "contract"), sort_keys=keys == "sorted",
                              ensure_ascii=True, separators=separators)
            if _sha256(text) == digest:
                return _DIAGNOSES[(keys != "sorted", separators != CANONICAL)]
    texts = [str(proposal), str(_ordered(proposal, True))] + ([str(given)] if given is not None else [])
    if digest in map(_sha256, texts):
        return said("het is str() van de dictionary, geen JSON-tekst", "it is str() of the dictionary, not a JSON text")
    return None


def mismatch(tried: str, expected: str | dict, got: str | dict, proposal: dict, digest: object,
             given: object = None) -> Mismatch:
    """The finding of a digest check: ``got`` followed by the :func:`diagnosis` of ``digest`` (and ``given``), if any.

    With a diagnosis, the finding's cause is ``"json"`` (see the module's docstring).
    """
    found = diagnosis(proposal, digest, given)
    if found is None:
        return Mismatch(tried, expected, got)
    if isinstance(got, str):
        got = said(got, got)
    return Mismatch(tried, expected, said(f"{got['nl']}; dat is de SHA-256 van dezelfde inhoud in een andere tekst: "
                                          f"{found['nl']}",
                                          f"{got['en']}; that is the SHA-256 of the same content in another text: "
                                          f"{found['en']}"), cause="json")
