import hashlib
import json
import re

IDENT = '[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET = '[a-z][a-z0-9-]{0,31}'


def _str_match(pattern, value):
    return type(value) is str and re.fullmatch(pattern, value) is not None


def _status(value):
    return type(value) is str and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError('expected a dict')
    if {k for k in proposal} != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('expected exactly five fields')
    bad_ids = [k for k in ('call_id', 'actor', 'name') if not _str_match(IDENT, proposal[k])]
    if bad_ids:
        raise ValueError('invalid: ' + ', '.join(bad_ids))
    v = proposal['version']
    if type(v) is not int or v < 0 or v > 10 ** 6:
        raise ValueError('invalid version')
    args = proposal['arguments']
    if type(args) is not dict or {k for k in args} != {'ticket', 'status'}:
        raise ValueError('invalid arguments')
    if not _str_match(TICKET, args['ticket']) or not _status(args['status']):
        raise ValueError('invalid ticket/status')
    return {k: ({a: b for a, b in val.items()} if k == 'arguments' else val) for k, val in proposal.items()}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(
        json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')
    ).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    problems = []
    if not _str_match(IDENT, actor):
        problems.append('actor')
    if type(approved) is not set or len(approved) > 64 or [a for a in approved if not _str_match('[0-9a-f]{64}', a)]:
        problems.append('approved')
    if type(state) is not dict or {k for k in state} != {'version', 'tickets'}:
        problems.append('state')
    else:
        if type(state['version']) is not int or not 0 <= state['version'] <= 10 ** 6 + 1:
            problems.append('state version')
        t = state['tickets']
        if type(t) is not dict or not 1 <= len(t) <= 16 or [k for k, s in t.items() if not (_str_match(TICKET, k) and _status(s))]:
            problems.append('state tickets')
    if type(completed) is not dict or len(completed) > 64:
        problems.append('completed')
    if problems:
        raise ValueError('invalid host input: ' + ', '.join(problems))

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(clean)
    cid = clean['call_id']
    if cid in completed:
        if completed[cid]['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        return {**{k: v for k, v in completed[cid]['result'].items()}, 'replayed': True}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[cid] = {'fingerprint': fp, 'result': {k: v for k, v in result.items()}}
    return result
