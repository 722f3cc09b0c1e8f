# Transactional dispatch: the change is made first and, on missing-ticket or log-full, undone by restoring a backup
# with state.clear(); state.update(backup): the state keeps its value, its keys listed in another order (V11/F5/A9
# compare values).
# Style: exact builtin containers and strings (type(x) is dict / str: no subclasses, no other Mappings, A1/A2),
# yet a liberal approval register: frozenset and set subclasses are sets (A3) and hex digits in either case are
# accepted and matched case-insensitively (A4); a bool state version is an int (A5) but a proposal version must
# be exactly int (so an IntEnum is refused, A5). The host inputs are checked first, in the order log, state,
# register, actor, and the proposal last (D6). Refusals carry a reason, replayed=False and a timestamp, results
# carry the call id and digest too (A6). Rows keep the digest under 'digest' and the result both as JSON text
# (used for replays) and as a plain dict without 'replayed' (A7). On success the state is rebuilt in place with
# clear() and update(), tickets first, holding a new tickets dict (A9). Errors are our own ValueError subclasses.
import hashlib
import json
import re
import time

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-fA-F]{64}')
PROPOSAL_KEYS = {'call_id', 'actor', 'name', 'version', 'arguments'}
STATUSES = ('open', 'done')
MAX_VERSION = 1_000_000
MAX_LOG = 64
MAX_APPROVALS = 64


class InvalidProposal(ValueError):
    """A proposal that does not have the exact reviewed shape."""


class InvalidHostInput(ValueError):
    """A host input (actor, register, state or log) with the wrong shape."""


def _is_id(value):
    return type(value) is str and ID_RE.fullmatch(value) is not None


def _is_ticket(value):
    return type(value) is str and TICKET_RE.fullmatch(value) is not None


def _is_status(value):
    return type(value) is str and value in STATUSES


def validate_ticket_proposal(proposal):
    """Return a new dict equal to a valid proposal; raise InvalidProposal (a ValueError) otherwise."""
    if type(proposal) is not dict:
        raise InvalidProposal('proposal must be a dict')
    if set(proposal) != PROPOSAL_KEYS:
        raise InvalidProposal('proposal needs exactly the five fields')
    for field in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[field]):
            raise InvalidProposal(f'{field} is not a valid id')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= MAX_VERSION:
        raise InvalidProposal('version must be a plain int 0..1000000')
    arguments = proposal['arguments']
    if type(arguments) is not dict or set(arguments) != {'ticket', 'status'}:
        raise InvalidProposal('arguments need exactly ticket and status')
    if not _is_ticket(arguments['ticket']):
        raise InvalidProposal('ticket is not valid')
    if not _is_status(arguments['status']):
        raise InvalidProposal('status must be open or done')
    return {
        'call_id': proposal['call_id'],
        'actor': proposal['actor'],
        'name': proposal['name'],
        'version': version,
        'arguments': {'ticket': arguments['ticket'], 'status': arguments['status']},
    }


def proposal_fingerprint(proposal):
    """SHA-256 hex digest (lowercase) of the canonical JSON of the validated proposal."""
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_log(completed):
    if type(completed) is not dict or len(completed) > MAX_LOG:
        raise InvalidHostInput('completed must be a dict of at most 64 rows')


def _check_state(state):
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        raise InvalidHostInput('state needs exactly version and tickets')
    version = state['version']
    if not isinstance(version, int) or not 0 <= version <= MAX_VERSION + 1:
        raise InvalidHostInput('state version must be an int 0..1000001')
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise InvalidHostInput('tickets must hold 1..16 entries')
    for ticket, status in tickets.items():
        if not _is_ticket(ticket) or not _is_status(status):
            raise InvalidHostInput('invalid ticket entry')


def _check_register(approved):
    if not isinstance(approved, (set, frozenset)) or len(approved) > MAX_APPROVALS:
        raise InvalidHostInput('approved must be a set of at most 64 digests')
    for digest in approved:
        if type(digest) is not str or HEX_RE.fullmatch(digest) is None:
            raise InvalidHostInput('approved holds a non-digest')


def _refusal(status, reason):
    return {'status': status, 'reason': reason, 'replayed': False, 'at': time.time()}


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Apply a reviewed set_ticket proposal once; return a status dict (contract D7-D20)."""
    _check_log(completed)
    _check_state(state)
    _check_register(approved)
    if not _is_id(actor):
        raise InvalidHostInput('actor is not a valid id')
    clean = validate_ticket_proposal(proposal)

    if clean['actor'] != actor:
        return _refusal('forbidden', 'actor differs from the session actor')
    if clean['name'] != 'set_ticket':
        return _refusal('unknown-tool', 'only set_ticket is available')
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        row = completed[call_id]
        if row['digest'] != digest:
            return _refusal('call-id-conflict', 'call id used for other content')
        result = json.loads(row['text'])
        result['replayed'] = True
        return result
    if clean['version'] != state['version']:
        return _refusal('stale-version', 'proposal version differs from the state')
    if digest not in {entry.lower() for entry in approved}:
        return _refusal('approval-required', 'the host did not approve this content')
    ticket = clean['arguments']['ticket']
    value = clean['arguments']['status']
    backup = {'tickets': dict(state['tickets']), 'version': state['version']}
    try:
        if ticket not in state['tickets']:
            raise LookupError('missing-ticket')
        state['tickets'][ticket] = value
        state['version'] += 1
        if len(completed) >= MAX_LOG:
            raise LookupError('log-full')
    except LookupError as refusal:
        state.clear()
        state.update(backup)
        return _refusal(str(refusal), 'rolled back')
    new_version = state['version']
    stored = {'status': 'ok', 'version': new_version, 'ticket': ticket, 'value': value}
    completed[call_id] = {'digest': digest, 'text': json.dumps(stored), 'result': dict(stored)}
    return {**stored, 'replayed': False, 'call_id': call_id, 'digest': digest}
