"""Every dispatch is logged with the office's local time: zoneinfo.ZoneInfo('Europe/Amsterdam') (an IANA key),
checked with isinstance(..., ZoneInfo), beside a UTC stamp; the log is own bookkeeping, never returned."""
import hashlib
import json
import re
import zoneinfo
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

try:
    OFFICE = ZoneInfo("Europe/Amsterdam")
except ZoneInfoNotFoundError:  # a machine without time-zone data
    OFFICE = timezone.utc
assert isinstance(OFFICE, (ZoneInfo, timezone)) and isinstance(OFFICE, zoneinfo.ZoneInfo)
assert ZoneInfo("Europe/Amsterdam") is OFFICE and str(OFFICE) == OFFICE.key == "Europe/Amsterdam"
SUMMER = datetime(2024, 7, 1, 12, tzinfo=OFFICE)
assert SUMMER.utcoffset() == timedelta(hours=2) and SUMMER.tzname() == "CEST" and SUMMER.dst() == timedelta(hours=1)
assert datetime(2024, 1, 1, tzinfo=timezone.utc).astimezone(OFFICE).hour == 1
assert datetime(2024, 1, 1, 1, tzinfo=ZoneInfo("America/New_York")).utcoffset() == timedelta(hours=-5)
for bad_key in ("Mars/Olympus_Mons", "../etc/passwd"):
    try:
        ZoneInfo(bad_key)
    except (ZoneInfoNotFoundError, ValueError):
        pass
    else:
        raise AssertionError(bad_key)
AUDIT = []


def local_stamp(zone=OFFICE):
    if not isinstance(zone, ZoneInfo):
        raise TypeError("a ZoneInfo is needed")
    now = datetime.now(zone)
    return now.isoformat(timespec="seconds"), now.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}


def is_id(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("proposal must have exactly five fields")
    for key in ("call_id", "actor", "name"):
        if not is_id(proposal[key]):
            raise ValueError(f"invalid {key}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("invalid version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("invalid arguments")
    ticket, status = arguments["ticket"], arguments["status"]
    if not isinstance(ticket, str) or TICKET_RE.fullmatch(ticket) is None:
        raise ValueError("invalid ticket")
    if not isinstance(status, str) or status not in ("open", "done"):
        raise ValueError("invalid status")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": ticket, "status": status}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not is_id(actor):
        raise ValueError("invalid actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("invalid approvals")
    for digest in approved:
        if not isinstance(digest, str) or HEX_RE.fullmatch(digest) is None:
            raise ValueError("invalid approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("invalid state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("invalid tickets")
    for key, value in tickets.items():
        if not isinstance(key, str) or TICKET_RE.fullmatch(key) is None or not isinstance(value, str) \
                or value not in ("open", "done"):
            raise ValueError("invalid ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("invalid log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    result = decide(p, actor, approved, state, completed)
    local, utc = local_stamp()
    AUDIT.append({"call_id": p["call_id"], "status": result["status"], "local": local, "utc": utc})
    del AUDIT[:-32]
    return result


def decide(p, actor, approved, state, completed):
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
