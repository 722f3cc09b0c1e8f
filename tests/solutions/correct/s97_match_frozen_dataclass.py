"""match statements, a frozen dataclass for the validated call, a dict subclass as validate's result (A10),
replays via deepcopy, the new version computed from the proposal (equal to the state's by D11)."""
from __future__ import annotations

import copy
import hashlib
import json
import re
from dataclasses import dataclass

ID = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET = r'[a-z][a-z0-9-]{0,31}'
LIMIT_LOG = 64
LIMIT_APPROVED = 64


class Proposal(dict):
    """validate's result: a dict (subclass) with copied arguments."""


@dataclass(frozen=True)
class Call:
    call_id: str
    actor: str
    name: str
    version: int
    ticket: str
    status: str

    @property
    def as_dict(self):
        return {'call_id': self.call_id, 'actor': self.actor, 'name': self.name, 'version': self.version,
                'arguments': {'ticket': self.ticket, 'status': self.status}}


def _match(pattern, value):
    match value:
        case str() if value.isascii() and re.fullmatch(pattern, value):
            return True
        case _:
            return False


def _parse(proposal) -> Call:
    match proposal:
        case {'call_id': call_id, 'actor': actor, 'name': name, 'version': version,
              'arguments': {'ticket': ticket, 'status': status} as arguments} if type(proposal) is dict \
                and len(proposal) == 5 and type(arguments) is dict and len(arguments) == 2:
            pass
        case _:
            raise ValueError('proposal must have exactly call_id, actor, name, version, arguments{ticket,status}')
    for value in (call_id, actor, name):
        if not _match(ID, value):
            raise ValueError('invalid id')
    match version:
        case bool():
            raise ValueError('version is a bool')
        case int() if type(version) is int and 0 <= version <= 1000000:
            pass
        case _:
            raise ValueError('version out of range')
    if not _match(TICKET, ticket):
        raise ValueError('invalid ticket')
    match status:
        case str() if type(status) is str and status in ('open', 'done'):
            pass
        case _:
            raise ValueError('invalid status')
    return Call(call_id, actor, name, version, ticket, status)


def validate_ticket_proposal(proposal):
    return Proposal(_parse(proposal).as_dict)


def _digest(call: Call) -> str:
    blob = json.dumps(call.as_dict, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(blob.encode('ascii')).hexdigest()


def proposal_fingerprint(proposal):
    return _digest(_parse(proposal))


def _host(actor, approved, state, completed):
    if not _match(ID, actor):
        raise ValueError('host actor')
    match approved:
        case set() if type(approved) is set and len(approved) <= LIMIT_APPROVED:
            if not all(type(x) is str and re.fullmatch('[0-9a-f]{64}', x) for x in approved):
                raise ValueError('approval entry')
        case _:
            raise ValueError('approved')
    match state:
        case {'version': int() as version, 'tickets': dict() as tickets} if len(state) == 2 and type(state) is dict:
            if type(version) is not int or not 0 <= version <= 1000001:
                raise ValueError('state version')
            if not 1 <= len(tickets) <= 16:
                raise ValueError('ticket count')
            for key, value in tickets.items():
                if not _match(TICKET, key) or type(value) is not str or value not in ('open', 'done'):
                    raise ValueError('ticket entry')
        case _:
            raise ValueError('state')
    match completed:
        case dict() if len(completed) <= LIMIT_LOG:
            pass
        case _:
            raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    call = _parse(proposal)
    _host(actor, approved, state, completed)
    match (call.actor == actor, call.name):
        case (False, _):
            return {'status': 'forbidden'}
        case (True, name) if name != 'set_ticket':
            return {'status': 'unknown-tool'}
    digest = _digest(call)
    if call.call_id in completed:
        stored = completed[call.call_id]
        if stored['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(stored['result'])
        replay['replayed'] = True
        return replay
    if call.version != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    if call.ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= LIMIT_LOG:
        return {'status': 'log-full'}
    state['tickets'][call.ticket] = call.status
    state['version'] = call.version + 1
    result = {'status': 'ok', 'version': call.version + 1, 'ticket': call.ticket, 'value': call.status,
              'replayed': False}
    completed[call.call_id] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
