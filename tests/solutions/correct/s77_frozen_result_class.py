# Style: validate_ticket_proposal returns a read-only record of its own, a dict subclass whose items cannot be
# set (A10 leaves the result's class open), compared by value with __eq__/__ne__, unhashable by declaration
# (__hash__ = None), answering `field in record` with its own __contains__; its arguments are a read-only
# record too. Every function still validates what it is handed, own records included.
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')
FIELDS = frozenset({'call_id', 'actor', 'name', 'version', 'arguments'})


class Record(dict):
    """A dict that refuses item assignment once made."""

    def __setitem__(self, key, value):
        raise TypeError('a validated record is read-only')

    def __delitem__(self, key):
        raise TypeError('a validated record is read-only')

    def __eq__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        return dict(self) == dict(other)

    def __ne__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        return dict(self) != dict(other)

    __hash__ = None

    def __contains__(self, key):
        return isinstance(key, str) and key in self.keys()

    def __getitem__(self, key):
        if key not in self:
            raise KeyError(key)
        return self.get(key)


def _id(value):
    return type(value) is str and ID.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal.keys()) != FIELDS:
        raise ValueError('proposal fields')
    call_id, actor, name = proposal.get('call_id'), proposal.get('actor'), proposal.get('name')
    if not (_id(call_id) and _id(actor) and _id(name)):
        raise ValueError('ids')
    version = proposal.get('version')
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('version')
    arguments = proposal.get('arguments')
    if not isinstance(arguments, dict) or set(arguments.keys()) != {'ticket', 'status'}:
        raise ValueError('arguments')
    ticket, status = arguments.get('ticket'), arguments.get('status')
    if type(ticket) is not str or TICKET.fullmatch(ticket) is None:
        raise ValueError('ticket')
    if type(status) is not str or status not in ('open', 'done'):
        raise ValueError('status')
    return Record(call_id=call_id, actor=actor, name=name, version=version,
                  arguments=Record(ticket=ticket, status=status))


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _host_ok(actor, approved, state, completed):
    if not _id(actor):
        return False
    if type(approved) is not set or len(approved) > 64:
        return False
    if any(type(a) is not str or HEX.fullmatch(a) is None for a in approved):
        return False
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        return False
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        return False
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        return False
    for key, value in tickets.items():
        if type(key) is not str or TICKET.fullmatch(key) is None or type(value) is not str \
                or value not in ('open', 'done'):
            return False
    return type(completed) is dict and len(completed) <= 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _host_ok(actor, approved, state, completed):
        raise ValueError('host input')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**row['result'], 'replayed': True}
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
    completed[clean['call_id']] = Record(fingerprint=digest, result=Record(result))
    return result
