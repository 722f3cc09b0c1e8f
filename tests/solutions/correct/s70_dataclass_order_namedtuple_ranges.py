# Style: dataclasses with eq/order (frozen checks sorted by rank), a NamedTuple range with methods and __contains__
# (`version in VERSION_RANGE`), results built as collections.OrderedDict (a dict subclass, A10), rows as
# OrderedDicts too (A7), a Fingerprint value class compared with isinstance(other, type(self)).
from __future__ import annotations

import hashlib
import json
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')


class Range(NamedTuple):
    low: int
    high: int

    def __contains__(self, value):
        return type(value) is int and self.low <= value <= self.high

    def describe(self) -> str:
        return f'{self.low}..{self.high}'


VERSION_RANGE = Range(0, 1_000_000)
STATE_VERSION_RANGE = Range(0, 1_000_001)
TICKET_COUNT = Range(1, 16)
APPROVAL_COUNT = Range(0, 64)
LOG_COUNT = Range(0, 64)


@dataclass(frozen=True)
class Fingerprint:
    hexdigest: str

    def __eq__(self, other):
        if isinstance(other, type(self)):
            return self.hexdigest == other.hexdigest
        if isinstance(other, str):
            return self.hexdigest == other
        return NotImplemented

    def __hash__(self):
        return hash(self.hexdigest)


def names_of(mapping) -> list:
    """The keys of a dict, sorted; ValueError for a key that is not a str (no field name is anything else)."""
    if not all(isinstance(key, str) for key in mapping):
        raise ValueError('field names are strings')
    return sorted(mapping)


def is_id(value) -> bool:
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def is_ticket(value) -> bool:
    return isinstance(value, str) and TICKET_RE.fullmatch(value) is not None


def is_status(value) -> bool:
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or names_of(proposal) != sorted(
            ['call_id', 'actor', 'name', 'version', 'arguments']):
        raise ValueError('proposal: a dict with exactly five fields')
    if not all(is_id(proposal[key]) for key in ('call_id', 'actor', 'name')):
        raise ValueError('call_id, actor and name are ids')
    if proposal['version'] not in VERSION_RANGE:
        raise ValueError('version: int ' + VERSION_RANGE.describe())
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or names_of(arguments) != ['status', 'ticket']:
        raise ValueError('arguments: exactly ticket and status')
    if not is_ticket(arguments['ticket']) or not is_status(arguments['status']):
        raise ValueError('bad ticket or status')
    clean = OrderedDict(proposal)
    clean['arguments'] = OrderedDict(arguments)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(
        json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')).hexdigest()


@dataclass(order=True, frozen=True)
class Step:
    rank: int
    status: str = field(compare=False)
    applies: Callable = field(compare=False, repr=False)


@dataclass
class Call:
    proposal: OrderedDict
    actor: str
    approved: frozenset
    state: dict
    completed: dict
    digest: Fingerprint = field(init=False)

    def __post_init__(self):
        self.digest = Fingerprint(proposal_fingerprint(self.proposal))

    @property
    def ticket(self):
        return self.proposal['arguments']['ticket']

    @property
    def value(self):
        return self.proposal['arguments']['status']


STEPS = sorted([
    Step(60, 'log-full', lambda c: len(c.completed) >= LOG_COUNT.high),
    Step(10, 'forbidden', lambda c: c.proposal['actor'] != c.actor),
    Step(40, 'approval-required', lambda c: c.digest not in c.approved),
    Step(20, 'unknown-tool', lambda c: c.proposal['name'] != 'set_ticket'),
    Step(30, 'stale-version', lambda c: c.proposal['version'] != c.state['version']),
    Step(50, 'missing-ticket', lambda c: c.ticket not in c.state['tickets']),
])
REPLAY_RANK = 25  # between the tool check and the version check (D7)


def check_host(actor, approved, state, completed):
    if not is_id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) not in APPROVAL_COUNT:
        raise ValueError('approved: a set of at most 64 digests')
    if not all(isinstance(item, str) and HEX_RE.fullmatch(item) for item in approved):
        raise ValueError('approved: sha-256 hex strings')
    if not isinstance(state, dict) or names_of(state) != ['tickets', 'version']:
        raise ValueError('state: version and tickets')
    if state['version'] not in STATE_VERSION_RANGE:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or len(tickets) not in TICKET_COUNT:
        raise ValueError('tickets: 1..16')
    if not all(is_ticket(k) and is_status(v) for k, v in tickets.items()):
        raise ValueError('tickets: ticket/status pairs')
    if not isinstance(completed, dict) or len(completed) not in LOG_COUNT:
        raise ValueError('completed: at most 64 rows')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    call = Call(clean, actor, frozenset(Fingerprint(a) for a in approved), state, completed)
    for step in STEPS:
        if step.rank > REPLAY_RANK and clean['call_id'] in completed:
            row = completed[clean['call_id']]
            if Fingerprint(row['fingerprint']) != call.digest:
                return OrderedDict(status='call-id-conflict')
            replay = OrderedDict(row['result'])
            replay['replayed'] = True
            return replay
        if step.applies(call):
            return OrderedDict(status=step.status)
    state['tickets'][call.ticket] = call.value
    state['version'] += 1
    result = OrderedDict(status='ok', version=state['version'], ticket=call.ticket, value=call.value, replayed=False)
    completed[clean['call_id']] = OrderedDict(fingerprint=call.digest.hexdigest, result=OrderedDict(result))
    return result
