# Style: lets the standard library raise the ValueErrors (A12: any subclass counts): str.encode('ascii') raises
# UnicodeEncodeError for non-ASCII text, bytes.fromhex and int(..., 16) raise ValueError for bad hex, list.index
# raises ValueError for an unknown status, json.loads raises JSONDecodeError; the grammar is checked by hand
# with str methods after that. The host's state is deep-copied, the copy changed, and its content swapped into
# the caller's state object on success (A9: state['tickets'] becomes a new dict inside the same state).
# A per-host note keyed by id(completed) remembers the last version seen, only to print it; it decides nothing.
import copy
import hashlib
import json
import string

STATUSES = ['open', 'done']
LOWER = string.ascii_lowercase
ID_REST = string.ascii_letters + string.digits + '_-'
TICKET_REST = LOWER + string.digits + '-'
_NOTES = {}


def _ascii(text, what):
    if type(text) is not str:
        raise ValueError(what + ' must be a str')
    text.encode('ascii')  # UnicodeEncodeError (a ValueError) for anything else
    return text


def _grammar(text, first, rest, longest, what):
    _ascii(text, what)
    if not 1 <= len(text) <= longest or text[0] not in first or any(c not in rest for c in text[1:]):
        raise ValueError(what)
    return text


def _id(text, what):
    return _grammar(text, string.ascii_letters, ID_REST, 40, what)


def _ticket(text):
    return _grammar(text, LOWER, TICKET_REST, 32, 'ticket')


def _status(value):
    if type(value) is not str:
        raise ValueError('status')
    return STATUSES[STATUSES.index(value)]  # list.index raises ValueError


def _keys(mapping, names, what):
    if type(mapping) is not dict:
        raise ValueError(what + ' must be a dict')
    if sorted(map(repr, mapping)) != sorted(map(repr, names)):
        raise ValueError(what + ' needs exactly ' + ', '.join(names))


def _version(value, top):
    if type(value) is not int:
        raise ValueError('version must be an int')
    if not 0 <= value <= top:
        raise ValueError('version out of range')
    return value


def validate_ticket_proposal(proposal):
    _keys(proposal, ['call_id', 'actor', 'name', 'version', 'arguments'], 'proposal')
    _keys(proposal['arguments'], ['ticket', 'status'], 'arguments')
    clean = {key: _id(proposal[key], key) for key in ('call_id', 'actor', 'name')}
    clean['version'] = _version(proposal['version'], 1000000)
    clean['arguments'] = {'ticket': _ticket(proposal['arguments']['ticket']),
                          'status': _status(proposal['arguments']['status'])}
    return json.loads(json.dumps(clean))


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _approval(item):
    _ascii(item, 'approval')
    if len(item) != 64 or item != item.strip() or item[0] in '+-' or item.lower() != item:
        raise ValueError('approval')
    bytes.fromhex(item)  # ValueError for any non-hex character
    int(item, 16)
    return item


def _host(actor, approved, state, completed):
    _id(actor, 'actor')
    if type(approved) is not set or len(approved) > 64:
        raise ValueError('approved')
    for item in approved:
        _approval(item)
    _keys(state, ['version', 'tickets'], 'state')
    _version(state['version'], 1000001)
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for ticket in tickets:
        _ticket(ticket)
        _status(tickets[ticket])
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    _NOTES[id(completed)] = state['version']
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    working = copy.deepcopy(state)
    working['tickets'][ticket] = value
    working['version'] += 1
    state.clear()
    state.update(working)
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    print('host', len(_NOTES), 'version', _NOTES[id(completed)], '->', state['version'])
    return result
