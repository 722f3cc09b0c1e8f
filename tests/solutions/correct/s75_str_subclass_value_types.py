# Style: str and tuple subclasses as value types with their own comparisons (through str(self)),
# a NamedTuple with methods and its own __eq__, classes made inside functions, functools.cmp_to_key over own
# objects, and `in` on lists of own objects (which uses their __eq__).
import functools
import hashlib
import json
import re
from dataclasses import asdict, dataclass
from typing import NamedTuple

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


class StatusName(str):
    """A status word; equal only to the exact same word of type str (never to bytes or a list)."""

    def __eq__(self, other):
        if not isinstance(other, str):
            return NotImplemented
        return str(self) == str(other)

    def __ne__(self, other):
        return not (self == other)

    def __hash__(self):
        return hash(str(self))


ALLOWED_STATUSES = [StatusName('open'), StatusName('done')]


class Limits(NamedTuple):
    rows: int = 64
    approvals: int = 64
    tickets: int = 16
    version: int = 1000000

    def __eq__(self, other):
        return isinstance(other, Limits) and tuple(self) == tuple(other)

    def __hash__(self):
        return hash(tuple(self))

    def state_version_ok(self, value):
        return type(value) is int and 0 <= value <= self.version + 1


LIMITS = Limits()


def _status_ok(value):
    return type(value) is str and value in ALLOWED_STATUSES


def _id_ok(value):
    return type(value) is str and ID.fullmatch(value) is not None


def _ticket_ok(value):
    return type(value) is str and TICKET.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or sorted(map(repr, proposal)) != sorted(
            map(repr, ['call_id', 'actor', 'name', 'version', 'arguments'])):
        raise ValueError('five fields')
    if not (_id_ok(proposal['call_id']) and _id_ok(proposal['actor']) and _id_ok(proposal['name'])):
        raise ValueError('ids')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= LIMITS.version:
        raise ValueError('version')
    arguments = proposal['arguments']
    if type(arguments) is not dict or sorted(map(repr, arguments)) != ["'status'", "'ticket'"]:
        raise ValueError('arguments')
    if not _ticket_ok(arguments['ticket']) or not _status_ok(arguments['status']):
        raise ValueError('ticket/status')
    return json.loads(json.dumps(proposal))


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


@dataclass
class Outcome:
    status: str
    version: int
    ticket: str
    value: str
    replayed: bool


def _order():
    """The checks in the order of D7, sorted from an unordered table with a comparison function."""

    class Check:
        def __init__(self, position, status):
            self.position, self.status = position, status

        def __eq__(self, other):
            return isinstance(other, type(self)) and self.position == other.position

        def __hash__(self):
            return hash(self.position)

    def compare(a, b):
        return (a.position > b.position) - (a.position < b.position)

    table = [Check(6, 'log-full'), Check(3, 'stale-version'), Check(1, 'forbidden'), Check(5, 'missing-ticket'),
             Check(4, 'approval-required'), Check(2, 'unknown-tool')]
    return [check.status for check in sorted(table, key=functools.cmp_to_key(compare))]


ORDER = _order()


def _check_host(actor, approved, state, completed):
    if not _id_ok(actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > LIMITS.approvals:
        raise ValueError('approved')
    for item in approved:
        if type(item) is not str or HEX.fullmatch(item) is None:
            raise ValueError('approval')
    if type(state) is not dict or sorted(map(repr, state)) != ["'tickets'", "'version'"]:
        raise ValueError('state')
    if not LIMITS.state_version_ok(state['version']):
        raise ValueError('state version')
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= LIMITS.tickets:
        raise ValueError('tickets')
    for name, status in tickets.items():
        if not _ticket_ok(name) or not _status_ok(status):
            raise ValueError('ticket entry')
    if type(completed) is not dict or len(completed) > LIMITS.rows:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    digest = proposal_fingerprint(clean)
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    failing = {
        'forbidden': clean['actor'] != actor,
        'unknown-tool': clean['name'] != 'set_ticket',
        'stale-version': clean['version'] != state['version'],
        'approval-required': digest not in approved,
        'missing-ticket': ticket not in state['tickets'],
        'log-full': len(completed) >= LIMITS.rows,
    }
    for status in ORDER[:2]:
        if failing[status]:
            return {'status': status}
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**row['result'], 'replayed': True}
    for status in ORDER[2:]:
        if failing[status]:
            return {'status': status}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = asdict(Outcome('ok', state['version'], ticket, value, False))
    completed[clean['call_id']] = {'fingerprint': digest, 'result': asdict(Outcome(**result))}
    return result
