import copy
import hashlib
import json
import re

ID_RE = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET_RE = r"[a-z][a-z0-9-]{0,31}"


def geldig_id(waarde):
    return isinstance(waarde, str) and re.fullmatch(ID_RE, waarde) is not None


def geldig_ticket(waarde):
    return isinstance(waarde, str) and re.fullmatch(TICKET_RE, waarde) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("ongeldig voorstel")
    for veld in ["call_id", "actor", "name"]:
        if not geldig_id(proposal[veld]):
            raise ValueError("ongeldig " + veld)
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("ongeldige versie")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise ValueError("ongeldige arguments")
    if not geldig_ticket(args["ticket"]):
        raise ValueError("ongeldig ticket")
    if not isinstance(args["status"], str) or args["status"] not in ["open", "done"]:
        raise ValueError("ongeldige status")
    kopie = dict(proposal)
    kopie["arguments"] = dict(args)
    return kopie


def proposal_fingerprint(proposal):
    schoon = validate_ticket_proposal(proposal)
    tekst = json.dumps(schoon, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(tekst.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    voorstel = validate_ticket_proposal(proposal)
    if not geldig_id(actor):
        raise ValueError("ongeldige actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("ongeldige goedkeuringen")
    for h in approved:
        if not isinstance(h, str) or not re.fullmatch(r"[0-9a-f]{64}", h):
            raise ValueError("ongeldige goedkeuring")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("ongeldige state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("ongeldige state-versie")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("ongeldige tickets")
    for naam, status in tickets.items()
        if not geldig_ticket(naam) or status not in ["open", "done"] or not isinstance(status, str):
            raise ValueError("ongeldig ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("ongeldig log")

    if voorstel["actor"] != actor:
        return {"status": "forbidden"}
    if voorstel["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    afdruk = proposal_fingerprint(voorstel)
    if voorstel["call_id"] in completed:
        if completed[voorstel["call_id"]]["fingerprint"] != afdruk:
            return {"status": "call-id-conflict"}
        herhaling = copy.deepcopy(completed[voorstel["call_id"]]["result"])
        herhaling["replayed"] = True
        return herhaling
    if voorstel["version"] != state["version"]:
        return {"status": "stale-version"}
    if afdruk not in approved:
        return {"status": "approval-required"}
    ticket = voorstel["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = voorstel["arguments"]["status"]
    state["version"] += 1
    resultaat = {"status": "ok", "version": state["version"], "ticket": ticket,
                 "value": voorstel["arguments"]["status"], "replayed": False}
    completed[voorstel["call_id"]] = {"fingerprint": afdruk, "result": copy.deepcopy(resultaat)}
    return resultaat
