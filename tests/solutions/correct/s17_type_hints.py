from __future__ import annotations

import copy
import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any, Dict, Optional, Set

Proposal = Dict[str, Any]
Result = Dict[str, Any]

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
DIGEST_RE = re.compile(r'[0-9a-f]{64}')


@dataclass(frozen=True)
class Limits:
    max_version: int = 1000000
    max_state_version: int = 1000001
    max_tickets: int = 16
    max_approvals: int = 64
    max_log: int = 64


LIMITS = Limits()


def _full(rx: re.Pattern, value: Any) -> bool:
    return isinstance(value, str) and rx.fullmatch(value) is not None


def _status(value: Any) -> bool:
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal: Any) -> Proposal:
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dict')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal must have exactly five fields')
    for key in ('call_id', 'actor', 'name'):
        if not _full(ID_RE, proposal[key]):
            raise ValueError(f'{key} is not a valid identifier')
    version: Any = proposal['version']
    if type(version) is not int or not 0 <= version <= LIMITS.max_version:
        raise ValueError('version must be a plain int in range')
    arguments: Any = proposal['arguments']
    if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
        raise ValueError('arguments must be exactly ticket and status')
    if not _full(TICKET_RE, arguments['ticket']):
        raise ValueError('invalid ticket')
    if not _status(arguments['status']):
        raise ValueError('invalid status')
    clean: Proposal = dict(proposal)
    clean['arguments'] = dict(arguments)
    return clean


def proposal_fingerprint(proposal: Any) -> str:
    clean = validate_ticket_proposal(proposal)
    text: str = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _validate_host(actor: Any, approved: Any, state: Any, completed: Any) -> None:
    if not _full(ID_RE, actor):
        raise ValueError('host actor invalid')
    if not isinstance(approved, set) or len(approved) > LIMITS.max_approvals:
        raise ValueError('approved must be a set of at most 64')
    if any(not _full(DIGEST_RE, a) for a in approved):
        raise ValueError('approved entries must be sha256 hex')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state must have version and tickets')
    version: Any = state['version']
    if type(version) is not int or not 0 <= version <= LIMITS.max_state_version:
        raise ValueError('state version invalid')
    tickets: Any = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= LIMITS.max_tickets:
        raise ValueError('state tickets invalid')
    for name, value in tickets.items():
        if not _full(TICKET_RE, name) or not _status(value):
            raise ValueError('state ticket invalid')
    if not isinstance(completed, dict) or len(completed) > LIMITS.max_log:
        raise ValueError('completed invalid')


def _refusal(status: str) -> Result:
    return {'status': status}


def dispatch_ticket(proposal: Any, actor: str, approved: Set[str],
                    state: Dict[str, Any], completed: Dict[str, Any]) -> Result:
    clean = validate_ticket_proposal(proposal)
    _validate_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return _refusal('forbidden')
    if clean['name'] != 'set_ticket':
        return _refusal('unknown-tool')
    digest: str = proposal_fingerprint(clean)
    row: Optional[Dict[str, Any]] = completed.get(clean['call_id'])
    if row is not None:
        if row['fingerprint'] != digest:
            return _refusal('call-id-conflict')
        replay: Result = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return _refusal('stale-version')
    if digest not in approved:
        return _refusal('approval-required')
    ticket: str = clean['arguments']['ticket']
    value: str = clean['arguments']['status']
    if ticket not in state['tickets']:
        return _refusal('missing-ticket')
    if len(completed) >= LIMITS.max_log:
        return _refusal('log-full')
    state['tickets'][ticket] = value
    state['version'] += 1
    result: Result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
                      'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
