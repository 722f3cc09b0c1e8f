# Style: a dispatcher object made per call (no state between calls) with own container classes used through
# `in`; comparison methods written with the student's own decorator (a plain def wrapper that answers
# NotImplemented for other classes), with typing.final and with typing.overload stubs before the real def;
# rows are frozen, ordered dataclasses answering row['fingerprint'] / row['result'] (A7); results OrderedDicts.
import hashlib
import json
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import final, overload

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


def same_class_only(method):
    """Decorator for binary methods: other classes get NotImplemented, so Python tries the other side."""
    def checked(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return method(self, other)
    return checked


class Pattern:
    """A whole-string pattern used as a container: `value in Pattern(...)`."""

    def __init__(self, regex):
        self.regex = regex

    def __contains__(self, value):
        return type(value) is str and self.regex.fullmatch(value) is not None

    @same_class_only
    def __eq__(self, other):
        return self.regex.pattern == other.regex.pattern

    def __hash__(self):
        return hash(self.regex.pattern)


IDS = Pattern(ID)
TICKETS = Pattern(TICKET)
DIGESTS = Pattern(HEX)


class OneOf:
    def __init__(self, *options):
        self.options = options

    def __contains__(self, value):
        return type(value) is str and any(value == option for option in self.options)


STATUSES = OneOf('open', 'done')


class Between:
    def __init__(self, low, high):
        self.low, self.high = low, high

    def __contains__(self, value):
        return type(value) is int and self.low <= value <= self.high

    @overload
    def __eq__(self, other: 'Between') -> bool: ...

    @overload
    def __eq__(self, other: object) -> bool: ...

    def __eq__(self, other):
        return isinstance(other, Between) and (self.low, self.high) == (other.low, other.high)

    def __hash__(self):
        return hash((self.low, self.high))


class KeySet:
    def __init__(self, *names):
        self.names = frozenset(names)

    def __contains__(self, mapping):
        return type(mapping) is dict and len(mapping) == len(self.names) and all(k in self.names for k in mapping)

    @final
    def __eq__(self, other):
        return type(other) is type(self) and self.names == other.names

    def __hash__(self):
        return hash(self.names)


PROPOSAL = KeySet('call_id', 'actor', 'name', 'version', 'arguments')
ARGUMENTS = KeySet('ticket', 'status')
STATE = KeySet('version', 'tickets')


@dataclass(frozen=True, order=True)
class Row:
    fingerprint: str
    result: dict = field(compare=False, hash=False)

    def __getitem__(self, key):
        return {'fingerprint': self.fingerprint, 'result': self.result}[key]

    def __contains__(self, key):
        return key in ('fingerprint', 'result')


def validate_ticket_proposal(proposal):
    if proposal not in PROPOSAL:
        raise ValueError('proposal fields')
    if any(proposal[key] not in IDS for key in ('call_id', 'actor', 'name')):
        raise ValueError('ids')
    if proposal['version'] not in Between(0, 1000000):
        raise ValueError('version')
    arguments = proposal['arguments']
    if arguments not in ARGUMENTS:
        raise ValueError('arguments')
    if arguments['ticket'] not in TICKETS or arguments['status'] not in STATUSES:
        raise ValueError('ticket or status')
    return {**proposal, 'arguments': {**arguments}}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


class Dispatch:
    """One call: made, run and dropped; nothing survives between calls."""

    def __init__(self, proposal, actor, approved, state, completed):
        self.proposal = validate_ticket_proposal(proposal)
        if actor not in IDS:
            raise ValueError('actor')
        if type(approved) is not set or len(approved) > 64 or any(a not in DIGESTS for a in approved):
            raise ValueError('approved')
        if state not in STATE or state['version'] not in Between(0, 1000001):
            raise ValueError('state')
        tickets = state['tickets']
        if type(tickets) is not dict or len(tickets) not in Between(1, 16):
            raise ValueError('tickets')
        if any(k not in TICKETS or v not in STATUSES for k, v in tickets.items()):
            raise ValueError('ticket entries')
        if type(completed) is not dict or len(completed) > 64:
            raise ValueError('completed')
        self.actor, self.approved, self.state, self.completed = actor, approved, state, completed

    def __contains__(self, ticket):
        return ticket in self.state['tickets']

    def run(self):
        p = self.proposal
        if p['actor'] != self.actor:
            return OrderedDict(status='forbidden')
        if p['name'] != 'set_ticket':
            return OrderedDict(status='unknown-tool')
        digest = proposal_fingerprint(p)
        if p['call_id'] in self.completed:
            row = self.completed[p['call_id']]
            if row['fingerprint'] != digest:
                return OrderedDict(status='call-id-conflict')
            return OrderedDict(row['result'], replayed=True)
        if p['version'] != self.state['version']:
            return OrderedDict(status='stale-version')
        if digest not in self.approved:
            return OrderedDict(status='approval-required')
        ticket, value = p['arguments']['ticket'], p['arguments']['status']
        if ticket not in self:
            return OrderedDict(status='missing-ticket')
        if len(self.completed) >= 64:
            return OrderedDict(status='log-full')
        self.state['tickets'][ticket] = value
        self.state['version'] += 1
        result = OrderedDict(status='ok', version=self.state['version'], ticket=ticket, value=value, replayed=False)
        self.completed[p['call_id']] = Row(digest, dict(result))
        return result


def dispatch_ticket(proposal, actor, approved, state, completed):
    return Dispatch(proposal, actor, approved, state, completed).run()
