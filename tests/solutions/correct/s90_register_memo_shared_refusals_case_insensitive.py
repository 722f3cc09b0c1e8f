# Style: a memory of validated registers keyed by id(approved), trusted only when a typed snapshot of the
# register's content still equals it (so a register changed in place, even to the same size, is checked
# again); approvals in any letter case are accepted and matched case-insensitively (A4); frozenset is a set
# (A3); refusals are module-level dicts shared between calls whose nested parts are dicts too (A6: a refusal
# dict may be shared, it holds nothing of the log and nothing it decides with); the host's inputs are checked
# in the order completed, state, approved, actor, then the proposal (D6 leaves it free); the change is tried
# on a copy of the tickets first and then written into the caller's state; replays are JSON round trips.
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-fA-F]{64}')

REFUSALS = {
    status: {'status': status, 'about': {'rule': rule, 'see': {'lesson': '01.02', 'section': section}}}
    for status, rule, section in [
        ('forbidden', 'actor', 1), ('unknown-tool', 'tool', 1), ('call-id-conflict', 'call id', 4),
        ('stale-version', 'version', 4), ('approval-required', 'approval', 2), ('missing-ticket', 'ticket', 3),
        ('log-full', 'log', 3)]
}

_REGISTERS = {}  # id(approved) -> typed snapshot of a register that was valid


def _snapshot(approved):
    return frozenset((type(item), item) for item in approved)


def _is_id(value):
    return type(value) is str and ID.fullmatch(value) is not None


def _is_ticket(value):
    return type(value) is str and TICKET.fullmatch(value) is not None


def _is_status(value):
    return type(value) is str and (value == 'open' or value == 'done')


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal shape')
    if not all(_is_id(proposal[key]) for key in ('call_id', 'actor', 'name')):
        raise ValueError('identifier')
    if type(proposal['version']) is not int or proposal['version'] < 0 or proposal['version'] > 1000000:
        raise ValueError('version')
    arguments = proposal['arguments']
    if type(arguments) is not dict or set(arguments) != {'status', 'ticket'}:
        raise ValueError('arguments')
    if not _is_ticket(arguments['ticket']) or not _is_status(arguments['status']):
        raise ValueError('ticket/status')
    return json.loads(json.dumps(proposal))


def proposal_fingerprint(proposal):
    data = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(data.encode('ascii')).hexdigest()


def _check_register(approved):
    if not isinstance(approved, (set, frozenset)) or len(approved) > 64:
        raise ValueError('approved')
    key = id(approved)
    snapshot = _snapshot(approved)
    if _REGISTERS.get(key) == snapshot:
        return
    for item in approved:
        if type(item) is not str or HEX.fullmatch(item) is None:
            _REGISTERS.pop(key, None)
            raise ValueError('approval')
    _REGISTERS[key] = snapshot


def _check_host(actor, approved, state, completed):
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if type(tickets) is not dict or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError('tickets')
    for ticket in tickets:
        if not _is_ticket(ticket) or not _is_status(tickets[ticket]):
            raise ValueError('ticket pair')
    _check_register(approved)
    if not _is_id(actor):
        raise ValueError('actor')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean['actor'] != actor:
        return REFUSALS['forbidden']
    if clean['name'] != 'set_ticket':
        return REFUSALS['unknown-tool']
    digest = proposal_fingerprint(clean)
    row = completed.get(clean['call_id'])
    if clean['call_id'] in completed:
        if row['fingerprint'] != digest:
            return REFUSALS['call-id-conflict']
        return {**json.loads(json.dumps(row['result'])), 'replayed': True}
    if clean['version'] != state['version']:
        return REFUSALS['stale-version']
    if digest not in {item.lower() for item in approved}:
        return REFUSALS['approval-required']
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return REFUSALS['missing-ticket']
    if len(completed) == 64:
        return REFUSALS['log-full']
    trial = dict(state['tickets'])
    trial[ticket] = value
    for name in trial:
        state['tickets'][name] = trial[name]
    state['version'] = state['version'] + 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': json.loads(json.dumps(result))}
    return result
