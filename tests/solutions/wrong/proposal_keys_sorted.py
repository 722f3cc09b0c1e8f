"""Wrong: V2/V5/G2: the keys are compared as sorted(proposal) == [...] (and so for arguments); a proposal with a
non-str key ({**p, 1: 'x'}) raises TypeError instead of ValueError (a doctest-style draft)."""
# Checked ticket proposals.
# 
# >>> p = {'call_id': 'c1', 'actor': 'learner', 'name': 'set_ticket', 'version': 0,
# ...      'arguments': {'ticket': 'lamp', 'status': 'done'}}
# >>> proposal_fingerprint(p)[:12]
# '2740616b4637'

import hashlib
import json
import string

LETTERS = string.ascii_letters
ID_TAIL = str.maketrans("", "", string.ascii_letters + string.digits + "_-")
TICKET_TAIL = str.maketrans("", "", string.ascii_lowercase + string.digits + "-")
HEX_DIGITS = str.maketrans("", "", "0123456789abcdef")
ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def is_identifier(text):
    """ASCII letter first, then up to 39 letters, digits, '_' or '-'.

    >>> is_identifier('set_ticket'), is_identifier('9lives'), is_identifier('a' * 41)
    (True, False, False)
    >>> is_identifier('caf\\u00e9'), is_identifier('c1\\n')
    (False, False)
    """
    return (isinstance(text, str) and 1 <= len(text) <= 40 and text[0] in LETTERS
            and text.isascii() and text.translate(ID_TAIL) == "")


def is_ticket(text):
    """Lowercase letter first, then up to 31 lowercase letters, digits or '-'.

    >>> is_ticket('lamp-2'), is_ticket('Lamp'), is_ticket('-x'), is_ticket('')
    (True, False, False, False)
    """
    return (isinstance(text, str) and 1 <= len(text) <= 32 and text[0] in string.ascii_lowercase
            and text.isascii() and text.translate(TICKET_TAIL) == "")


def is_digest(text):
    """Exactly 64 lowercase hex digits.

    >>> is_digest('ab' * 32), is_digest('AB' * 32), is_digest('ab' * 31 + 'a\\n')
    (True, False, False)
    """
    return isinstance(text, str) and len(text) == 64 and text.isascii() and text.translate(HEX_DIGITS) == ""


def is_status(value):
    """
    >>> is_status('open'), is_status('Done'), is_status(['open'])
    (True, False, False)
    """
    return type(value) is str and value in ("open", "done")


def is_count(value, top):
    """
    >>> is_count(0, 5), is_count(5, 5), is_count(6, 5), is_count(True, 5), is_count(1.0, 5)
    (True, True, False, False, False)
    """
    return type(value) is int and 0 <= value <= top


def validate_ticket_proposal(proposal):
    """Return a checked copy of the proposal.

    >>> validate_ticket_proposal({'call_id': 'c1'})
    Traceback (most recent call last):
    ...
    ValueError: a proposal has exactly the fields actor, arguments, call_id, name, version
    """
    fields = ("actor", "arguments", "call_id", "name", "version")
    if not isinstance(proposal, dict) or sorted(proposal) != list(fields):
        raise ValueError("a proposal has exactly the fields " + ", ".join(fields))
    if not all(is_identifier(proposal[key]) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name must be identifiers")
    if not is_count(proposal["version"], 1_000_000):
        raise ValueError("version must be an int from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or sorted(arguments) != ["status", "ticket"]:
        raise ValueError("arguments has exactly the fields status, ticket")
    if not is_ticket(arguments["ticket"]) or not is_status(arguments["status"]):
        raise ValueError("invalid ticket or status")
    checked = dict(proposal)
    checked["arguments"] = dict(arguments)
    return checked


def proposal_fingerprint(proposal):
    """SHA-256 of the canonical JSON, as 64 hex digits.

    >>> len(proposal_fingerprint({'call_id': 'c', 'actor': 'a', 'name': 'n', 'version': 1,
    ...                           'arguments': {'ticket': 't', 'status': 'open'}}))
    64
    """
    hasher = hashlib.new("sha256")
    for chunk in ENCODER.iterencode(validate_ticket_proposal(proposal)):
        hasher.update(chunk.encode("ascii"))
    return "".join(f"{byte:02x}" for byte in hasher.digest())


def check_host_inputs(actor, approved, state, completed):
    """
    >>> check_host_inputs('learner', set(), {'version': 0, 'tickets': {'lamp': 'open'}}, {})
    >>> check_host_inputs('learner', [], {'version': 0, 'tickets': {'lamp': 'open'}}, {})
    Traceback (most recent call last):
    ...
    ValueError: approved must be a set of at most 64 digests
    """
    if not is_identifier(actor):
        raise ValueError("actor must be an identifier")
    if not isinstance(approved, set) or len(approved) > 64 or not all(map(is_digest, approved)):
        raise ValueError("approved must be a set of at most 64 digests")
    if not isinstance(state, dict) or state.keys() != {"tickets", "version"}:
        raise ValueError("state has exactly the fields tickets, version")
    tickets = state["tickets"]
    if not is_count(state["version"], 1_000_001) or not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state version or ticket count out of range")
    if not all(is_ticket(name) and is_status(value) for name, value in tickets.items()):
        raise ValueError("state holds an invalid ticket")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Run one approved set_ticket call at most once.

    >>> p = validate_ticket_proposal({'call_id': 'c1', 'actor': 'learner', 'name': 'set_ticket', 'version': 0,
    ...                               'arguments': {'ticket': 'lamp', 'status': 'done'}})
    >>> state, log = {'version': 0, 'tickets': {'lamp': 'open', 'sensor': 'open'}}, {}
    >>> dispatch_ticket(p, 'learner', {proposal_fingerprint(p)}, state, log)['version']
    1
    >>> dispatch_ticket(p, 'learner', set(), state, log)['replayed'], state['version']
    (True, 1)
    """
    check_host_inputs(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    match clean:
        case {"actor": claimed} if claimed != actor:
            return {"status": "forbidden"}
        case {"name": tool} if tool != "set_ticket":
            return {"status": "unknown-tool"}
        case _ if row is not None and row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        case _ if row is not None:
            return dict(row["result"], replayed=True)
        case {"version": version} if version != state["version"]:
            return {"status": "stale-version"}
        case _ if digest not in approved:
            return {"status": "approval-required"}
        case {"arguments": {"ticket": ticket}} if ticket not in state["tickets"]:
            return {"status": "missing-ticket"}
        case _ if len(completed) >= 64:
            return {"status": "log-full"}
        case {"call_id": call_id, "arguments": {"ticket": ticket, "status": value}}:
            state["tickets"][ticket] = value
            state["version"] += 1
            result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value,
                      "replayed": False}
            completed[call_id] = {"fingerprint": digest, "result": dict(result)}
            return result


if __name__ == "__main__":
    import doctest

    print(doctest.testmod())
