import hashlib
import json
import re
from dataclasses import asdict, dataclass

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
SHA_HEX = re.compile(r'[0-9a-f]{64}')


@dataclass(frozen=True)
class Arguments:
    ticket: str
    status: str


@dataclass(frozen=True)
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    arguments: Arguments

    def as_dict(self):
        return asdict(self)


@dataclass
class Outcome:
    status: str
    version: int
    ticket: str
    value: str
    replayed: bool = False

    def as_dict(self):
        return asdict(self)


def _is_id(value):
    return isinstance(value, str) and ID.fullmatch(value) is not None


def _is_ticket(value):
    return isinstance(value, str) and TICKET.fullmatch(value) is not None


def _is_status(value):
    return isinstance(value, str) and value in ('open', 'done')


def _parse(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dict')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal fields')
    for key in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[key]):
            raise ValueError(key)
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('version')
    raw = proposal['arguments']
    if not isinstance(raw, dict) or set(raw) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _is_ticket(raw['ticket']) or not _is_status(raw['status']):
        raise ValueError('ticket/status')
    return Proposal(proposal['call_id'], proposal['actor'], proposal['name'], version,
                    Arguments(raw['ticket'], raw['status']))


def validate_ticket_proposal(proposal):
    return _parse(proposal).as_dict()


def proposal_fingerprint(proposal):
    data = _parse(proposal).as_dict()
    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    if not all(isinstance(a, str) and SHA_HEX.fullmatch(a) for a in approved):
        raise ValueError('approved entries')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    if not all(_is_ticket(k) and _is_status(v) for k, v in tickets.items()):
        raise ValueError('ticket entries')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    parsed = _parse(proposal)
    _check_host(actor, approved, state, completed)
    if parsed.actor != actor:
        return {'status': 'forbidden'}
    if parsed.name != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(parsed.as_dict())
    if parsed.call_id in completed:
        row = completed[parsed.call_id]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return Outcome(**row['result']).as_dict() | {'replayed': True}
    if parsed.version != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    if parsed.arguments.ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][parsed.arguments.ticket] = parsed.arguments.status
    state['version'] += 1
    outcome = Outcome('ok', state['version'], parsed.arguments.ticket, parsed.arguments.status)
    completed[parsed.call_id] = {'fingerprint': digest, 'result': outcome.as_dict()}
    return outcome.as_dict()
