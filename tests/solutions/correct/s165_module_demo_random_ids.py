# Style: a beginner's file that runs its own demo at import time (no main guard): demo call ids made with
# uuid4, secrets.token_hex and a seeded random, the results printed; plain if/else checks in the functions
import copy
import hashlib
import json
import random
import re
import secrets
import uuid

random.seed(2024)


def validate_ticket_proposal(proposal):
    if type(proposal) != dict:
        raise ValueError("voorstel moet een dict zijn")
    if set(proposal.keys()) != set(["call_id", "actor", "name", "version", "arguments"]):
        raise ValueError("voorstel moet precies vijf velden hebben")
    for veld in ["call_id", "actor", "name"]:
        waarde = proposal[veld]
        if type(waarde) != str or re.fullmatch("[A-Za-z][A-Za-z0-9_-]{0,39}", waarde) == None:
            raise ValueError("ongeldig veld " + veld)
    versie = proposal["version"]
    if type(versie) != int:
        raise ValueError("versie moet een int zijn")
    if versie < 0 or versie > 1000000:
        raise ValueError("versie buiten bereik")
    argumenten = proposal["arguments"]
    if type(argumenten) != dict or set(argumenten.keys()) != set(["ticket", "status"]):
        raise ValueError("arguments moet ticket en status hebben")
    ticket = argumenten["ticket"]
    if type(ticket) != str or re.fullmatch("[a-z][a-z0-9-]{0,31}", ticket) == None:
        raise ValueError("ongeldig ticket")
    if argumenten["status"] != "open" and argumenten["status"] != "done":
        raise ValueError("ongeldige status")
    if type(argumenten["status"]) != str:
        raise ValueError("status moet tekst zijn")
    nieuw = copy.copy(proposal)
    nieuw["arguments"] = copy.copy(argumenten)
    return nieuw


def proposal_fingerprint(proposal):
    schoon = validate_ticket_proposal(proposal)
    tekst = json.dumps(schoon, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(tekst.encode("ascii")).hexdigest()


def controleer_host(actor, approved, state, completed):
    if type(actor) != str or re.fullmatch("[A-Za-z][A-Za-z0-9_-]{0,39}", actor) == None:
        raise ValueError("ongeldige hostactor")
    if type(approved) != set or len(approved) > 64:
        raise ValueError("approved moet een set zijn")
    for h in approved:
        if type(h) != str or re.fullmatch("[0-9a-f]{64}", h) == None:
            raise ValueError("ongeldige goedkeuring")
    if type(state) != dict or set(state.keys()) != set(["version", "tickets"]):
        raise ValueError("ongeldige state")
    if type(state["version"]) != int or state["version"] < 0 or state["version"] > 1000001:
        raise ValueError("ongeldige state-versie")
    tickets = state["tickets"]
    if type(tickets) != dict or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError("ongeldige tickets")
    for naam in tickets:
        if type(naam) != str or re.fullmatch("[a-z][a-z0-9-]{0,31}", naam) == None:
            raise ValueError("ongeldige ticketnaam")
        if type(tickets[naam]) != str or tickets[naam] not in ["open", "done"]:
            raise ValueError("ongeldige ticketstatus")
    if type(completed) != dict or len(completed) > 64:
        raise ValueError("ongeldig log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    controleer_host(actor, approved, state, completed)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    vingerafdruk = proposal_fingerprint(p)
    if p["call_id"] in completed:
        if completed[p["call_id"]]["fingerprint"] == vingerafdruk:
            kopie = copy.deepcopy(completed[p["call_id"]]["result"])
            kopie["replayed"] = True
            return kopie
        else:
            return {"status": "call-id-conflict"}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if vingerafdruk not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    state["tickets"][p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] = state["version"] + 1
    resultaat = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
                 "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": vingerafdruk, "result": copy.deepcopy(resultaat)}
    return resultaat


# Demo
demo_ids = ["c" + uuid.uuid4().hex[:8], "c" + secrets.token_hex(4), "c" + str(random.randint(100, 999))]
toestand = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
log = {}
for nummer, call_id in enumerate(demo_ids):
    voorstel = {"call_id": call_id, "actor": "learner", "name": "set_ticket", "version": nummer,
                "arguments": {"ticket": random.choice(["lamp", "sensor"]), "status": "done"}}
    print(dispatch_ticket(voorstel, "learner", {proposal_fingerprint(voorstel)}, toestand, log))
print(toestand)
