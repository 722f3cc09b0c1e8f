# Style: a command-line tool whose options are parsed at import, outside any main guard (args = parser.parse_args()
# at module level, as in a script that is only ever run directly); the options tune the debug output and the limits
# the functions print, and a --demo run is a plain if on the parsed flag.
import argparse
import copy
import hashlib
import json
import re
import sys

parser = argparse.ArgumentParser(description="Dispatch ticket proposals the host approved.")
parser.add_argument("-v", "--verbose", action="count", default=0, help="print what each step decides")
parser.add_argument("--demo", action="store_true", help="run the lesson's example")
parser.add_argument("--log-limit", type=int, default=64, help="rows the completed log holds (default %(default)s)")
options = parser.parse_args(sys.argv[1:])

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
SHA = re.compile(r"[0-9a-f]{64}")
LOG_LIMIT = options.log_limit


def say(level, *parts):
    if options.verbose >= level:
        print(*parts, file=sys.stderr)


def fits(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    say(2, "validating", proposal)
    if not isinstance(proposal, dict) or proposal.keys() != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("a proposal has exactly call_id, actor, name, version and arguments")
    if not (fits(ID, proposal["call_id"]) and fits(ID, proposal["actor"]) and fits(ID, proposal["name"])):
        raise ValueError("call_id, actor and name are ASCII ids")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version is a plain int from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or arguments.keys() != {"ticket", "status"}:
        raise ValueError("arguments has exactly ticket and status")
    if not fits(TICKET, arguments["ticket"]):
        raise ValueError("ticket is a lowercase ticket name")
    if arguments["status"] not in ("open", "done") or not isinstance(arguments["status"], str):
        raise ValueError("status is open or done")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("ascii")).hexdigest()
    say(1, "fingerprint", digest)
    return digest


def validate_host(actor, approved, state, completed):
    if not fits(ID, actor):
        raise ValueError("host actor is an ASCII id")
    if not isinstance(approved, set) or len(approved) > 64 or not all(fits(SHA, item) for item in approved):
        raise ValueError("approved is a set of at most 64 SHA-256 hex strings")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ValueError("state has exactly version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version is an int from 0 to 1000001")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state tickets holds 1 to 16 tickets")
    for name, status in tickets.items():
        if not fits(TICKET, name) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("state tickets holds ticket/status pairs")
    if not isinstance(completed, dict) or len(completed) > LOG_LIMIT:
        raise ValueError("completed holds at most %d rows" % LOG_LIMIT)


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    validate_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        say(1, "refused: forbidden")
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = copy.deepcopy(row["result"])
        replay["replayed"] = True
        say(1, "replay of", clean["call_id"])
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= LOG_LIMIT:
        return {"status": "log-full"}
    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": copy.deepcopy(result)}
    say(1, "applied", result)
    return result


if options.demo:
    example = {"call_id": "c1", "actor": "ana", "name": "set_ticket", "version": 0,
               "arguments": {"ticket": "lamp", "status": "done"}}
    host_state = {"version": 0, "tickets": {"lamp": "open"}}
    print(dispatch_ticket(example, "ana", {proposal_fingerprint(example)}, host_state, {}))
