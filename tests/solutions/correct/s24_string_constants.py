import copy
import hashlib
import json
from string import ascii_letters, ascii_lowercase, digits, hexdigits

ID_FIRST = set(ascii_letters)
ID_REST = set(ascii_letters + digits + '_-')
TICKET_FIRST = set(ascii_lowercase)
TICKET_REST = set(ascii_lowercase + digits + '-')
LOWER_HEX = set(hexdigits) - set('ABCDEF')


def _shaped(value, first, rest, max_len):
    if not isinstance(value, str):
        return False
    if len(value) == 0 or len(value) > max_len:
        return False
    return value[0] in first and set(value) <= rest


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('not a dict')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    for key in ('call_id', 'actor', 'name'):
        if not _shaped(proposal[key], ID_FIRST, ID_REST, 40):
            raise ValueError(key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _shaped(args['ticket'], TICKET_FIRST, TICKET_REST, 32):
        raise ValueError('ticket')
    if not isinstance(args['status'], str) or args['status'] not in ('open', 'done'):
        raise ValueError('status')
    return {**copy.copy(proposal), 'arguments': copy.copy(args)}


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True,
                           ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _shaped(actor, ID_FIRST, ID_REST, 40):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    for digest in approved:
        if not isinstance(digest, str) or len(digest) != 64 or not set(digest) <= LOWER_HEX:
            raise ValueError('approved digest')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for name in tickets:
        status = tickets[name]
        if not _shaped(name, TICKET_FIRST, TICKET_REST, 32):
            raise ValueError('ticket name')
        if not isinstance(status, str) or status not in ('open', 'done'):
            raise ValueError('ticket status')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(clean)
    row = completed.get(clean['call_id'])
    if row is not None:
        if row['fingerprint'] == fingerprint:
            return {**row['result'], 'replayed': True}
        return {'status': 'call-id-conflict'}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if fingerprint not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': fingerprint, 'result': {**result}}
    return result
