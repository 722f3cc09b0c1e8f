# Reading of A8 (rows the dispatcher did not write): the log is trusted only as far as this dispatcher wrote it.
# Every row must be a row object this module made, stored under the call id it was made for; anything else is
# malformed host input and raises ValueError. The rows are checked before the log's size (D6 leaves the order of
# validations free). The registry holds the rows themselves, so an id is never reused while it is remembered.
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')
_WRITTEN = {}  # id(row) -> (row, call id)


class LogRow(dict):
    """A completed row: {'fingerprint': ..., 'result': {...}} (a dict subclass, A7)."""


def _ok(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    for key in ('call_id', 'actor', 'name'):
        if not _ok(ID, proposal[key]):
            raise ValueError(key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _ok(TICKET, args['ticket']) or not isinstance(args['status'], str) or args['status'] not in ('open', 'done'):
        raise ValueError('ticket or status')
    return {**proposal, 'arguments': dict(args)}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_log(completed):
    if not isinstance(completed, dict):
        raise ValueError('completed must be a dict')
    for call_id, row in completed.items():
        known = _WRITTEN.get(id(row))
        if known is None or known[0] is not row or known[1] != call_id:
            raise ValueError('a row this dispatcher did not write: ' + repr(call_id))
    if len(completed) > 64:
        raise ValueError('completed holds more than 64 rows')


def _check_host(actor, approved, state, completed):
    if not _ok(ID, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ok(HEX, a) for a in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for key, value in tickets.items():
        if not _ok(TICKET, key) or not isinstance(value, str) or value not in ('open', 'done'):
            raise ValueError('ticket pair')
    _check_log(completed)


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        row = completed[call_id]
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
    row = LogRow(fingerprint=digest, result=dict(result))
    _WRITTEN[id(row)] = (row, call_id)
    completed[call_id] = row
    return result
