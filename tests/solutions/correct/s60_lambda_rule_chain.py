# Style: the status checks as an ordered list of (status, lambda) pairs resolved with next() over a generator;
# validators in a dict of lambdas; everything else in small expressions
import hashlib, json, re

V = {
    'id': lambda x: isinstance(x, str) and bool(re.fullmatch(r'[A-Za-z][A-Za-z0-9_-]{0,39}', x)),
    'ticket': lambda x: isinstance(x, str) and bool(re.fullmatch(r'[a-z][a-z0-9-]{0,31}', x)),
    'status': lambda x: isinstance(x, str) and x in ('open', 'done'),
    'hex': lambda x: isinstance(x, str) and bool(re.fullmatch(r'[0-9a-f]{64}', x)),
    'version': lambda x, top=1000000: type(x) is int and 0 <= x <= top,
}
FIELDS = {'call_id': 'id', 'actor': 'id', 'name': 'id', 'version': 'version'}


def validate_ticket_proposal(proposal):
    ok = (isinstance(proposal, dict)
          and set(proposal) == {*FIELDS, 'arguments'}
          and all(V[kind](proposal[field]) for field, kind in FIELDS.items())
          and isinstance(proposal['arguments'], dict)
          and set(proposal['arguments']) == {'ticket', 'status'}
          and V['ticket'](proposal['arguments']['ticket'])
          and V['status'](proposal['arguments']['status']))
    if not ok:
        raise ValueError('invalid proposal')
    return {k: (dict(v) if k == 'arguments' else v) for k, v in proposal.items()}


fingerprint_of = lambda clean: hashlib.sha256(
    json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')).hexdigest()


def proposal_fingerprint(proposal):
    return fingerprint_of(validate_ticket_proposal(proposal))


HOST_CHECKS = (
    lambda a, ap, st, co: V['id'](a),
    lambda a, ap, st, co: isinstance(ap, set) and len(ap) <= 64 and all(map(V['hex'], ap)),
    lambda a, ap, st, co: isinstance(st, dict) and set(st) == {'version', 'tickets'},
    lambda a, ap, st, co: V['version'](st['version'], 1000001),
    lambda a, ap, st, co: isinstance(st['tickets'], dict) and 1 <= len(st['tickets']) <= 16,
    lambda a, ap, st, co: all(V['ticket'](k) and V['status'](s) for k, s in st['tickets'].items()),
    lambda a, ap, st, co: isinstance(co, dict) and len(co) <= 64,
)


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not all(check(actor, approved, state, completed) for check in HOST_CHECKS):
        raise ValueError('invalid host input')
    fp = fingerprint_of(p)
    cid, ticket, value = p['call_id'], p['arguments']['ticket'], p['arguments']['status']
    known = cid in completed
    refusal = next((status for status, refused in (
        ('forbidden', lambda: p['actor'] != actor),
        ('unknown-tool', lambda: p['name'] != 'set_ticket'),
        ('call-id-conflict', lambda: known and completed[cid]['fingerprint'] != fp),
        ('replay', lambda: known),
        ('stale-version', lambda: p['version'] != state['version']),
        ('approval-required', lambda: fp not in approved),
        ('missing-ticket', lambda: ticket not in state['tickets']),
        ('log-full', lambda: len(completed) >= 64),
    ) if refused()), None)
    if refusal == 'replay':
        return {**completed[cid]['result'], 'replayed': True}
    if refusal:
        return {'status': refusal}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[cid] = {'fingerprint': fp, 'result': {**result}}
    return result
