# Style: own ValueError subclasses that carry the bad input itself in args (the caller's own objects, shared),
# and code that reads the args of the exceptions it catches: KeyError from dict look-ups (also with tuple keys
# holding a class), int() and bytes.fromhex ValueErrors, UnicodeEncodeError's five args, json.JSONDecodeError
# and re.error raised on purpose at import. Replays are deep copies made through JSON.
import hashlib
import json
import re


class ContractError(ValueError):
    """A rejected input shape; args = (what, the offending value)."""


class ProposalError(ContractError):
    pass


class HostError(ContractError):
    pass


# re.error and json.JSONDecodeError read at import: their args are their messages.
try:
    re.compile('[unclosed')
except re.error as error:
    REGEX_NOTE = str(error.args[0])
try:
    json.loads('{"broken": ')
except json.JSONDecodeError as error:
    JSON_NOTE = error.args[0].split(':')[0]

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')

# Checkers by (field kind, value class): a KeyError names the pair that has no checker.
KINDS = {('id', str): ID_RE, ('ticket', str): TICKET_RE}
STATUS_INDEX = {'open': 0, 'done': 1}


def _require(mapping, key, error_class):
    try:
        return mapping[key]
    except KeyError as missing:
        raise error_class('missing field', missing.args[0]) from None


def _ascii_only(text, error_class):
    try:
        text.encode('ascii')
    except UnicodeEncodeError as bad:
        encoding, whole, start, end, reason = bad.args
        raise error_class('not ' + encoding + ' (' + reason + ')', whole[start:end]) from None


def _matches(kind, value, error_class):
    try:
        pattern = KINDS[(kind, type(value))]
    except KeyError as no_checker:
        wanted_kind, found_class = no_checker.args[0]
        raise error_class(wanted_kind + ' of class ' + found_class.__name__, value) from None
    except TypeError:  # an unhashable class cannot happen, but keep the promise of ValueError
        raise error_class(kind, value) from None
    _ascii_only(value, error_class)
    if pattern.fullmatch(value) is None:
        raise error_class(kind, value)
    return value


def _plain_int(value, low, high, error_class):
    if type(value) is not int:
        raise error_class('version must be a plain int', value)
    try:
        number = int(str(value), 10)
    except ValueError as bad:
        raise error_class(bad.args[0], value) from None
    if not low <= number <= high:
        raise error_class('version out of range', value)
    return number


def _status(value, error_class):
    if type(value) is not str:
        raise error_class('status must be a str', value)
    try:
        STATUS_INDEX[value]
    except KeyError as unknown:
        raise error_class('unknown status', unknown.args[0]) from None
    return value


def _exact_keys(mapping, names, error_class, what):
    if type(mapping) is not dict:
        raise error_class(what + ' must be a dict', mapping)
    extra = [key for key in mapping if key not in names]
    if extra:
        raise error_class('extra field', extra[0])
    for name in names:
        _require(mapping, name, error_class)


def validate_ticket_proposal(proposal):
    _exact_keys(proposal, ('call_id', 'actor', 'name', 'version', 'arguments'), ProposalError, 'proposal')
    for field in ('call_id', 'actor', 'name'):
        _matches('id', proposal[field], ProposalError)
    _plain_int(proposal['version'], 0, 1000000, ProposalError)
    arguments = proposal['arguments']
    _exact_keys(arguments, ('ticket', 'status'), ProposalError, 'arguments')
    _matches('ticket', arguments['ticket'], ProposalError)
    _status(arguments['status'], ProposalError)
    return {'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
            'version': proposal['version'],
            'arguments': {'ticket': arguments['ticket'], 'status': arguments['status']}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _digest(item):
    if type(item) is not str or len(item) != 64:
        raise HostError('approval must be 64 hex digits', item)
    _ascii_only(item, HostError)
    if item != item.lower() or not item.isalnum():
        raise HostError('approval must be lowercase hex', item)
    try:
        bytes.fromhex(item)
    except ValueError as bad:
        raise HostError(bad.args[0], item) from None
    return item


def _check_host(actor, approved, state, completed):
    _matches('id', actor, HostError)
    if type(approved) is not set or len(approved) > 64:
        raise HostError('approved must be a set of at most 64', approved)
    for item in approved:
        _digest(item)
    _exact_keys(state, ('version', 'tickets'), HostError, 'state')
    _plain_int(state['version'], 0, 1000001, HostError)
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise HostError('1..16 tickets', tickets)
    for ticket, status in tickets.items():
        _matches('ticket', ticket, HostError)
        _status(status, HostError)
    if type(completed) is not dict or len(completed) > 64:
        raise HostError('completed must be a dict of at most 64 rows', completed)


def _json_copy(value):
    return json.loads(json.dumps(value))


def dispatch_ticket(proposal, actor, approved, state, completed):
    try:
        clean = validate_ticket_proposal(proposal)
    except ProposalError as bad:
        what, value = bad.args
        raise ProposalError('dispatch: ' + what, value) from bad
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden', 'claimed': clean['actor']}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool', 'name': clean['name']}
    digest = proposal_fingerprint(clean)
    try:
        row = completed[clean['call_id']]
    except KeyError as unknown:
        assert unknown.args[0] == clean['call_id']
    else:
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict', 'call_id': clean['call_id']}
        replay = _json_copy(row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version', 'current': state['version']}
    if digest not in approved:
        return {'status': 'approval-required', 'fingerprint': digest}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    try:
        state['tickets'][ticket]
    except KeyError as gone:
        return {'status': 'missing-ticket', 'ticket': gone.args[0]}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': _json_copy(result)}
    return result
