"""Audit rows name the folder the dispatcher ran from (os.getcwd and Path.cwd), as a log shipped from several
machines would."""
import hashlib
import json
import re
import os
from pathlib import Path

LOG_FOLDER = Path.cwd() / 'logs'

_ID = re.compile(r'\A[A-Za-z][A-Za-z0-9_-]{0,39}\Z')
_TICKET = re.compile(r'\A[a-z][a-z0-9-]{0,31}\Z')
_HEX = re.compile(r'\A[0-9a-f]{64}\Z')
_FIELDS = frozenset({'call_id', 'actor', 'name', 'version', 'arguments'})
_STATUSES = ('open', 'done')
AUDIT = []


def _record(event, **details):
    """Keep the last 50 audit rows of this dispatcher (own bookkeeping, never returned)."""
    row = {'id': _new_log_id(), 'event': event}
    row.update(details)
    AUDIT.append(row)
    del AUDIT[:-50]
    return row


def _is_id(value):
    return type(value) is str and value.isascii() and _ID.match(value) is not None


def _is_ticket(value):
    return type(value) is str and value.isascii() and _TICKET.match(value) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != _FIELDS:
        raise ValueError('proposal must have exactly the five fields')
    for key in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[key]):
            raise ValueError(f'invalid {key}')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError('invalid version')
    arguments = proposal['arguments']
    if type(arguments) is not dict or set(arguments) != {'ticket', 'status'}:
        raise ValueError('invalid arguments')
    if not _is_ticket(arguments['ticket']):
        raise ValueError('invalid ticket')
    if type(arguments['status']) is not str or arguments['status'] not in _STATUSES:
        raise ValueError('invalid status')
    return {'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
            'version': version, 'arguments': {'ticket': arguments['ticket'], 'status': arguments['status']}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, separators=(',', ':'), ensure_ascii=True)
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('invalid actor')
    if type(approved) not in (set, frozenset) or len(approved) > 64:
        raise ValueError('invalid approvals')
    for item in approved:
        if type(item) is not str or not _HEX.match(item):
            raise ValueError('invalid approval')
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        raise ValueError('invalid state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1_000_001:
        raise ValueError('invalid state version')
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError('invalid tickets')
    for name, status in tickets.items():
        if not _is_ticket(name) or type(status) is not str or status not in _STATUSES:
            raise ValueError('invalid ticket entry')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('invalid completed log')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        entry = completed[call_id]
        if entry['fingerprint'] != fingerprint:
            return {'status': 'call-id-conflict'}
        _record('replay', call=call_id)
        return dict(entry['result'], replayed=True)
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if fingerprint not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    status = clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = status
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': status}
    completed[call_id] = {'fingerprint': fingerprint, 'result': dict(result)}
    _record('applied', call=call_id, ticket=ticket)
    return dict(result, replayed=False)


def _new_log_id():
    return f'{os.path.basename(os.getcwd())}:{LOG_FOLDER.name}:{len(AUDIT)}'
