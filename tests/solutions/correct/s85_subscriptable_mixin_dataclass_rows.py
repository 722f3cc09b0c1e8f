# Style: a mixin of our own makes dataclasses subscriptable (row['result'], result['version'] through
# getattr(self, key)), inherited by a frozen result record and a mutable log row (A7); the log's rows and the
# stored results are read by the host through that mixin. The proposal is kept as a frozen dataclass after
# validation (fields checked in __post_init__, raising an own ValueError subclass, A12), and converted back to
# a plain dict for the host. Approvals may be a set or a frozenset (A3).
from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from dataclasses import dataclass, field

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


class BadInput(ValueError):
    pass


def _need(condition, message):
    if not condition:
        raise BadInput(message)


def _is(pattern, value):
    return type(value) is str and pattern.fullmatch(value) is not None


class Subscriptable:
    KEYS: tuple = ()

    def __getitem__(self, key):
        if key not in self.KEYS:
            raise KeyError(key)
        return getattr(self, key)

    def __contains__(self, key):
        return key in self.KEYS


@dataclass(frozen=True)
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    ticket: str
    status: str

    def __post_init__(self):
        for value in (self.call_id, self.actor, self.name):
            _need(_is(ID, value), 'id')
        _need(type(self.version) is int and 0 <= self.version <= 1000000, 'version')
        _need(_is(TICKET, self.ticket), 'ticket')
        _need(type(self.status) is str and self.status in ('open', 'done'), 'status')

    def as_dict(self):
        return {'call_id': self.call_id, 'actor': self.actor, 'name': self.name, 'version': self.version,
                'arguments': {'ticket': self.ticket, 'status': self.status}}


@dataclass(frozen=True)
class Result(Subscriptable):
    KEYS = ('status', 'version', 'ticket', 'value', 'replayed')
    status: str
    version: int
    ticket: str
    value: str
    replayed: bool = False

    def as_dict(self, replayed=False):
        return {'status': self.status, 'version': self.version, 'ticket': self.ticket, 'value': self.value,
                'replayed': replayed}


@dataclass
class Row(Subscriptable):
    KEYS = ('fingerprint', 'result')
    fingerprint: str
    result: Result
    notes: list = field(default_factory=list)


def _parse(proposal):
    _need(type(proposal) is dict and len(proposal) == 5, 'proposal')
    _need(sorted(proposal, key=str) == sorted(['call_id', 'actor', 'name', 'version', 'arguments']), 'fields')
    arguments = proposal['arguments']
    _need(type(arguments) is dict and len(arguments) == 2 and sorted(arguments, key=str) == ['status', 'ticket'],
          'arguments')
    return Proposal(proposal['call_id'], proposal['actor'], proposal['name'], proposal['version'],
                    arguments['ticket'], arguments['status'])


def validate_ticket_proposal(proposal):
    return _parse(proposal).as_dict()


def proposal_fingerprint(proposal):
    text = json.dumps(_parse(proposal).as_dict(), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    _need(_is(ID, actor), 'actor')
    _need(type(approved) in (set, frozenset) and len(approved) <= 64, 'approved')
    _need(all(_is(HEX, item) for item in approved), 'approval')
    _need(type(state) is dict and len(state) == 2 and sorted(state, key=str) == ['tickets', 'version'], 'state')
    _need(type(state['version']) is int and 0 <= state['version'] <= 1000001, 'state version')
    tickets = state['tickets']
    _need(type(tickets) is dict and 1 <= len(tickets) <= 16, 'tickets')
    _need(all(_is(TICKET, k) and type(v) is str and v in ('open', 'done') for k, v in tickets.items()), 'pairs')
    _need(type(completed) is dict and len(completed) <= 64, 'completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = _parse(proposal)
    _host(actor, approved, state, completed)
    if p.actor != actor:
        return {'status': 'forbidden'}
    if p.name != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(p.as_dict())
    if p.call_id in completed:
        row = completed[p.call_id]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return row['result'].as_dict(replayed=True)
    if p.version != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    if p.ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][p.ticket] = p.status
    state['version'] += 1
    result = Result('ok', state['version'], p.ticket, p.status)
    completed[p.call_id] = Row(digest, dataclasses.replace(result))
    return result.as_dict()
