import copy
import hashlib
import json
import re


def _plain_int(value):
    # bool is a subclass of int; a version of True is not a version
    return isinstance(value, int) and not isinstance(value, bool)


def _ascii_id(value):
    return isinstance(value, str) and bool(re.fullmatch(r'[A-Za-z][A-Za-z0-9_-]{0,39}', value))


def _ticket_id(value):
    return isinstance(value, str) and bool(re.fullmatch(r'[a-z][a-z0-9-]{0,31}', value))


def _status(value):
    return isinstance(value, str) and value in {'open': 1, 'done': 1}


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dict')
    if sorted(proposal, key=repr) != sorted(('call_id', 'actor', 'name', 'version', 'arguments'), key=repr):
        raise ValueError('proposal fields')
    for field in ('call_id', 'actor', 'name'):
        if not _ascii_id(proposal[field]):
            raise ValueError(field)
    if not _plain_int(proposal['version']) or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or sorted(args, key=repr) != sorted(('ticket', 'status'), key=repr):
        raise ValueError('arguments')
    if not _ticket_id(args['ticket']) or not _status(args['status']):
        raise ValueError('ticket/status')
    clean = copy.deepcopy(proposal)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    raw = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(raw.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _ascii_id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    for a in approved:
        if not isinstance(a, str) or not re.fullmatch('[0-9a-f]{64}', a):
            raise ValueError('approved entry')
    if not isinstance(state, dict) or set(state) != {'tickets', 'version'}:
        raise ValueError('state')
    if not _plain_int(state['version']) or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for k, v in tickets.items():
        if not _ticket_id(k) or not _status(v):
            raise ValueError('ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != fingerprint:
            return {'status': 'call-id-conflict'}
        out = copy.deepcopy(row['result'])
        out['replayed'] = True
        return out
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if fingerprint not in approved:
        return {'status': 'approval-required'}
    t = clean['arguments']['ticket']
    if t not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[t] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': t,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': fingerprint, 'result': copy.deepcopy(result)}
    return result
