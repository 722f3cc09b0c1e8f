# Style: defensive wrappers that log a traceback before turning any unexpected error into a ValueError
# (traceback.print_exc / format_exc in except blocks), validators that may raise TypeError or KeyError inside
import copy
import hashlib
import json
import logging
import re
import traceback

log = logging.getLogger(__name__)

FIELDS = ("call_id", "actor", "name", "version", "arguments")


def _validate(proposal):
    # Deliberately EAFP: wrong types raise TypeError/KeyError/AttributeError here, the wrapper converts them.
    if len(proposal.keys() ^ set(FIELDS)):
        raise ValueError("fields")
    for key in FIELDS[:3]:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", proposal[key]):
            raise ValueError(key)
    version = proposal["version"]
    if version.__class__ is not int or not 0 <= version <= 1000000:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or len(arguments.keys() ^ {"ticket", "status"}):
        raise ValueError("arguments")
    if not re.fullmatch(r"[a-z][a-z0-9-]{0,31}", arguments["ticket"]):
        raise ValueError("ticket")
    if arguments["status"].__class__ is not str or arguments["status"] not in ("open", "done"):
        raise ValueError("status")
    if not isinstance(proposal, dict):
        raise ValueError("proposal")
    return {**proposal, "arguments": dict(arguments)}


def validate_ticket_proposal(proposal):
    try:
        return _validate(proposal)
    except ValueError:
        raise
    except Exception as error:  # TypeError from re, KeyError, AttributeError of a non-dict
        log.debug("unexpected input: %s", traceback.format_exc())
        traceback.print_exc()
        raise ValueError(f"invalid proposal: {traceback.format_exception_only(error)[-1].strip()}") from None


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _host(actor, approved, state, completed):
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", actor):
        raise ValueError("actor")
    if approved.__class__ is not set or len(approved) > 64:
        raise ValueError("approved")
    for digest in approved:
        if not re.fullmatch(r"[0-9a-f]{64}", digest):
            raise ValueError("digest")
    if state.__class__ is not dict or len(state.keys() ^ {"version", "tickets"}):
        raise ValueError("state")
    if state["version"].__class__ is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if tickets.__class__ is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for name, status in tickets.items():
        if not re.fullmatch(r"[a-z][a-z0-9-]{0,31}", name) or status.__class__ is not str \
                or status not in ("open", "done"):
            raise ValueError("ticket")
    if completed.__class__ is not dict or len(completed) > 64:
        raise ValueError("completed")


def check_host(actor, approved, state, completed):
    try:
        _host(actor, approved, state, completed)
    except ValueError:
        raise
    except Exception:
        traceback.print_exc()
        raise ValueError("invalid host input") from None


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**copy.deepcopy(row["result"]), "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
