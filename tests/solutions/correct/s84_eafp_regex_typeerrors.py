# Style: EAFP throughout: no isinstance checks for strings at all; re's own TypeError for a value that is no str
# (None, ints, floats such as float('inf'), bytes, lists) is turned into a ValueError, as are the KeyError of a
# missing field and the TypeError of an unhashable status; str subclasses are therefore strings (A2).
# Containers are duck-typed by what they must do: any mapping for the proposal (A1), a set or frozenset for
# approvals (A3), approvals of either case that match case-sensitively (A4).
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9A-Fa-f]{64}')
STATUSES = frozenset({'open', 'done'})


class Invalid(ValueError):
    pass


def _text(pattern, value):
    try:
        if pattern.fullmatch(value) is None:
            raise Invalid(repr(value))
    except TypeError:
        raise Invalid('not text: ' + type(value).__name__) from None
    return str(value)


def _status(value):
    try:
        if value not in STATUSES or type(value) is bool:
            raise Invalid('status')
    except TypeError:
        raise Invalid('unhashable status') from None
    return _text(re.compile('open|done'), value)


def _int(value, top):
    if type(value) is not int or value < 0 or value > top:
        raise Invalid('version')
    return value


def _fields(mapping, names):
    try:
        keys = set(mapping.keys())
        if keys != set(names) or len(mapping) != len(names):
            raise Invalid('fields')
        return {name: mapping[name] for name in names}
    except (AttributeError, TypeError, KeyError):
        raise Invalid('not a mapping') from None


def validate_ticket_proposal(proposal):
    if isinstance(proposal, (str, bytes)):
        raise Invalid('text is no proposal')
    fields = _fields(proposal, ('call_id', 'actor', 'name', 'version', 'arguments'))
    if isinstance(fields['arguments'], (str, bytes)):
        raise Invalid('arguments')
    arguments = _fields(fields['arguments'], ('ticket', 'status'))
    return {'call_id': _text(ID, fields['call_id']), 'actor': _text(ID, fields['actor']),
            'name': _text(ID, fields['name']), 'version': _int(fields['version'], 1000000),
            'arguments': {'ticket': _text(TICKET, arguments['ticket']), 'status': _status(arguments['status'])}}


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(',', ':'))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    _text(ID, actor)
    if not isinstance(approved, (set, frozenset)) or len(approved) > 64:
        raise Invalid('approved')
    for item in approved:
        _text(HEX, item)
    if not isinstance(state, dict):
        raise Invalid('state')
    fields = _fields(state, ('version', 'tickets'))
    _int(fields['version'], 1000001)
    tickets = fields['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise Invalid('tickets')
    for ticket, status in tickets.items():
        _text(TICKET, ticket)
        _status(status)
    if not isinstance(completed, dict) or len(completed) > 64:
        raise Invalid('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    try:
        row = completed[clean['call_id']]
    except KeyError:
        row = None
    if row is not None:
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**row['result'], 'replayed': True}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    try:
        state['tickets'][ticket]
    except KeyError:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': dict(result)}
    return result
