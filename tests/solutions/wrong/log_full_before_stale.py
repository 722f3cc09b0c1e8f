import re
import json
import hashlib

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')
KEYS = {'call_id', 'actor', 'name', 'version', 'arguments'}


def _is_id(x):
    return type(x) is str and ID_RE.fullmatch(x) is not None


def _is_ticket(x):
    return type(x) is str and TICKET_RE.fullmatch(x) is not None


def _is_status(x):
    return type(x) is str and x in ('open', 'done')


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError('proposal must be dict')
    if set(proposal.keys()) != KEYS:
        raise ValueError('bad keys')
    for k in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[k]):
            raise ValueError('bad ' + k)
    v = proposal['version']
    if type(v) is not int or v < 0 or v > 1000000:
        raise ValueError('bad version')
    args = proposal['arguments']
    if type(args) is not dict or set(args.keys()) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    if not _is_ticket(args['ticket']):
        raise ValueError('bad ticket')
    if not _is_status(args['status']):
        raise ValueError('bad status')
    return {
        'call_id': proposal['call_id'],
        'actor': proposal['actor'],
        'name': proposal['name'],
        'version': v,
        'arguments': {'ticket': args['ticket'], 'status': args['status']},
    }


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    text = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('bad actor')
    if type(approved) is not set or len(approved) > 64:
        raise ValueError('bad approved')
    for h in approved:
        if type(h) is not str or HEX_RE.fullmatch(h) is None:
            raise ValueError('bad approval')
    if type(state) is not dict or set(state.keys()) != {'version', 'tickets'}:
        raise ValueError('bad state')
    sv = state['version']
    if type(sv) is not int or sv < 0 or sv > 1000001:
        raise ValueError('bad state version')
    t = state['tickets']
    if type(t) is not dict or len(t) < 1 or len(t) > 16:
        raise ValueError('bad tickets')
    for k, val in t.items():
        if not _is_ticket(k) or not _is_status(val):
            raise ValueError('bad ticket entry')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('bad completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(p)
    cid = p['call_id']
    if len(completed) >= 64 and cid not in completed and p['version'] != state['version']:
        return {'status': 'log-full'}
    if cid in completed:
        row = completed[cid]
        if row['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        result = dict(row['result'])
        result['replayed'] = True
        return result
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    ticket = p['arguments']['ticket']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    status = p['arguments']['status']
    state['tickets'][ticket] = status
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': status, 'replayed': False}
    completed[cid] = {'fingerprint': fp, 'result': dict(result)}
    return result
