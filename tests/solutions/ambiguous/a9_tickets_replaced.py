# Reading of A9: the caller's state dict is updated in place, but its
# 'tickets' entry is replaced by a new dict holding the change (the old
# tickets dict object is left as it was).
import hashlib
import json
import re

ID = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET = r'[a-z][a-z0-9-]{0,31}'


def _ok(pattern, value):
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal')
    for key in ('call_id', 'actor', 'name'):
        if not _ok(ID, proposal[key]):
            raise ValueError(key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _ok(TICKET, args['ticket']) or not _status(args['status']):
        raise ValueError('ticket/status')
    return {**proposal, 'arguments': {**args}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _ok(ID, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ok(r'[0-9a-f]{64}', a) for a in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    if not all(_ok(TICKET, k) and _status(v) for k, v in tickets.items()):
        raise ValueError('ticket entries')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**row['result'], 'replayed': True}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    new_version = state['version'] + 1
    state['tickets'] = {**tickets, ticket: clean['arguments']['status']}
    state['version'] = new_version
    result = {'status': 'ok', 'version': new_version, 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': {**result}}
    return result
