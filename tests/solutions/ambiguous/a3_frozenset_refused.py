# Reading of A3: "approved is set" means the built-in set type exactly;
# frozenset and set subclasses raise ValueError.
import copy
import hashlib
import json
import re

ID = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET = r'[a-z][a-z0-9-]{0,31}'


def _fits(pattern, value):
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('not a dict')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    for key in ('call_id', 'actor', 'name'):
        if not _fits(ID, proposal[key]):
            raise ValueError(key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _fits(TICKET, args['ticket']):
        raise ValueError('ticket')
    if not isinstance(args['status'], str) or args['status'] not in ('open', 'done'):
        raise ValueError('status')
    clean = dict(proposal)
    clean['arguments'] = dict(args)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _fits(ID, actor):
        raise ValueError('actor')
    if type(approved) is not set:
        raise ValueError('approved must be a set')
    if len(approved) > 64:
        raise ValueError('too many approvals')
    for digest in approved:
        if not _fits(r'[0-9a-f]{64}', digest):
            raise ValueError('approval entry')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for name, status in tickets.items():
        if not _fits(TICKET, name) or not isinstance(status, str) or status not in ('open', 'done'):
            raise ValueError('ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
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
    completed[clean['call_id']] = {'fingerprint': fp, 'result': copy.deepcopy(result)}
    return result
