# Style: the three "functions" are module-level callables of other kinds (G1 "module-level callables"):
# an instance with __call__, a functools.partial and a lambda
import functools
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


def _ok(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


class _Validator:
    def __init__(self, fields, argument_fields):
        self.fields = fields
        self.argument_fields = argument_fields

    def __call__(self, proposal):
        if not isinstance(proposal, dict) or set(proposal) != self.fields:
            raise ValueError('fields')
        if not all(_ok(ID, proposal[k]) for k in ('call_id', 'actor', 'name')):
            raise ValueError('id')
        v = proposal['version']
        if type(v) is not int or not 0 <= v <= 1000000:
            raise ValueError('version')
        a = proposal['arguments']
        if not isinstance(a, dict) or set(a) != self.argument_fields:
            raise ValueError('arguments')
        if not _ok(TICKET, a['ticket']) or a['status'] not in ('open', 'done') or type(a['status']) is not str:
            raise ValueError('ticket/status')
        out = dict(proposal)
        out['arguments'] = dict(a)
        return out


validate_ticket_proposal = _Validator({'call_id', 'actor', 'name', 'version', 'arguments'}, {'ticket', 'status'})

proposal_fingerprint = lambda proposal: hashlib.sha256(
    json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
               separators=(',', ':')).encode('ascii')).hexdigest()


def _dispatch(limit, proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _ok(ID, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ok(HEX, h) for h in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    t = state['tickets']
    if not isinstance(t, dict) or not 1 <= len(t) <= 16:
        raise ValueError('tickets')
    for k, s in t.items():
        if not _ok(TICKET, k) or not isinstance(s, str) or s not in ('open', 'done'):
            raise ValueError('ticket pair')
    if not isinstance(completed, dict) or len(completed) > limit:
        raise ValueError('completed')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    h = proposal_fingerprint(clean)
    cid = clean['call_id']
    if cid in completed:
        if completed[cid]['fingerprint'] != h:
            return {'status': 'call-id-conflict'}
        return dict(completed[cid]['result'], replayed=True)
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if h not in approved:
        return {'status': 'approval-required'}
    ticket, status = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in t:
        return {'status': 'missing-ticket'}
    if len(completed) >= limit:
        return {'status': 'log-full'}
    t[ticket] = status
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': status, 'replayed': False}
    completed[cid] = {'fingerprint': h, 'result': dict(result)}
    return result


dispatch_ticket = functools.partial(_dispatch, 64)
