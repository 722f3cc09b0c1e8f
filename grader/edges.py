"""The tips for a valid proposal that validate_ticket_proposal or proposal_fingerprint refused with a ValueError.

An off-by-one bound (``0 < version``, ``version < 1000000``, IDs of at most 39 characters) refuses a valid proposal
with a ValueError, and a check's own hint then speaks of what the check is about (copies, key order...). Which edge
is to blame is learnt by calling the student's function again with edge values moved one step inward: when that
proposal is accepted, every edge whose step back (all the others kept inward) makes it refused again is named. A
valid proposal refused for another reason gets a tip before the check's hint that the proposal is valid.
"""

from __future__ import annotations

import re
from typing import Callable

# The functions that must accept every valid proposal given alone (checkpoints 1 and 2).
ACCEPTING = ("validate_ticket_proposal", "proposal_fingerprint")
ID_FIELDS = ("call_id", "actor", "name")
ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
FIELDS = {*ID_FIELDS, "version", "arguments"}
MAX_VERSION = 1000000
# The longest valid text per field (the shortest is one character).
_LONGEST = {"call_id": 40, "actor": 40, "name": 40, "ticket": 32}


def _valid(proposal: object) -> bool:
    """Whether ``proposal`` is a valid proposal (CONTRACT.md V1-V7) made of plain dicts, strs and ints only (read
    without running any code of the submission's: its own classes are no plain str or dict)."""
    plain = lambda value: type(value) is dict and all(type(key) is str for key in value)  # noqa: E731
    if not plain(proposal) or set(proposal) != FIELDS:
        return False
    arguments, version = proposal["arguments"], proposal["version"]
    return (all(type(proposal[field]) is str and ID.fullmatch(proposal[field]) for field in ID_FIELDS)
            and type(version) is int and 0 <= version <= MAX_VERSION
            and plain(arguments) and set(arguments) == {"ticket", "status"}
            and type(arguments["ticket"]) is str and TICKET.fullmatch(arguments["ticket"]) is not None
            and type(arguments["status"]) is str and arguments["status"] in ("open", "done"))


def _inward(proposal: dict) -> dict[str, object]:
    """Per field of ``proposal`` that holds an edge value (``ticket`` for the one in arguments): that value one
    step inside the range."""
    moved: dict[str, object] = {}
    texts = {**{field: proposal[field] for field in ID_FIELDS}, "ticket": proposal["arguments"]["ticket"]}
    for field, text in texts.items():
        if len(text) == _LONGEST[field]:
            moved[field] = text[:-1]
        elif len(text) == 1:
            moved[field] = text + "a"
    if proposal["version"] in (0, MAX_VERSION):
        moved["version"] = 1 if proposal["version"] == 0 else MAX_VERSION - 1
    return moved


def _with(proposal: dict, values: dict[str, object]) -> dict:
    """A new copy of ``proposal`` with ``values`` (``ticket`` inside arguments)."""
    arguments = {**proposal["arguments"], **({"ticket": values["ticket"]} if "ticket" in values else {})}
    return {**proposal, **{k: v for k, v in values.items() if k != "ticket"}, "arguments": arguments}


def _accepts(validate: Callable, proposal: dict) -> bool:
    try:
        validate(proposal)
    except Exception:  # student code: any refusal or failure means "not accepted"
        return False
    return True


def blamed_edges(validate: Callable, proposal: dict) -> dict[str, object]:
    """Of a valid ``proposal`` that ``validate`` refused: per edge value it holds that ``validate`` refuses (field ->
    that value), found by calling ``validate`` with the edges moved inward; empty when it holds none, or when
    moving them all inward is refused too (another cause). Only a copy taken first is read: ``validate`` may have kept
    ``proposal`` and change it while it is called again (its values are exact strs and ints, see :func:`_valid`)."""
    proposal = {**proposal, "arguments": {**proposal["arguments"]}}
    moved = _inward(proposal)
    if not moved or not _accepts(validate, _with(proposal, moved)):
        return {}
    edge = {**{field: proposal[field] for field in ID_FIELDS}, "version": proposal["version"],
            "ticket": proposal["arguments"]["ticket"]}
    return {field: edge[field] for field in moved
            if not _accepts(validate, _with(proposal, {k: v for k, v in moved.items() if k != field}))}


def _parts(blamed: dict[str, object]) -> list[dict]:
    """Per blamed edge (``field -> value``), what is valid, as ``{"nl", "en"}`` pairs; ID fields of one length
    together."""
    parts = []
    if "version" in blamed:
        low = blamed["version"] == 0
        parts.append({"nl": f"version {blamed['version']} is geldig: het bereik loopt van 0 tot en met {MAX_VERSION}, "
                            f"{'de ondergrens' if low else 'de bovengrens'} hoort erbij",
                      "en": f"version {blamed['version']} is valid: the range runs from 0 to {MAX_VERSION} and "
                            f"includes {'the lower' if low else 'the upper'} bound"})
    sizes: dict[tuple[int, int], list[str]] = {}
    for field, value in blamed.items():
        if field != "version":
            sizes.setdefault((len(str(value)), _LONGEST[field]), []).append(field)
    for (size, longest), fields in sizes.items():
        many = len(fields) > 1
        names_nl, names_en = (f"{', '.join(fields[:-1])} {word} {fields[-1]}" if many else fields[0]
                              for word in ("en", "and"))
        parts.append({"nl": f"{names_nl} van {size} {'teken' if size == 1 else 'tekens'} {'zijn' if many else 'is'} "
                            f"geldig: 1 tot en met {longest} tekens mag, beide grenzen inbegrepen",
                      "en": f"{names_en} of {size} character{'' if size == 1 else 's'} {'are' if many else 'is'} "
                            f"valid: 1 to {longest} characters are allowed, both bounds included"})
    return parts


# The tip, before the check's hint, for a valid proposal refused for another reason than an edge value: the check's
# hint is about what it tests (a copy, a digest), which the refusal keeps it from reaching.
REFUSED_TIP = {"nl": "Dit voorstel is geldig, maar je code weigert het met een ValueError: zoek uit welke controle in "
                     "je code het ten onrechte afkeurt.",
               "en": "This proposal is valid, but your code refuses it with a ValueError: find out which check in "
                     "your code wrongly rejects it."}


def refusal_tips(function: str, validate: Callable, args: tuple, error: BaseException | None) -> dict:
    """For a call of ``function`` with ``args`` that raised ``error``: ``{"hint": ..., "tip": ...}``, each a
    ``{"nl", "en"}`` pair or None: for a valid proposal refused with a ValueError by a function of
    :data:`ACCEPTING`, the hint of :func:`edge_hint` when an edge value is to blame, else :data:`REFUSED_TIP` as the
    tip; both None for any other call."""
    hint = edge_hint(function, validate, args, error)
    refused = hint is None and function in ACCEPTING and isinstance(error, ValueError) and len(args) == 1 \
        and _valid(args[0])
    return {"hint": hint, "tip": REFUSED_TIP if refused else None}


def edge_hint(function: str, validate: Callable, args: tuple, error: BaseException | None) -> dict | None:
    """The tip, as a ``{"nl", "en"}`` pair, for a call of ``function`` (the student's ``validate``: one of
    :data:`ACCEPTING`) with ``args`` that raised ``error``: when it is a ValueError for a valid proposal of plain values
    refused for an edge value (:func:`blamed_edges`), which values are valid and that the bound is inclusive; else
    None (no extra call is made)."""
    if function not in ACCEPTING or not isinstance(error, ValueError) or len(args) != 1 or not _valid(args[0]):
        return None
    blamed = blamed_edges(validate, args[0])
    if not blamed:
        return None
    parts = _parts(blamed)
    return {"nl": "Je code weigert dit geldige voorstel om een waarde op de grens: "
                  + "; ".join(part["nl"] for part in parts) + ". Ga na of je vergelijking de grens zelf toelaat.",
            "en": "Your code refuses this valid proposal because of a value on the edge: "
                  + "; ".join(part["en"] for part in parts) + ". Check that your comparison lets the bound itself "
                  "through."}
