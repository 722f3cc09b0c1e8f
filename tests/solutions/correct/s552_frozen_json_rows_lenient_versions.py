# Style: a log of frozen dataclass rows that keep the result as JSON text, decoded afresh whenever the row is read
# as row['result'] (A7: the result is stored without 'replayed'; the digest is read as row['sha256']). Lenient
# where the text leaves room: a bool state version and an IntEnum proposal version are ints (A5), a frozenset
# is a set (A3); strict elsewhere: uppercase hex in approved is refused with ValueError (A4). Refusals repeat the
# call id and the version they were judged at (A6). Errors form a small hierarchy under ValueError, raised with
# `from` when a lower error explains them (A12).
import dataclasses
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
DIGEST = re.compile(r'[0-9a-f]{64}')
FIELDS = {'call_id', 'actor', 'name', 'version', 'arguments'}


class DispatchError(ValueError):
    """Base of every input error here."""


class ProposalError(DispatchError):
    pass


class HostError(DispatchError):
    pass


@dataclasses.dataclass(frozen=True)
class Row:
    sha256: str
    result_json: str

    def __getitem__(self, key):
        if key == 'sha256':
            return self.sha256
        if key == 'result':
            return json.loads(self.result_json)
        raise KeyError(key)


def _text(value, pattern, what):
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        raise ProposalError(f'{what} has the wrong form')
    return value


def validate_ticket_proposal(proposal):
    """Copy of a valid proposal (a new dict, arguments copied too); ProposalError (ValueError) otherwise."""
    if not isinstance(proposal, dict):
        raise ProposalError('proposal is no dict')
    if proposal.keys() != FIELDS:
        raise ProposalError('proposal fields: ' + ', '.join(sorted(map(repr, proposal))))
    for field in ('call_id', 'actor', 'name'):
        _text(proposal[field], ID, field)
    version = proposal['version']
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= 1000000:
        raise ProposalError('version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or arguments.keys() != {'ticket', 'status'}:
        raise ProposalError('arguments')
    _text(arguments['ticket'], TICKET, 'ticket')
    if not isinstance(arguments['status'], str) or arguments['status'] not in {'open', 'done'}:
        raise ProposalError('status')
    copy = dict(proposal)
    copy['arguments'] = dict(arguments)
    return copy


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    clean['version'] = int(clean['version'])
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    try:
        _text(actor, ID, 'actor')
    except ProposalError as error:
        raise HostError('host actor') from error
    if not isinstance(approved, (set, frozenset)) or len(approved) > 64:
        raise HostError('approved')
    if not all(isinstance(item, str) and DIGEST.fullmatch(item) for item in approved):
        raise HostError('approved entries')
    if not isinstance(state, dict) or state.keys() != {'version', 'tickets'}:
        raise HostError('state')
    if not isinstance(state['version'], int) or not 0 <= state['version'] <= 1000001:
        raise HostError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise HostError('tickets')
    for key, value in tickets.items():
        if not isinstance(key, str) or not TICKET.fullmatch(key) or not isinstance(value, str) \
                or value not in {'open', 'done'}:
            raise HostError('ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise HostError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    call_id = clean['call_id']

    def refuse(status):
        return {'status': status, 'call_id': call_id, 'state_version': state['version']}

    if clean['actor'] != actor:
        return refuse('forbidden')
    if clean['name'] != 'set_ticket':
        return refuse('unknown-tool')
    digest = proposal_fingerprint(clean)
    if call_id in completed:
        row = completed[call_id]
        if row['sha256'] != digest:
            return refuse('call-id-conflict')
        replay = row['result']
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return refuse('stale-version')
    if digest not in approved:
        return refuse('approval-required')
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return refuse('missing-ticket')
    if len(completed) >= 64:
        return refuse('log-full')
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value}
    completed[call_id] = Row(digest, json.dumps(result))
    return {**result, 'replayed': False}
