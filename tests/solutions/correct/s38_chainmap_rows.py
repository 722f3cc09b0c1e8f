# Completed rows are collections.ChainMap objects (CONTRACT.md A7 leaves the row's form open).
import copy
from collections import ChainMap
import hashlib
import json
import re

_ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
_TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
_HEX = re.compile(r'[0-9a-f]{64}')
_FIELDS = {'call_id', 'actor', 'name', 'version', 'arguments'}


def _is_id(v):
    return isinstance(v, str) and _ID.fullmatch(v) is not None


def _is_ticket(v):
    return isinstance(v, str) and _TICKET.fullmatch(v) is not None


def _is_status(v):
    return isinstance(v, str) and v in ('open', 'done')


def _int_in(v, lo, hi):
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal.keys()) != _FIELDS:
        raise ValueError('bad proposal')
    for k in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[k]):
            raise ValueError('bad ' + k)
    if not _int_in(proposal['version'], 0, 1000000):
        raise ValueError('bad version')
    a = proposal['arguments']
    if not isinstance(a, dict) or set(a) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    if not _is_ticket(a['ticket']) or not _is_status(a['status']):
        raise ValueError('bad ticket/status')
    out = dict(proposal)
    out['arguments'] = dict(a)
    return out


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    text = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    for a in approved:
        if not isinstance(a, str) or not _HEX.fullmatch(a):
            raise ValueError('approved item')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if not _int_in(state['version'], 0, 1000001):
        raise ValueError('state version')
    t = state['tickets']
    if not isinstance(t, dict) or not 1 <= len(t) <= 16:
        raise ValueError('tickets')
    for k, v in t.items():
        if not _is_ticket(k) or not _is_status(v):
            raise ValueError('ticket pair')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(p)
    if p['call_id'] in completed:
        row = completed[p['call_id']]
        if row['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        res = copy.deepcopy(row['result'])
        res['replayed'] = True
        return res
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    ticket = p['arguments']['ticket']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = p['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': p['arguments']['status'], 'replayed': False}
    completed[p['call_id']] = ChainMap({'fingerprint': fp, 'result': dict(result)})
    return result
