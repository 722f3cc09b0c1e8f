import copy
import hashlib
import json
import re

MAX_LOG = 64
MAX_APPROVALS = 64
ID_PATTERN = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET_PATTERN = r'[a-z][a-z0-9-]{0,31}'


def _matches(pattern, value):
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def _is_status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dict')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal must have exactly five fields')
    for key in ['call_id', 'actor', 'name']:
        if not _matches(ID_PATTERN, proposal[key]):
            raise ValueError('invalid ' + key)
    version = proposal['version']
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError('invalid version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
        raise ValueError('invalid arguments')
    if not _matches(TICKET_PATTERN, arguments['ticket']):
        raise ValueError('invalid ticket')
    if not _is_status(arguments['status']):
        raise ValueError('invalid status')
    return {**proposal, 'arguments': dict(arguments)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    if not _matches(ID_PATTERN, actor):
        raise ValueError('invalid host actor')
    if not isinstance(approved, set) or len(approved) > MAX_APPROVALS:
        raise ValueError('invalid approved set')
    for digest in approved:
        if not _matches(r'[0-9a-f]{64}', digest):
            raise ValueError('invalid approval')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('invalid state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('invalid state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('invalid tickets')
    for name, status in tickets.items():
        if not _matches(TICKET_PATTERN, name) or not _is_status(status):
            raise ValueError('invalid ticket entry')
    if not isinstance(completed, dict) or len(completed) > MAX_LOG:
        raise ValueError('invalid completed log')

    if proposal['actor'] != actor:
        return {'status': 'forbidden'}
    if proposal['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(proposal)
    previous = completed.get(proposal['call_id'])
    if previous is not None:
        if previous['fingerprint'] != fingerprint:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(previous['result'])
        replay['replayed'] = True
        return replay
    if proposal['version'] != state['version']:
        return {'status': 'stale-version'}
    if fingerprint not in approved:
        return {'status': 'approval-required'}
    ticket = proposal['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) + 1 >= MAX_LOG:
        return {'status': 'log-full'}
    tickets[ticket] = proposal['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': proposal['arguments']['status'], 'replayed': False}
    completed[proposal['call_id']] = {'fingerprint': fingerprint, 'result': copy.deepcopy(result)}
    return result
