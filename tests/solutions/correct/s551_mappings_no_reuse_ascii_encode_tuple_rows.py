# Style: three functions that do not call each other (A11): each checks the proposal itself with its own loop.
# Any Mapping is a dictionary where it is only read, a MutableMapping where it is written (A1); str subclasses are
# strings (A2); only a real set (or set subclass) is a register, a frozenset is refused (A3); hex digits in either
# case are accepted but compared as given, so an uppercase approval never authorises (A4); an int subclass other
# than bool (IntEnum) is a proposal version, a bool state version is refused (A5). ASCII-ness is checked by
# encoding, so non-ASCII text raises UnicodeEncodeError (a ValueError, A12). The validated copy is a dict subclass
# holding the caller's arguments copied shallowly (A10). Rows hold a tuple (digest, result) under 'entry' next
# to the result itself (A7); refusals also name the call id (A6).
import hashlib
import json
import string
from collections.abc import Mapping, MutableMapping

FIELDS = frozenset({'call_id', 'actor', 'name', 'version', 'arguments'})
ID_FIRST = set(string.ascii_letters)
ID_REST = set(string.ascii_letters + string.digits + '_-')
TICKET_FIRST = set(string.ascii_lowercase)
TICKET_REST = set(string.ascii_lowercase + string.digits + '-')
HEX = set(string.hexdigits)


class Proposal(dict):
    """A validated proposal: a plain dict with a name of its own."""


def _ascii_word(value, first, rest, longest):
    if not isinstance(value, str):
        raise ValueError('expected a string')
    value.encode('ascii')  # non-ASCII raises UnicodeEncodeError
    if not 1 <= len(value) <= longest or value[0] not in first or not set(value[1:]) <= rest:
        raise ValueError(f'{value!r} does not have the required form')
    return value


def validate_ticket_proposal(proposal):
    """New dict (Proposal) equal to a valid proposal; ValueError (or UnicodeEncodeError) for an invalid one."""
    if not isinstance(proposal, Mapping) or set(proposal) != FIELDS:
        raise ValueError('proposal must be a dict with exactly the five fields')
    for field in ('call_id', 'actor', 'name'):
        _ascii_word(proposal[field], ID_FIRST, ID_REST, 40)
    version = proposal['version']
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1_000_000:
        raise ValueError('version must be an int from 0 to 1000000')
    arguments = proposal['arguments']
    if not isinstance(arguments, Mapping) or set(arguments) != {'ticket', 'status'}:
        raise ValueError('arguments must hold exactly ticket and status')
    _ascii_word(arguments['ticket'], TICKET_FIRST, TICKET_REST, 32)
    if not isinstance(arguments['status'], str) or arguments['status'] not in ('open', 'done'):
        raise ValueError('status must be open or done')
    return Proposal(call_id=proposal['call_id'], actor=proposal['actor'], name=proposal['name'],
                    version=version, arguments=dict(arguments))


def proposal_fingerprint(proposal):
    """Lowercase SHA-256 hex digest of the canonical JSON of a valid proposal; ValueError for an invalid one."""
    if not isinstance(proposal, Mapping) or set(proposal) != FIELDS:
        raise ValueError('not a proposal')
    for field in ('call_id', 'actor', 'name'):
        _ascii_word(proposal[field], ID_FIRST, ID_REST, 40)
    version = proposal['version']
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1_000_000:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if not isinstance(arguments, Mapping) or set(arguments) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    _ascii_word(arguments['ticket'], TICKET_FIRST, TICKET_REST, 32)
    if not isinstance(arguments['status'], str) or arguments['status'] not in ('open', 'done'):
        raise ValueError('bad status')
    canonical = {'call_id': str(proposal['call_id']), 'actor': str(proposal['actor']),
                 'name': str(proposal['name']), 'version': int(version),
                 'arguments': {'ticket': str(arguments['ticket']), 'status': str(arguments['status'])}}
    text = json.dumps(canonical, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Run one reviewed set_ticket call (contract D1-D20); refusals are returned, bad input raises ValueError."""
    # Host inputs first.
    _ascii_word(actor, ID_FIRST, ID_REST, 40)
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved must be a set of at most 64 digests')
    for entry in approved:
        if not isinstance(entry, str) or len(entry) != 64 or not set(entry) <= HEX:
            raise ValueError('approved holds something that is no SHA-256 hex string')
    if not isinstance(state, MutableMapping) or set(state) != {'version', 'tickets'}:
        raise ValueError('state must hold exactly version and tickets')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1_000_001:
        raise ValueError('state version out of range')
    tickets = state['tickets']
    if not isinstance(tickets, Mapping) or not 1 <= len(tickets) <= 16:
        raise ValueError('state tickets must hold 1 to 16 entries')
    for name, value in tickets.items():
        _ascii_word(name, TICKET_FIRST, TICKET_REST, 32)
        if not isinstance(value, str) or value not in ('open', 'done'):
            raise ValueError('ticket status must be open or done')
    if not isinstance(completed, MutableMapping) or len(completed) > 64:
        raise ValueError('completed must be a dict of at most 64 rows')
    # Then the proposal itself.
    if not isinstance(proposal, Mapping) or set(proposal) != FIELDS:
        raise ValueError('not a proposal')
    for field in ('call_id', 'actor', 'name'):
        _ascii_word(proposal[field], ID_FIRST, ID_REST, 40)
    version = proposal['version']
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1_000_000:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if not isinstance(arguments, Mapping) or set(arguments) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    ticket, status = arguments['ticket'], arguments['status']
    _ascii_word(ticket, TICKET_FIRST, TICKET_REST, 32)
    if not isinstance(status, str) or status not in ('open', 'done'):
        raise ValueError('bad status')
    call_id = proposal['call_id']
    content = {'call_id': str(call_id), 'actor': str(proposal['actor']), 'name': str(proposal['name']),
               'version': int(version), 'arguments': {'ticket': str(ticket), 'status': str(status)}}
    digest = hashlib.sha256(json.dumps(content, sort_keys=True, separators=(',', ':')).encode()).hexdigest()

    if proposal['actor'] != actor:
        return {'status': 'forbidden', 'call_id': call_id}
    if proposal['name'] != 'set_ticket':
        return {'status': 'unknown-tool', 'call_id': call_id}
    if call_id in completed:
        stored_digest, stored = completed[call_id]['entry']
        if stored_digest != digest:
            return {'status': 'call-id-conflict', 'call_id': call_id}
        return {**stored, 'replayed': True}
    if version != state['version']:
        return {'status': 'stale-version', 'call_id': call_id}
    if digest not in approved:
        return {'status': 'approval-required', 'call_id': call_id}
    if ticket not in tickets:
        return {'status': 'missing-ticket', 'call_id': call_id}
    if len(completed) >= 64:
        return {'status': 'log-full', 'call_id': call_id}

    new_version = state['version'] + 1
    state['tickets'] = {**tickets, str(ticket): str(status)}
    state['version'] = new_version
    result = {'status': 'ok', 'version': new_version, 'ticket': str(ticket), 'value': str(status),
              'replayed': False}
    completed[str(call_id)] = {'entry': (digest, dict(result)), 'result': dict(result)}
    return result
