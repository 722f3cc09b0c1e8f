# Style: everything keyed by the exact canonical JSON text. The proposal is validated by its JSON form (json
# round-trip: what json.dumps cannot encode is no proposal), verdicts and fingerprints are memoised by that text
# (False, 0 and 0.0 are three different texts: 'false', '0', '0.0'), the validated copy is json.loads of it.
# Readings: dict subclasses are dicts (A1), str subclasses are str (A2), an int subclass other than bool is an
# int (A5); all of these give the same JSON text as the plain value, so one verdict per text is sound.
import functools
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')
_VERDICTS = {}
_DIGESTS = {}


def canonical(value):
    """The canonical JSON text of F1, or ValueError when json cannot write it."""
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(',', ':'), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        raise ValueError(f'not JSON: {error}') from None


def _structure_ok(value):
    """Only dicts may be on the way to the canonical text: a list or tuple would pass json but is no proposal."""
    if not isinstance(value, dict):
        return False
    arguments = value.get('arguments')
    return isinstance(arguments, dict)


@functools.lru_cache(maxsize=256)
def _judge(text):
    data = json.loads(text)
    if set(data) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        return False
    if not all(type(data[k]) is str and ID.fullmatch(data[k]) for k in ('call_id', 'actor', 'name')):
        return False
    version = data['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        return False
    arguments = data['arguments']
    if type(arguments) is not dict or set(arguments) != {'ticket', 'status'}:
        return False
    return type(arguments['ticket']) is str and TICKET.fullmatch(arguments['ticket']) is not None \
        and type(arguments['status']) is str and arguments['status'] in ('open', 'done')


def _keys_are_str(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and _keys_are_str(v) for k, v in value.items())
    return True


def validate_ticket_proposal(proposal):
    if not _structure_ok(proposal) or not _keys_are_str(proposal):
        raise ValueError('a proposal is a dict of str keys with a dict of arguments')
    text = canonical(proposal)
    if text not in _VERDICTS:
        _VERDICTS[text] = _judge(text)
    if not _VERDICTS[text]:
        raise ValueError('invalid proposal')
    return json.loads(text)


def proposal_fingerprint(proposal):
    text = canonical(validate_ticket_proposal(proposal))
    if text not in _DIGESTS:
        _DIGESTS[text] = hashlib.sha256(text.encode('ascii')).hexdigest()
    return _DIGESTS[text]


def _host(actor, approved, state, completed):
    if not isinstance(actor, str) or not ID.fullmatch(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 \
            or not all(isinstance(a, str) and HEX.fullmatch(a) for a in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    version, tickets = state['version'], state['tickets']
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1000001:
        raise ValueError('state version')
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for name, status in tickets.items():
        if not isinstance(name, str) or not TICKET.fullmatch(name) \
                or not isinstance(status, str) or status not in ('open', 'done'):
            raise ValueError('ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return json.loads(json.dumps({**row['result'], 'replayed': True}))
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': json.loads(json.dumps(result))}
    return result
