# Style: a validator object whose attributes carry a func_/f_ prefix (func_by_kind: a dispatch table of
# checking functions; f_names: the proposal's field names), i.e. ordinary attribute names of the student's own class
import hashlib
import json
import re


class Validator:
    def __init__(self):
        self.f_names = ('call_id', 'actor', 'name', 'version', 'arguments')
        self.func_by_kind = {
            'id': lambda v: isinstance(v, str) and re.fullmatch(r'[A-Za-z][A-Za-z0-9_-]{0,39}', v) is not None,
            'ticket': lambda v: isinstance(v, str) and re.fullmatch(r'[a-z][a-z0-9-]{0,31}', v) is not None,
            'status': lambda v: isinstance(v, str) and v in ('open', 'done'),
            'hex': lambda v: isinstance(v, str) and re.fullmatch(r'[0-9a-f]{64}', v) is not None,
        }

    def check(self, kind, value):
        return self.func_by_kind[kind](value)

    def proposal(self, proposal):
        if not isinstance(proposal, dict) or set(proposal) != set(self.f_names):
            raise ValueError('fields')
        if not all(self.check('id', proposal[k]) for k in self.f_names[:3]):
            raise ValueError('ids')
        if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
            raise ValueError('version')
        a = proposal['arguments']
        if not isinstance(a, dict) or set(a) != {'ticket', 'status'}:
            raise ValueError('arguments')
        if not self.check('ticket', a['ticket']) or not self.check('status', a['status']):
            raise ValueError('ticket/status')
        return {**proposal, 'arguments': dict(a)}


VALIDATOR = Validator()


def validate_ticket_proposal(proposal):
    return VALIDATOR.proposal(proposal)


def proposal_fingerprint(proposal):
    return hashlib.sha256(json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    c = VALIDATOR.check
    if not c('id', actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(c('hex', h) for h in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    t = state['tickets']
    if not isinstance(t, dict) or not 1 <= len(t) <= 16 or not all(c('ticket', k) and c('status', v) for k, v in t.items()):
        raise ValueError('tickets')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    h = proposal_fingerprint(p)
    cid = p['call_id']
    if cid in completed:
        if completed[cid]['fingerprint'] != h:
            return {'status': 'call-id-conflict'}
        return {**completed[cid]['result'], 'replayed': True}
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if h not in approved:
        return {'status': 'approval-required'}
    ticket, value = p['arguments']['ticket'], p['arguments']['status']
    if ticket not in t:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    t[ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[cid] = {'fingerprint': h, 'result': dict(result)}
    return result
