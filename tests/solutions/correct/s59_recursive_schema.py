# Style: one recursive validator walking a nested schema description, a recursive deep copy and a
# recursive canonical-JSON writer (sorted keys, no spaces) hashed with sha256
import hashlib

ID_FIRST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
ID_REST = ID_FIRST + '0123456789_-'
T_FIRST = 'abcdefghijklmnopqrstuvwxyz'
T_REST = T_FIRST + '0123456789-'

SCHEMA = {
    'call_id': ('word', ID_FIRST, ID_REST, 40),
    'actor': ('word', ID_FIRST, ID_REST, 40),
    'name': ('word', ID_FIRST, ID_REST, 40),
    'version': ('int', 1000000),
    'arguments': {
        'ticket': ('word', T_FIRST, T_REST, 32),
        'status': ('one-of', 'open', 'done'),
    },
}


def _chars_ok(text, allowed, i=0):
    if i == len(text):
        return True
    return text[i] in allowed and _chars_ok(text, allowed, i + 1)


def _conforms(value, schema):
    if isinstance(schema, dict):
        return (isinstance(value, dict) and set(value) == set(schema)
                and all(_conforms(value[key], schema[key]) for key in schema))
    kind = schema[0]
    if kind == 'word':
        _, first, rest, longest = schema
        return (isinstance(value, str) and 1 <= len(value) <= longest and value[0] in first
                and _chars_ok(value[1:], rest))
    if kind == 'int':
        return type(value) is int and 0 <= value <= schema[1]
    if kind == 'one-of':
        return isinstance(value, str) and value in schema[1:]
    raise AssertionError(kind)


def _copy(value):
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def _canonical(value):
    if isinstance(value, dict):
        return '{' + ','.join(_canonical(str(k)) + ':' + _canonical(value[k]) for k in sorted(value)) + '}'
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value + '"'  # valid proposals hold only [A-Za-z0-9_-]: nothing to escape
    raise TypeError(type(value).__name__)


def validate_ticket_proposal(proposal):
    if not _conforms(proposal, SCHEMA):
        raise ValueError('proposal does not match the schema')
    return _copy(proposal)


def proposal_fingerprint(proposal):
    return hashlib.sha256(_canonical(validate_ticket_proposal(proposal)).encode('ascii')).hexdigest()


HOST_ID = SCHEMA['actor']
TICKET = SCHEMA['arguments']['ticket']
STATUS = SCHEMA['arguments']['status']
HEX = ('word', '0123456789abcdef', '0123456789abcdef', 64)


def _host_ok(actor, approved, state, completed):
    if not _conforms(actor, HOST_ID):
        return False
    if not isinstance(approved, set) or len(approved) > 64:
        return False
    if not all(_conforms(h, HEX) and len(h) == 64 for h in approved):
        return False
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        return False
    if not _conforms(state['version'], ('int', 1000001)):
        return False
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        return False
    if not all(_conforms(k, TICKET) and _conforms(v, STATUS) for k, v in tickets.items()):
        return False
    return isinstance(completed, dict) and len(completed) <= 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not _host_ok(actor, approved, state, completed):
        raise ValueError('host input')
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(p)
    if p['call_id'] in completed:
        row = completed[p['call_id']]
        if row['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        again = _copy(row['result'])
        again['replayed'] = True
        return again
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    ticket, status = p['arguments']['ticket'], p['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = status
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': status, 'replayed': False}
    completed[p['call_id']] = {'fingerprint': fp, 'result': _copy(result)}
    return result
