# Style: frozen/slots/order dataclasses with __post_init__ validation, field(default_factory=...), classmethod constructor
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, asdict

_ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
_TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
_HEX = re.compile(r'[0-9a-f]{64}')


def _is_id(value) -> bool:
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def _is_ticket(value) -> bool:
    return isinstance(value, str) and _TICKET.fullmatch(value) is not None


def _is_status(value) -> bool:
    return isinstance(value, str) and value in ('open', 'done')


@dataclass(frozen=True, slots=True, order=True)
class Arguments:
    ticket: str
    status: str

    def __post_init__(self):
        if not _is_ticket(self.ticket):
            raise ValueError('bad ticket')
        if not _is_status(self.status):
            raise ValueError('bad status')


@dataclass(frozen=True, slots=True, order=True)
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    arguments: Arguments

    def __post_init__(self):
        for value in (self.call_id, self.actor, self.name):
            if not _is_id(value):
                raise ValueError('bad identifier')
        if type(self.version) is not int or not 0 <= self.version <= 1_000_000:
            raise ValueError('bad version')

    @classmethod
    def from_dict(cls, raw) -> 'Proposal':
        if not isinstance(raw, dict) or set(raw) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
            raise ValueError('proposal must have exactly five fields')
        arguments = raw['arguments']
        if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
            raise ValueError('arguments need ticket and status')
        return cls(raw['call_id'], raw['actor'], raw['name'], raw['version'],
                   Arguments(arguments['ticket'], arguments['status']))

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Result:
    status: str
    version: int = 0
    ticket: str = ''
    value: str = ''
    replayed: bool = False
    extra: dict = field(default_factory=dict, repr=False, compare=False)

    def to_dict(self) -> dict:
        return {'status': self.status, 'version': self.version, 'ticket': self.ticket,
                'value': self.value, 'replayed': self.replayed}


@dataclass
class LogRow:
    fingerprint: str
    result: dict = field(default_factory=dict)

    def __getitem__(self, key):
        if key == 'fingerprint':
            return self.fingerprint
        if key == 'result':
            return self.result
        raise KeyError(key)


def validate_ticket_proposal(proposal):
    return Proposal.from_dict(proposal).to_dict()


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


@dataclass(frozen=True)
class Host:
    actor: str
    approved: frozenset = field(default_factory=frozenset)

    def __post_init__(self):
        if not _is_id(self.actor):
            raise ValueError('bad actor')


def _check_host(actor, approved, state, completed):
    Host(actor)
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('bad approved')
    if not all(isinstance(h, str) and _HEX.fullmatch(h) for h in approved):
        raise ValueError('bad approval')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('bad state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1_000_001:
        raise ValueError('bad state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('bad tickets')
    for key, value in tickets.items():
        if not (_is_ticket(key) and _is_status(value)):
            raise ValueError('bad ticket pair')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('bad completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = Proposal.from_dict(proposal)
    _check_host(actor, approved, state, completed)
    if p.actor != actor:
        return {'status': 'forbidden'}
    if p.name != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(p.to_dict())
    if p.call_id in completed:
        row = completed[p.call_id]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**row['result'], 'replayed': True}
    if p.version != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    if p.arguments.ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][p.arguments.ticket] = p.arguments.status
    state['version'] += 1
    result = Result('ok', state['version'], p.arguments.ticket, p.arguments.status, False)
    completed[p.call_id] = LogRow(digest, result.to_dict())
    return result.to_dict()
