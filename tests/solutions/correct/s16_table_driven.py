import copy
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
DIGEST = re.compile(r'[0-9a-f]{64}')


def _pattern(rx):
    def check(value):
        return isinstance(value, str) and rx.fullmatch(value) is not None
    return check


def _int_range(low, high):
    def check(value):
        return type(value) is int and low <= value <= high
    return check


def _one_of(*options):
    def check(value):
        return isinstance(value, str) and value in options
    return check


def _record(spec):
    def check(value):
        if not isinstance(value, dict) or set(value) != set(spec):
            return False
        for key, rule in spec.items():
            if not rule(value[key]):
                return False
        return True
    return check


is_id = _pattern(ID)
is_ticket = _pattern(TICKET)
is_digest = _pattern(DIGEST)
is_status = _one_of('open', 'done')

ARGUMENTS_RULE = _record({'ticket': is_ticket, 'status': is_status})
PROPOSAL_RULE = _record({
    'call_id': is_id,
    'actor': is_id,
    'name': is_id,
    'version': _int_range(0, 1000000),
    'arguments': ARGUMENTS_RULE,
})


def _tickets_rule(value):
    return (isinstance(value, dict) and 1 <= len(value) <= 16
            and all(is_ticket(k) and is_status(v) for k, v in value.items()))


STATE_RULE = _record({'version': _int_range(0, 1000001), 'tickets': _tickets_rule})


def _approved_rule(value):
    return isinstance(value, set) and len(value) <= 64 and all(is_digest(a) for a in value)


def _completed_rule(value):
    return isinstance(value, dict) and len(value) <= 64


HOST_RULES = [
    ('actor', is_id),
    ('approved', _approved_rule),
    ('state', STATE_RULE),
    ('completed', _completed_rule),
]


def validate_ticket_proposal(proposal):
    if not PROPOSAL_RULE(proposal):
        raise ValueError('proposal does not match the contract')
    clean = {key: proposal[key] for key in proposal}
    clean['arguments'] = dict(proposal['arguments'])
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    given = {'actor': actor, 'approved': approved, 'state': state, 'completed': completed}
    for name, rule in HOST_RULES:
        if not rule(given[name]):
            raise ValueError('invalid host input: ' + name)

    digest = proposal_fingerprint(clean)
    ticket = clean['arguments']['ticket']
    before_replay = [
        ('forbidden', lambda: clean['actor'] != actor),
        ('unknown-tool', lambda: clean['name'] != 'set_ticket'),
    ]
    after_replay = [
        ('stale-version', lambda: clean['version'] != state['version']),
        ('approval-required', lambda: digest not in approved),
        ('missing-ticket', lambda: ticket not in state['tickets']),
        ('log-full', lambda: len(completed) >= 64),
    ]
    for status, refused in before_replay:
        if refused():
            return {'status': status}
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    for status, refused in after_replay:
        if refused():
            return {'status': status}

    state['tickets'][ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
