"""Inputs the checks build: the lesson's proposal and host state, and the trusted fingerprint H(p)."""

from __future__ import annotations

import hashlib
import json


def proposal(**changes: object) -> dict:
    """A fresh copy of the lesson's proposal p (lesson §1), with top-level fields replaced.

    ``ticket=`` and ``status=`` replace fields inside ``arguments``.
    """
    arguments = {"ticket": changes.pop("ticket", "lamp"), "status": changes.pop("status", "done")}
    base = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0, "arguments": arguments}
    base.update(changes)
    return base


def state(version: int = 0, **tickets: str) -> dict:
    """A fresh host state (lesson §3): lamp and sensor open unless ``tickets`` are given."""
    return {"version": version, "tickets": dict(tickets) if tickets else {"lamp": "open", "sensor": "open"}}


def fingerprint(p: dict) -> str:
    """H(p): SHA-256 hex of the canonical JSON of ``p`` (CONTRACT.md F1), computed by trusted code."""
    encoded = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("ascii")).hexdigest()


def _without(field: str) -> dict:
    p = proposal()
    del p[field]
    return p


def _arguments(value: object) -> dict:
    p = proposal()
    p["arguments"] = value
    return p


# Proposals that V1-V7 refuse, as (case id, what the student sees, builder). Checkpoint 1
# checks each one; checkpoints 2 and 3 inherit them (CONTRACT.md F4, D5, "Grading policy").
# The builders return fresh objects on every call.
INVALID_PROPOSALS: list[tuple[str, str, object]] = [
    ("none", "None", lambda: None),
    ("list", "[...] (een lijst i.p.v. dict / a list, not a dict)", lambda: list(proposal().items())),
    ("str", "'c1'", lambda: "c1"),
    ("extra-approved", "p + {'approved': True}", lambda: {**proposal(), "approved": True}),
    ("missing-version", "p zonder/without 'version'", lambda: _without("version")),
    ("missing-arguments", "p zonder/without 'arguments'", lambda: _without("arguments")),
    ("call-id-empty", "call_id=''", lambda: proposal(call_id="")),
    ("call-id-digit-first", "call_id='1c'", lambda: proposal(call_id="1c")),
    ("call-id-underscore-first", "call_id='_c1'", lambda: proposal(call_id="_c1")),
    ("call-id-41", "call_id='c' * 41", lambda: proposal(call_id="c" * 41)),
    ("call-id-newline", "call_id='c1\\n'", lambda: proposal(call_id="c1\n")),
    ("call-id-space", "call_id='c 1'", lambda: proposal(call_id="c 1")),
    ("call-id-int", "call_id=1", lambda: proposal(call_id=1)),
    ("actor-accent", "actor='léarner'", lambda: proposal(actor="l\u00e9arner")),
    ("actor-kelvin", "actor='\\u212a' (Kelvin-teken / Kelvin sign)", lambda: proposal(actor="\u212a")),
    ("actor-arabic-digit", "actor='a\\u0661'", lambda: proposal(actor="a\u0661")),
    ("name-dot", "name='set.ticket'", lambda: proposal(name="set.ticket")),
    ("name-none", "name=None", lambda: proposal(name=None)),
    ("version-true", "version=True", lambda: proposal(version=True)),
    ("version-false", "version=False", lambda: proposal(version=False)),
    ("version-float", "version=1.0", lambda: proposal(version=1.0)),
    ("version-negative", "version=-1", lambda: proposal(version=-1)),
    ("version-too-big", "version=1000001", lambda: proposal(version=1000001)),
    ("version-str", "version='0'", lambda: proposal(version="0")),
    ("arguments-list", "arguments=['lamp', 'done']", lambda: _arguments(["lamp", "done"])),
    ("arguments-none", "arguments=None", lambda: _arguments(None)),
    ("arguments-extra", "arguments + {'approved': True}",
     lambda: _arguments({"ticket": "lamp", "status": "done", "approved": True})),
    ("arguments-missing-status", "arguments={'ticket': 'lamp'}", lambda: _arguments({"ticket": "lamp"})),
    ("ticket-upper", "ticket='Lamp'", lambda: proposal(ticket="Lamp")),
    ("ticket-underscore", "ticket='lamp_1'", lambda: proposal(ticket="lamp_1")),
    ("ticket-33", "ticket='l' * 33", lambda: proposal(ticket="l" * 33)),
    ("ticket-newline", "ticket='lamp\\n'", lambda: proposal(ticket="lamp\n")),
    ("ticket-int", "ticket=7", lambda: proposal(ticket=7)),
    ("status-closed", "status='closed'", lambda: proposal(status="closed")),
    ("status-upper", "status='Done'", lambda: proposal(status="Done")),
    ("status-space", "status='done '", lambda: proposal(status="done ")),
    ("status-none", "status=None", lambda: proposal(status=None)),
    ("status-true", "status=True", lambda: proposal(status=True)),
    ("status-list", "status=['open'] (onhashbaar / unhashable)", lambda: proposal(status=["open"])),
    ("status-bytes", "status=b'done'", lambda: proposal(status=b"done")),
]
