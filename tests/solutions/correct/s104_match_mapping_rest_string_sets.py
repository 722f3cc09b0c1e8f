"""match/case with mapping patterns (**rest), class patterns for types, guard clauses, for/else."""
import hashlib
import json
import string
import sys

LETTERS = frozenset(string.ascii_letters)
ID_TAIL = LETTERS | frozenset(string.digits) | {"_", "-"}
LOWER = frozenset(string.ascii_lowercase)
TICKET_TAIL = LOWER | frozenset(string.digits) | {"-"}
HEXCHARS = frozenset("0123456789abcdef")


def is_id(s):
    match s:
        case str() if 1 <= len(s) <= 40 and s[0] in LETTERS:
            for ch in s[1:]:
                if ch not in ID_TAIL:
                    return False
            else:
                return True
        case _:
            return False


def is_ticket(s):
    match s:
        case str() if 0 < len(s) <= 32 and s[0] in LOWER and set(s) <= TICKET_TAIL:
            return True
    return False


def is_version(v, top):
    match v:
        case bool():
            return False
        case int() if 0 <= v <= top:
            return True
        case _:
            return False


def validate_ticket_proposal(proposal):
    match proposal:
        case {"call_id": cid, "actor": who, "name": tool, "version": ver,
              "arguments": {"ticket": tk, "status": ("open" | "done") as st, **more_args}, **rest} \
                if not rest and not more_args and type(proposal) is dict and type(proposal["arguments"]) is dict:
            pass
        case _:
            raise ValueError(f"ongeldig voorstel: {proposal!r}")
    if not isinstance(st, str):
        raise ValueError("status moet tekst zijn")
    if not (is_id(cid) and is_id(who) and is_id(tool)):
        raise ValueError("ongeldige id")
    if not is_version(ver, 1_000_000):
        raise ValueError(f"{ver=}")
    if not is_ticket(tk):
        raise ValueError(f"ongeldig ticket {tk!r}")
    return {"call_id": cid, "actor": who, "name": tool, "version": ver, "arguments": {"ticket": tk, "status": st}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    digest = hashlib.sha256(json.dumps(clean, separators=(",", ":"), sort_keys=True).encode()).digest()
    return digest.hex()


def check_host(actor, approved, state, completed):
    if not is_id(actor):
        raise ValueError("actor")
    match approved:
        case set() if len(approved) <= 64 and all(isinstance(a, str) and len(a) == 64 and set(a) <= HEXCHARS for a in approved):
            pass
        case _:
            raise ValueError("approved")
    match state:
        case {"version": v, "tickets": dict() as tickets, **rest} if not rest and is_version(v, 1_000_001):
            if not 1 <= len(tickets) <= 16:
                raise ValueError("tickets")
            for k, val in tickets.items():
                if not is_ticket(k) or not isinstance(val, str) or val not in ("open", "done"):
                    raise ValueError("ticket")
        case _:
            raise ValueError("state")
    match completed:
        case dict() if len(completed) <= 64:
            pass
        case _:
            raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    fp = proposal_fingerprint(p)
    match p:
        case {"actor": a} if a != actor:
            return {"status": "forbidden"}
        case {"name": n} if n != "set_ticket":
            return {"status": "unknown-tool"}
        case {"call_id": c} if c in completed:
            row = completed[c]
            if row["fp"] != fp:
                return {"status": "call-id-conflict"}
            return {**row["result"], "replayed": True}
        case {"version": v} if v != state["version"]:
            return {"status": "stale-version"}
        case _ if fp not in approved:
            return {"status": "approval-required"}
        case {"arguments": {"ticket": t}} if t not in state["tickets"]:
            return {"status": "missing-ticket"}
        case _ if len(completed) >= 64:
            return {"status": "log-full"}
    t, s = p["arguments"]["ticket"], p["arguments"]["status"]
    state["tickets"][t] = s
    state["version"] += 1
    res = {"status": "ok", "version": state["version"], "ticket": t, "value": s, "replayed": False}
    completed[p["call_id"]] = {"fp": fp, "result": dict(res)}
    print(f"dispatched {p['call_id']}", file=sys.stderr)
    return res
