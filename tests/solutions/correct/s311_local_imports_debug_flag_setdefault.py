# Style: a beginner's script grown step by step: imports inside the functions that need them, a module-level DEBUG
# flag with f-string "=" debug prints, %-formatting in messages, dict.setdefault to write the log row, a
# "checks" list of (condition, message) tuples walked in a for loop, and while-loop scanning of identifiers.
DEBUG = False

TOOL = "set_ticket"
MAX_LOG = 64


def debug(*parts):
    if DEBUG:
        print("[debug]", *parts)


def scan_word(text, first_ok, rest_ok, max_len):
    """Walk the string by hand: the first character, then the rest."""
    if type(text) is not str or len(text) == 0 or len(text) > max_len:
        return False
    if not first_ok(text[0]):
        return False
    i = 1
    while i < len(text):
        if not rest_ok(text[i]):
            return False
        i += 1
    return True


def ascii_letter(c):
    return "a" <= c <= "z" or "A" <= c <= "Z"


def ascii_lower(c):
    return "a" <= c <= "z"


def ascii_digit(c):
    return "0" <= c <= "9"


def id_char(c):
    return ascii_letter(c) or ascii_digit(c) or c in "_-"


def ticket_char(c):
    return ascii_lower(c) or ascii_digit(c) or c == "-"


def good_id(value):
    return scan_word(value, ascii_letter, id_char, 40)


def good_ticket(value):
    return scan_word(value, ascii_lower, ticket_char, 32)


def good_status(value):
    return type(value) is str and (value == "open" or value == "done")


def good_int(value, high):
    return type(value) is int and 0 <= value <= high


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError("proposal is a %s, not a dict" % type(proposal).__name__)
    wanted = {"call_id", "actor", "name", "version", "arguments"}
    if set(proposal.keys()) != wanted:
        raise ValueError("proposal keys are wrong: %r" % (sorted(map(str, proposal.keys())),))
    arguments = proposal["arguments"]
    checks = [
        (good_id(proposal["call_id"]), "call_id"),
        (good_id(proposal["actor"]), "actor"),
        (good_id(proposal["name"]), "name"),
        (good_int(proposal["version"], 1000000), "version"),
        (type(arguments) is dict and set(arguments.keys()) == {"ticket", "status"}, "arguments"),
    ]
    for ok, field in checks:
        if not ok:
            raise ValueError("invalid %s" % field)
    if not good_ticket(arguments["ticket"]):
        raise ValueError("invalid ticket")
    if not good_status(arguments["status"]):
        raise ValueError("invalid status")
    import copy

    clean = copy.copy(proposal)
    clean["arguments"] = copy.copy(arguments)
    debug(f"{clean=}")
    return clean


def proposal_fingerprint(proposal):
    import hashlib
    import json

    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("ascii")).hexdigest()
    debug(f"{text=} {digest=}")
    return digest


def good_digest(value):
    if type(value) is not str or len(value) != 64:
        return False
    for c in value:
        if not (ascii_digit(c) or "a" <= c <= "f"):
            return False
    return True


def check_host(actor, approved, state, completed):
    if not good_id(actor):
        raise ValueError("invalid host actor")
    if type(approved) is not set or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 items")
    for item in approved:
        if not good_digest(item):
            raise ValueError("approved holds %r, not a sha256 hex string" % (item,))
    if type(state) is not dict or set(state.keys()) != {"version", "tickets"}:
        raise ValueError("state needs exactly version and tickets")
    if not good_int(state["version"], 1000001):
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError("state needs 1 to 16 tickets")
    for name in tickets:
        if not good_ticket(name) or not good_status(tickets[name]):
            raise ValueError("bad ticket in state: %r" % (name,))
    if type(completed) is not dict or len(completed) > MAX_LOG:
        raise ValueError("completed must be a dict with at most %d rows" % MAX_LOG)


def dispatch_ticket(proposal, actor, approved, state, completed):
    check_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    debug(f"{actor=} {p['call_id']=} {state['version']=}")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != TOOL:
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] == fp:
            again = dict(row["result"])
            again["replayed"] = True
            return again
        return {"status": "call-id-conflict"}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= MAX_LOG:
        return {"status": "log-full"}
    state["tickets"][ticket] = p["arguments"]["status"]
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": p["arguments"]["status"], "replayed": False}
    row = completed.setdefault(p["call_id"], {})
    row["fingerprint"] = fp
    row["result"] = dict(result)
    return result
