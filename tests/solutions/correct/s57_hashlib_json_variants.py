# Style: canonical JSON and digest written in other but equivalent ways (F1 "writing it differently is fine"):
# JSONEncoder.encode / iterencode pieces, hashlib.new('sha256') fed with update() per chunk, digest().hex(),
# binascii.hexlify, base64.b16encode().lower(), int.from_bytes formatted as 064x
import base64
import binascii
import hashlib
import json
import re
import string

HEXDIGITS = frozenset(string.digits + 'abcdef')
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(',', ':'))


def _word(value, first, rest, longest):
    return (isinstance(value, str) and 0 < len(value) <= longest and value[0] in first
            and all(c in rest for c in value[1:]))


LETTERS = frozenset(string.ascii_letters)
ID_REST = frozenset(string.ascii_letters + string.digits + '_-')
LOWER = frozenset(string.ascii_lowercase)
TICKET_REST = frozenset(string.ascii_lowercase + string.digits + '-')


def _id(v):
    return _word(v, LETTERS, ID_REST, 40)


def _ticket(v):
    return _word(v, LOWER, TICKET_REST, 32)


def _status(v):
    return type(v) is str and (v == 'open' or v == 'done')


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or len(proposal) != 5 or not all(
            k in proposal for k in ('call_id', 'actor', 'name', 'version', 'arguments')):
        raise ValueError('fields')
    if not (_id(proposal['call_id']) and _id(proposal['actor']) and _id(proposal['name'])):
        raise ValueError('ids')
    v = proposal['version']
    if type(v) is not int or v < 0 or v > 10 ** 6:
        raise ValueError('version')
    a = proposal['arguments']
    if type(a) is not dict or len(a) != 2 or 'ticket' not in a or 'status' not in a:
        raise ValueError('arguments')
    if not _ticket(a['ticket']) or not _status(a['status']):
        raise ValueError('ticket/status')
    return json.loads(json.dumps(proposal))


def _digest_bytes(clean):
    h = hashlib.new('sha256')
    for piece in _ENCODER.iterencode(clean):
        h.update(piece.encode('utf-8'))
    return h.digest()


def proposal_fingerprint(proposal):
    raw = _digest_bytes(validate_ticket_proposal(proposal))
    one = raw.hex()
    two = binascii.hexlify(raw).decode('ascii')
    three = base64.b16encode(raw).decode().lower()
    four = format(int.from_bytes(raw, 'big'), '064x')
    five = '{:064x}'.format(int.from_bytes(raw, byteorder='big'))
    six = hashlib.sha256(_ENCODER.encode(validate_ticket_proposal(proposal)).encode('ascii')).hexdigest()
    if len({one, two, three, four, five, six}) != 1:
        raise RuntimeError('digest routes disagree')
    return one


def _hex(v):
    return type(v) is str and len(v) == 64 and set(v) <= HEXDIGITS


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not _id(actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64 or not all(_hex(x) for x in approved):
        raise ValueError('approved')
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    sv = state['version']
    if type(sv) is not int or not 0 <= sv <= 10 ** 6 + 1:
        raise ValueError('state version')
    tk = state['tickets']
    if type(tk) is not dict or not 1 <= len(tk) <= 16 or not all(_ticket(k) and _status(s) for k, s in tk.items()):
        raise ValueError('tickets')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(p)
    if p['call_id'] in completed:
        row = completed[p['call_id']]
        if not re.fullmatch(re.escape(fp), row['fingerprint']):
            return {'status': 'call-id-conflict'}
        again = json.loads(json.dumps(row['result']))
        again['replayed'] = True
        return again
    if p['version'] != sv:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    t, s = p['arguments']['ticket'], p['arguments']['status']
    if t not in tk:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tk[t] = s
    state['version'] = sv + 1
    result = {'status': 'ok', 'version': sv + 1, 'ticket': t, 'value': s, 'replayed': False}
    completed[p['call_id']] = {'fingerprint': fp, 'result': json.loads(json.dumps(result))}
    return result
