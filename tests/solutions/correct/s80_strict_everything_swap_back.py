# Style: every strict reading at once: exact builtin types only (type(x) is dict/str/int/set: no subclasses,
# no Mappings, no frozenset, A1-A3, A5), lowercase hex approvals only (A4), refusals with exactly one key and
# results with exactly the five named ones (A6), minimal rows {'fp': ..., 'result': {'version', 'ticket',
# 'value'}} (A7: only row['result']['version'] is fixed; a replay rebuilds status and replayed), bare ValueErrors.
# Validation in another but equivalent order (the arguments before the scalar fields; the log's size before the
# approvals and the state, the proposal last), fingerprints cached by the exact canonical JSON text, and the
# change applied to the host's state first and swapped back to the very values it had when the log is full.
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}\Z')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}\Z')
HEX = re.compile(r'[0-9a-f]{64}\Z')
FIELDS = {'call_id', 'actor', 'name', 'version', 'arguments'}
_DIGEST_OF_TEXT = {}


def _str_matching(value, pattern):
    return type(value) is str and pattern.match(value) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or len(proposal) != 5:
        raise ValueError
    for key in proposal:
        if type(key) is not str or key not in FIELDS:
            raise ValueError
    arguments = proposal['arguments']
    if type(arguments) is not dict or len(arguments) != 2:
        raise ValueError
    for key in arguments:
        if type(key) is not str or key not in ('ticket', 'status'):
            raise ValueError
    if not _str_matching(arguments['ticket'], TICKET):
        raise ValueError
    if type(arguments['status']) is not str or arguments['status'] not in ('open', 'done'):
        raise ValueError
    if type(proposal['version']) is not int or proposal['version'] < 0 or proposal['version'] > 1000000:
        raise ValueError
    for key in ('name', 'actor', 'call_id'):
        if not _str_matching(proposal[key], ID):
            raise ValueError
    return {'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
            'version': proposal['version'],
            'arguments': {'ticket': arguments['ticket'], 'status': arguments['status']}}


def _canonical(clean):
    return json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))


def proposal_fingerprint(proposal):
    text = _canonical(validate_ticket_proposal(proposal))
    if text not in _DIGEST_OF_TEXT:
        _DIGEST_OF_TEXT[text] = hashlib.sha256(text.encode('ascii')).hexdigest()
    return _DIGEST_OF_TEXT[text]


def _validate_host(actor, approved, state, completed):
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError
    if type(approved) is not set or len(approved) > 64:
        raise ValueError
    for item in approved:
        if not _str_matching(item, HEX):
            raise ValueError
    if type(state) is not dict or len(state) != 2:
        raise ValueError
    for key in state:
        if type(key) is not str or key not in ('version', 'tickets'):
            raise ValueError
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError
    for ticket in tickets:
        status = tickets[ticket]
        if not _str_matching(ticket, TICKET) or type(status) is not str or status not in ('open', 'done'):
            raise ValueError
    if not _str_matching(actor, ID):
        raise ValueError


def dispatch_ticket(proposal, actor, approved, state, completed):
    _validate_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fp'] != digest:
            return {'status': 'call-id-conflict'}
        stored = row['result']
        return {'status': 'ok', 'version': stored['version'], 'ticket': stored['ticket'], 'value': stored['value'],
                'replayed': True}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    tickets = state['tickets']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    old_value, old_version = tickets[ticket], state['version']
    tickets[ticket] = value
    state['version'] = old_version + 1
    if len(completed) >= 64:
        tickets[ticket] = old_value
        state['version'] = old_version
        return {'status': 'log-full'}
    completed[clean['call_id']] = {'fp': digest,
                                   'result': {'version': state['version'], 'ticket': ticket, 'value': value}}
    return {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
