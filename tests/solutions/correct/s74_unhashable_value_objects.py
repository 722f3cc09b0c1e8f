# Style: mutable value objects with __eq__ that, as Python's data model recommends for mutable objects
# compared by value, declare themselves unhashable with `__hash__ = None`; an immutable Fingerprint keeps
# __eq__ and __hash__ together; a mutable Log wrapper over the host's dict with __contains__ and __len__.
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')
FIELDS = ('call_id', 'actor', 'name', 'version', 'arguments')


class Draft:
    """A proposal being checked: mutable while it is built, compared by its content."""

    def __init__(self, fields):
        self.fields = dict(fields)
        self.arguments = dict(fields['arguments'])

    def __eq__(self, other):
        if not isinstance(other, Draft):
            return NotImplemented
        return self.fields == other.fields and self.arguments == other.arguments

    __hash__ = None

    def as_dict(self):
        clean = dict(self.fields)
        clean['arguments'] = dict(self.arguments)
        return clean


class Fingerprint:
    __slots__ = ('hex',)

    def __init__(self, text):
        self.hex = text

    def __eq__(self, other):
        if isinstance(other, Fingerprint):
            return self.hex == other.hex
        return NotImplemented

    def __hash__(self):
        return hash(self.hex)


class Log:
    """The host's completed dict seen as a log of call ids."""

    def __init__(self, rows):
        self.rows = rows

    def __contains__(self, call_id):
        return call_id in self.rows

    def __len__(self):
        return len(self.rows)

    def __eq__(self, other):
        return isinstance(other, Log) and self.rows is other.rows

    __hash__ = None


def _is_id(value):
    return type(value) is str and ID.fullmatch(value) is not None


def _is_ticket(value):
    return type(value) is str and TICKET.fullmatch(value) is not None


def _is_status(value):
    return type(value) is str and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or len(proposal) != 5 or any(key not in proposal for key in FIELDS):
        raise ValueError('a proposal has exactly five fields')
    if not all(_is_id(proposal[key]) for key in FIELDS[:3]):
        raise ValueError('call_id, actor and name are ids')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    arguments = proposal['arguments']
    if type(arguments) is not dict or len(arguments) != 2 or 'ticket' not in arguments or 'status' not in arguments:
        raise ValueError('arguments')
    if not _is_ticket(arguments['ticket']) or not _is_status(arguments['status']):
        raise ValueError('ticket/status')
    return Draft(proposal).as_dict()


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _is_id(actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64 or not all(type(a) is str and HEX.fullmatch(a) for a in approved):
        raise ValueError('approved')
    if type(state) is not dict or len(state) != 2 or 'version' not in state or 'tickets' not in state:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16 \
            or not all(_is_ticket(k) and _is_status(v) for k, v in tickets.items()):
        raise ValueError('tickets')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')
    log = Log(completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = Fingerprint(proposal_fingerprint(clean))
    if clean['call_id'] in log:
        row = completed[clean['call_id']]
        if Fingerprint(row['fingerprint']) != digest:
            return {'status': 'call-id-conflict'}
        return {**row['result'], 'replayed': True}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in {Fingerprint(a) for a in approved}:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(log) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest.hex, 'result': dict(result)}
    return result
