"""Wrong: D19: the statuses in the host's state (any str, A2) are turned into plain str in place before the status checks, so a refused call changes StrEnum members the host gave into str."""
import hashlib
import json
import re
from collections.abc import Mapping, Set

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEXDIGEST = re.compile(r"[0-9a-fA-F]{64}")


def _str(value, pattern):
    return isinstance(value, str) and pattern.fullmatch(str(value)) is not None


def _int(value, top):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def _status(value):
    return isinstance(value, str) and str(value) in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, Mapping) or set(proposal.keys()) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("Het voorstel heeft niet precies de vijf velden.")
    for key in ("call_id", "actor", "name"):
        if not _str(proposal[key], ID):
            raise ValueError(f"Ongeldige {key}.")
    if not _int(proposal["version"], 1_000_000):
        raise ValueError("Ongeldige versie.")
    arguments = proposal["arguments"]
    if not isinstance(arguments, Mapping) or set(arguments.keys()) != {"ticket", "status"}:
        raise ValueError("Ongeldige arguments.")
    if not _str(arguments["ticket"], TICKET) or not _status(arguments["status"]):
        raise ValueError("Ongeldig ticket of status.")
    return {
        "call_id": str(proposal["call_id"]), "actor": str(proposal["actor"]), "name": str(proposal["name"]),
        "version": int(proposal["version"]),
        "arguments": {"ticket": str(arguments["ticket"]), "status": str(arguments["status"])},
    }


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _host(actor, approved, state, completed):
    if not _str(actor, ID):
        raise ValueError("Ongeldige hostactor.")
    if not isinstance(approved, Set) or len(approved) > 64 or not all(_str(a, HEXDIGEST) for a in approved):
        raise ValueError("Ongeldige goedkeuringen.")
    if not isinstance(state, Mapping) or set(state.keys()) != {"version", "tickets"}:
        raise ValueError("Ongeldige state.")
    version = state["version"]
    if not isinstance(version, int) or not 0 <= version <= 1_000_001:
        raise ValueError("Ongeldige stateversie.")
    tickets = state["tickets"]
    if not isinstance(tickets, Mapping) or not 1 <= len(tickets) <= 16:
        raise ValueError("Ongeldige tickets.")
    if not all(_str(k, TICKET) and _status(v) for k, v in tickets.items()):
        raise ValueError("Ongeldig ticketpaar.")
    if isinstance(tickets, dict):
        for key in list(tickets):
            tickets[key] = str(tickets[key])  # statuses as plain text from here on
    if not isinstance(completed, Mapping) or len(completed) > 64:
        raise ValueError("Ongeldig log.")


def _refuse(status, reason):
    return {"status": status, "reason": reason, "replayed": False}


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return _refuse("forbidden", "actor verschilt van de sessieactor")
    if clean["name"] != "set_ticket":
        return _refuse("unknown-tool", f"tool {clean['name']!r} bestaat niet")
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return _refuse("call-id-conflict", "andere inhoud onder dezelfde call-ID")
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return _refuse("stale-version", f"verwacht {state['version']}")
    if digest not in {str(a).lower() for a in approved}:
        return _refuse("approval-required", "geen hostbesluit voor deze inhoud")
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return _refuse("missing-ticket", f"{ticket} bestaat niet")
    if len(completed) >= 64:
        return _refuse("log-full", "64 rijen")
    state["tickets"] = {**state["tickets"], ticket: value}
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": dict(result), "actor": actor, "row": len(completed) + 1}
    return result
