# Style: every outcome has the same fields (A6): refusals carry replayed=False, the host's version, the ticket
# asked for and a message; successes and replays carry the call id and digest as well. Rows hold the actor and
# call id besides digest and result (A7). validate_ticket_proposal returns a dict subclass with sorted keys
# (A10). Exact str everywhere (type(x) is str, A2), set and set subclasses but no frozenset (A3), lowercase hex
# only (A4); an int subclass such as IntEnum is accepted as a state version, bool is not (A5). The host inputs
# are checked before the proposal, the state's tickets first (D6).
import hashlib
import json
import re

_ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
_TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
_HEX = re.compile(r'[0-9a-f]{64}')


class SortedRecord(dict):
    """A dict that lists its keys in sorted order."""


def _matches(pattern, value):
    return type(value) is str and pattern.fullmatch(value) is not None


def _bad(what):
    raise ValueError(f'invalid {what}')


def validate_ticket_proposal(proposal):
    """A SortedRecord equal to a valid proposal (its arguments a new dict); ValueError for anything else."""
    if not isinstance(proposal, dict) or proposal.keys() != {'actor', 'arguments', 'call_id', 'name', 'version'}:
        _bad('proposal')
    if not all(_matches(_ID, proposal[key]) for key in ('call_id', 'actor', 'name')):
        _bad('id')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        _bad('version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or arguments.keys() != {'status', 'ticket'}:
        _bad('arguments')
    if not _matches(_TICKET, arguments['ticket']) or type(arguments['status']) is not str \
            or arguments['status'] not in ['open', 'done']:
        _bad('ticket or status')
    record = SortedRecord()
    for key in sorted(proposal):
        record[key] = dict(sorted(arguments.items())) if key == 'arguments' else proposal[key]
    return record


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not isinstance(state, dict) or state.keys() != {'tickets', 'version'}:
        _bad('state')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        _bad('tickets')
    if not all(_matches(_TICKET, key) and type(value) is str and value in ['open', 'done']
               for key, value in tickets.items()):
        _bad('ticket entry')
    version = state['version']
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1000001:
        _bad('state version')
    if not isinstance(completed, dict) or len(completed) > 64:
        _bad('completed')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_matches(_HEX, a) for a in approved):
        _bad('approved')
    if not _matches(_ID, actor):
        _bad('actor')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    call_id, ticket, value = clean['call_id'], clean['arguments']['ticket'], clean['arguments']['status']

    def refused(status, message):
        return {'status': status, 'replayed': False, 'version': state['version'], 'ticket': ticket,
                'value': None, 'message': message}

    if clean['actor'] != actor:
        return refused('forbidden', 'proposal made for another actor')
    if clean['name'] != 'set_ticket':
        return refused('unknown-tool', f"no tool {clean['name']!r}")
    digest = proposal_fingerprint(clean)
    if call_id in completed:
        row = completed[call_id]
        if row['fingerprint'] != digest:
            return refused('call-id-conflict', 'call id already used for other content')
        return {**row['result'], 'replayed': True, 'call_id': call_id, 'fingerprint': digest}
    if clean['version'] != state['version']:
        return refused('stale-version', 'the state has moved on')
    if digest not in approved:
        return refused('approval-required', 'not approved by the host')
    if ticket not in state['tickets']:
        return refused('missing-ticket', 'unknown ticket')
    if len(completed) >= 64:
        return refused('log-full', 'no room left in the log')
    state['tickets'][ticket] = value
    state['version'] = int(state['version']) + 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': dict(result), 'actor': actor, 'call_id': call_id}
    return {**result, 'call_id': call_id, 'fingerprint': digest}
