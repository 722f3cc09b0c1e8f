import copy
import hashlib
import json
import re

# re.match anchors at the start only; \Z pins the real end of the string
# (a '$' would still allow one trailing newline).
_ID = r'[A-Za-z][A-Za-z0-9_-]{0,39}\Z'
_TICKET = r'[a-z][a-z0-9-]{0,31}\Z'
_HEX = r'[0-9a-f]{64}\Z'


def _ok(pattern, value):
    if type(value) is not str:
        return False
    return bool(re.match(pattern, value))


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError('not a dict')
    if sorted(proposal, key=str) != ['actor', 'arguments', 'call_id', 'name', 'version'] or len(proposal) != 5:
        raise ValueError('wrong fields')
    if not (_ok(_ID, proposal['call_id']) and _ok(_ID, proposal['actor']) and _ok(_ID, proposal['name'])):
        raise ValueError('bad identifier')
    version = proposal['version']
    if type(version) is not int:
        raise ValueError('version type')
    if version < 0 or version > 1000000:
        raise ValueError('version range')
    args = proposal['arguments']
    if type(args) is not dict or sorted(args, key=str) != ['status', 'ticket'] or len(args) != 2:
        raise ValueError('arguments')
    if not _ok(_TICKET, args['ticket']):
        raise ValueError('ticket')
    if type(args['status']) is not str or args['status'] not in ['open', 'done']:
        raise ValueError('status')
    out = copy.copy(proposal)
    out['arguments'] = copy.copy(args)
    return out


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    s = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    h = hashlib.sha256()
    h.update(s.encode('ascii'))
    return h.hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not _ok(_ID, actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64:
        raise ValueError('approved')
    for a in approved:
        if not _ok(_HEX, a):
            raise ValueError('approved item')
    if type(state) is not dict or sorted(state, key=str) != ['tickets', 'version'] or len(state) != 2:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if type(tickets) is not dict or len(tickets) == 0 or len(tickets) > 16:
        raise ValueError('tickets')
    for k in tickets:
        v = tickets[k]
        if not _ok(_TICKET, k) or type(v) is not str or v not in ['open', 'done']:
            raise ValueError('ticket entry')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')

    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(p)
    if p['call_id'] in completed:
        entry = completed[p['call_id']]
        if entry['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        r = copy.copy(entry['result'])
        r['replayed'] = True
        return r
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    t = p['arguments']['ticket']
    if t not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[t] = p['arguments']['status']
    state['version'] += 1
    r = {'status': 'ok', 'version': state['version'], 'ticket': t,
         'value': p['arguments']['status'], 'replayed': False}
    completed[p['call_id']] = {'fingerprint': fp, 'result': copy.copy(r)}
    return r
