# Style: a student who keeps what was printed in a local variable called `printed` (an ordinary name in Python),
# in a small report helper used for trace output while dispatching
import copy
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')
TRACE = []


def _trace(*parts):
    printed = ' '.join(str(part) for part in parts)
    TRACE.append(printed)
    del TRACE[:-20]
    print(printed)
    return printed


def _is(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    if not all(_is(ID, proposal[k]) for k in ('call_id', 'actor', 'name')):
        raise ValueError('ids')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    a = proposal['arguments']
    if not isinstance(a, dict) or set(a) != {'ticket', 'status'} or not _is(TICKET, a['ticket']) \
            or not (isinstance(a['status'], str) and a['status'] in ('open', 'done')):
        raise ValueError('arguments')
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not _is(ID, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_is(HEX, h) for h in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    t = state['tickets']
    if not isinstance(t, dict) or not 1 <= len(t) <= 16:
        raise ValueError('tickets')
    for k, v in t.items():
        if not _is(TICKET, k) or not (isinstance(v, str) and v in ('open', 'done')):
            raise ValueError('pair')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')
    result = _decide(p, actor, approved, state, completed)
    _trace('dispatch', p['call_id'], result['status'])
    return result


def _decide(p, actor, approved, state, completed):
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    h = proposal_fingerprint(p)
    cid = p['call_id']
    if cid in completed:
        if completed[cid]['fingerprint'] != h:
            return {'status': 'call-id-conflict'}
        r = copy.deepcopy(completed[cid]['result'])
        r['replayed'] = True
        return r
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if h not in approved:
        return {'status': 'approval-required'}
    ticket, value = p['arguments']['ticket'], p['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[cid] = {'fingerprint': h, 'result': copy.deepcopy(result)}
    return result
