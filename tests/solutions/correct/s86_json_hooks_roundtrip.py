# Style: validation by a JSON round trip with json.loads hooks of our own: object_pairs_hook (OrderedDicts, a
# duplicate key refused), parse_int, parse_float and parse_constant that raise ValueError (a float or NaN is no
# version); what json.dumps cannot write is no proposal. Stored results are round-tripped the same way.
import hashlib
import json
import re
from collections import OrderedDict

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


def _strict_int(text):
    return int(text)


def _no_float(text):
    raise ValueError('a float is no version: ' + text)


def _no_constant(name):
    raise ValueError('not JSON: ' + name)


def _pairs(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError('duplicate key')
    return OrderedDict(pairs)


def _roundtrip(value):
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ValueError('not JSON data') from None
    return json.loads(text, object_pairs_hook=_pairs, parse_int=_strict_int, parse_float=_no_float,
                      parse_constant=_no_constant)


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or type(proposal.get('arguments')) is not dict:
        raise ValueError('proposal and arguments must be dicts')
    if not all(type(k) is str for k in proposal) or not all(type(k) is str for k in proposal['arguments']):
        raise ValueError('keys')
    data = _roundtrip(proposal)
    if set(data) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    for key in ('call_id', 'actor', 'name'):
        if type(data[key]) is not str or not ID.fullmatch(data[key]):
            raise ValueError(key)
    if type(data['version']) is not int or not 0 <= data['version'] <= 1000000:
        raise ValueError('version')
    args = data['arguments']
    if set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if type(args['ticket']) is not str or not TICKET.fullmatch(args['ticket']):
        raise ValueError('ticket')
    if type(args['status']) is not str or args['status'] not in ('open', 'done'):
        raise ValueError('status')
    data['arguments'] = dict(args)
    return dict(data)


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if type(actor) is not str or not ID.fullmatch(actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64 or not all(type(a) is str and HEX.fullmatch(a) for a in approved):
        raise ValueError('approved')
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    t = state['tickets']
    if type(t) is not dict or not 1 <= len(t) <= 16 or not all(
            type(k) is str and TICKET.fullmatch(k) and type(v) is str and v in ('open', 'done') for k, v in t.items()):
        raise ValueError('tickets')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**_roundtrip(row['result']), 'replayed': True}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in t:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    t[ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': _roundtrip(result)}
    return result
