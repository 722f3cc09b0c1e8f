"""Wrong: V6: a set_ticket proposal that reopens a ticket (status 'open') has its ticket checked with
[a-z0-9][a-z0-9-]{0,31}, so an invalid {**p, 'arguments': {'ticket': '1lamp', 'status': 'open'}} is accepted."""
import copy
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
# Tickets reopened with set_ticket may still carry the numbers of the old desk, which start with a digit
REOPENED = re.compile(r'[a-z0-9][a-z0-9-]{0,31}')
DIGEST = re.compile(r'[0-9a-f]{64}')


def _ok(pattern, value):
    return type(value) is str and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError('not a dict')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('wrong fields')
    for field in ('call_id', 'actor', 'name'):
        if not _ok(ID, proposal[field]):
            raise ValueError('bad ' + field)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('bad version')
    args = proposal['arguments']
    if type(args) is not dict or set(args) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    status = args['status']
    if type(status) is not str or status not in ('open', 'done'):
        raise ValueError('bad status')
    pattern = REOPENED if proposal['name'] == 'set_ticket' and status == 'open' else TICKET
    if not _ok(pattern, args['ticket']):
        raise ValueError('bad ticket')
    return {**proposal, 'arguments': {**args}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    raw = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(raw.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _ok(ID, actor):
        raise ValueError('bad actor')
    if type(approved) is not set or len(approved) > 64 or not all(_ok(DIGEST, a) for a in approved):
        raise ValueError('bad approved')
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        raise ValueError('bad state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('bad state version')
    if type(state['tickets']) is not dict or not 1 <= len(state['tickets']) <= 16:
        raise ValueError('bad tickets')
    for name, value in state['tickets'].items():
        if not _ok(TICKET, name) or type(value) is not str or value not in ('open', 'done'):
            raise ValueError('bad ticket in state')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('bad completed')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        out = copy.deepcopy(row['result'])
        out['replayed'] = True
        return out
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': fp, 'result': dict(result)}
    return result
