"""Strict readings: exact builtin types, results built fresh, replays via json."""
import hashlib
import json
import re

_ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}', re.ASCII)
_TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}', re.ASCII)
_HEX = re.compile(r'[0-9a-f]{64}', re.ASCII)
_KEYS = ('actor', 'arguments', 'call_id', 'name', 'version')


def _id(v):
    return type(v) is str and _ID.fullmatch(v) is not None


def _ticket(v):
    return type(v) is str and _TICKET.fullmatch(v) is not None


def _status(v):
    return type(v) is str and (v == 'open' or v == 'done')


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != set(_KEYS):
        raise ValueError('bad proposal')
    for k in ('call_id', 'actor', 'name'):
        if not _id(proposal[k]):
            raise ValueError(k)
    v = proposal['version']
    if type(v) is not int or v < 0 or v > 1000000:
        raise ValueError('version')
    a = proposal['arguments']
    if type(a) is not dict or len(a) != 2 or 'ticket' not in a or 'status' not in a:
        raise ValueError('arguments')
    if not _ticket(a['ticket']) or not _status(a['status']):
        raise ValueError('ticket/status')
    out = {k: proposal[k] for k in _KEYS}
    out['arguments'] = {'status': a['status'], 'ticket': a['ticket']}
    return out


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    text = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _id(actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64:
        raise ValueError('approved')
    for d in approved:
        if type(d) is not str or _HEX.fullmatch(d) is None:
            raise ValueError('approved item')
    if type(state) is not dict or len(state) != 2 or 'version' not in state or 'tickets' not in state:
        raise ValueError('state')
    sv = state['version']
    if type(sv) is not int or not 0 <= sv <= 1000001:
        raise ValueError('state version')
    t = state['tickets']
    if type(t) is not dict or not 1 <= len(t) <= 16:
        raise ValueError('tickets')
    for k in t:
        if not _ticket(k) or not _status(t[k]):
            raise ValueError('ticket entry')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(p)
    cid = p['call_id']
    if cid in completed:
        row = completed[cid]
        if row['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        out = json.loads(json.dumps(row['result']))
        out['replayed'] = True
        return out
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    ticket, value = p['arguments']['ticket'], p['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] = state['version'] + 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[cid] = {'fingerprint': fp, 'result': json.loads(json.dumps(result))}
    return result
