import copy
import hashlib
import json
import re

# patronen uit de opdracht
ID_REGEX = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_REGEX = re.compile(r"[a-z][a-z0-9-]{0,31}")
SHA_REGEX = re.compile(r"[0-9a-f]{64}")


def is_geldig_id(x):
    return isinstance(x, str) and ID_REGEX.fullmatch(x) is not None


def is_geldig_ticket(x):
    return isinstance(x, str) and TICKET_REGEX.fullmatch(x) is not None


def is_geldige_status(x):
    return isinstance(x, str) and x in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("voorstel moet een dict zijn")
    if sorted(proposal.keys(), key=str) != ["actor", "arguments", "call_id", "name", "version"]:
        raise ValueError("verkeerde velden")
    if not is_geldig_id(proposal["call_id"]) or not is_geldig_id(proposal["actor"]) or not is_geldig_id(proposal["name"]):
        raise ValueError("ongeldige id")
    versie = proposal["version"]
    if type(versie) != int or versie < 0 or versie > 1000000:
        raise ValueError("ongeldige versie")
    args = proposal["arguments"]
    if not isinstance(args, dict) or sorted(args.keys(), key=str) != ["status", "ticket"]:
        raise ValueError("ongeldige arguments")
    if not is_geldig_ticket(args["ticket"]):
        raise ValueError("ongeldig ticket")
    if not is_geldige_status(args["status"]):
        raise ValueError("ongeldige status")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    s = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(s.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not is_geldig_id(actor):
        raise ValueError("ongeldige hostactor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved moet een set zijn")
    for h in approved:
        if not isinstance(h, str) or not SHA_REGEX.fullmatch(h):
            raise ValueError("geen sha256")
    if not isinstance(state, dict) or sorted(state.keys(), key=str) != ["tickets", "version"]:
        raise ValueError("ongeldige state")
    if type(state["version"]) != int or not (0 <= state["version"] <= 1000001):
        raise ValueError("ongeldige state-versie")
    if not isinstance(state["tickets"], dict) or not (1 <= len(state["tickets"]) <= 16):
        raise ValueError("ongeldige tickets")
    for naam, status in state["tickets"].items():
        if not is_geldig_ticket(naam) or not is_geldige_status(status):
            raise ValueError("ongeldig ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("ongeldig log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    check_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}

    fp = proposal_fingerprint(p)
    if p["call_id"] in completed:
        vorige = completed[p["call_id"]]
        if vorige["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        kopie = copy.deepcopy(vorige["result"])
        kopie["replayed"] = True
        return kopie

    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}

    state["tickets"][ticket] = p["arguments"]["status"]
    state["version"] += 1
    result = {
        "status": "ok",
        "version": state["version"],
        "ticket": ticket,
        "value": p["arguments"]["status"],
        "replayed": False,
    }
    completed[p["call_id"]] = {"fingerprint": fp, "result": copy.deepcopy(result)}
    return result


if __name__ == "__main__":
    p = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
         "arguments": {"ticket": "lamp", "status": "done"}}
    clean = validate_ticket_proposal(p)
    p["arguments"]["status"] = "open"
    print(clean["arguments"]["status"])
    p = clean
    approved = {proposal_fingerprint(p)}
    state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
    log = {}
    r = dispatch_ticket(p, "learner", approved, state, log)
    print(r["status"], state["version"])
    r = dispatch_ticket(p, "learner", set(), state, log)
    print(r["replayed"], state["version"])
