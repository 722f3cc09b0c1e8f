# Style: subclasses of builtins with special methods of their own: the approvals as a frozenset subclass whose
# __contains__ (written through a decorator of ours) matches hex case-insensitively (A4; uppercase approvals are
# valid), a dict subclass for validated proposals (A10) declared unhashable with __hash__ = None and compared by
# a decorated __eq__/__ne__, a str subclass for call ids with its own __eq__/__hash__ pair (both via def), and
# an int subclass for versions inside our own code only; the host always gets plain str, int and dict values.
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-fA-F]{64}')


def tolerant(method):
    """A membership test that answers False instead of raising for a value of the wrong kind."""
    def check(self, item):
        if type(item) is not str:
            return False
        return method(self, item)
    return check


def same_class(method):
    def compare(self, other):
        if not isinstance(other, Proposal):
            return NotImplemented
        return method(self, other)
    return compare


class Register(frozenset):
    """The host's approvals, looked up without regard to the case of the hex digits."""

    @tolerant
    def __contains__(self, digest):
        return any(item.lower() == digest.lower() for item in frozenset(self))


class Proposal(dict):
    __hash__ = None

    @same_class
    def __eq__(self, other):
        return dict(self) == dict(other)

    @same_class
    def __ne__(self, other):
        return dict(self) != dict(other)


class CallId(str):
    def __eq__(self, other):
        return isinstance(other, str) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))


class Version(int):
    def bumped(self):
        return Version(int(self) + 1)


def _text(pattern, value):
    return type(value) is str and pattern.fullmatch(value) is not None


def _keys(mapping, names):
    # Exact dicts, and our own validated proposals (Ex 1: p = clean is fed back as a proposal, V8).
    return type(mapping) in (dict, Proposal) and len(mapping) == len(names) and all(type(k) is str for k in mapping) \
        and set(mapping) == set(names)


def validate_ticket_proposal(proposal):
    if not _keys(proposal, ('call_id', 'actor', 'name', 'version', 'arguments')):
        raise ValueError('fields')
    if not all(_text(ID, proposal[k]) for k in ('call_id', 'actor', 'name')):
        raise ValueError('ids')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not _keys(args, ('ticket', 'status')) or not _text(TICKET, args['ticket']):
        raise ValueError('arguments')
    if type(args['status']) is not str or args['status'] not in ('open', 'done'):
        raise ValueError('status')
    return Proposal(call_id=proposal['call_id'], actor=proposal['actor'], name=proposal['name'],
                    version=proposal['version'], arguments={'ticket': args['ticket'], 'status': args['status']})


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    if not _text(ID, actor):
        raise ValueError('actor')
    if not isinstance(approved, (set, frozenset)) or len(approved) > 64 or not all(_text(HEX, a) for a in approved):
        raise ValueError('approved')
    if not _keys(state, ('version', 'tickets')):
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for key, value in tickets.items():
        if not _text(TICKET, key) or type(value) is not str or value not in ('open', 'done'):
            raise ValueError('ticket pair')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    register = Register(approved)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    call_id = CallId(clean['call_id'])
    if call_id in completed:
        row = completed[call_id]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**row['result'], 'replayed': True}
    if Version(clean['version']) != state['version']:
        return {'status': 'stale-version'}
    if digest not in register:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    new_version = int(Version(state['version']).bumped())
    state['tickets'][ticket] = value
    state['version'] = new_version
    result = {'status': 'ok', 'version': new_version, 'ticket': ticket, 'value': value, 'replayed': False}
    completed[str(call_id)] = {'fingerprint': digest, 'result': dict(result)}
    return result
