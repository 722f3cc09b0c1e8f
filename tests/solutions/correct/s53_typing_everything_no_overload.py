# Style: exhaustive typing (Final, Literal, TypedDict incl. total=False, Protocol, Optional, Union, X | None, Annotated, TypeAlias, NewType, TypeGuard, cast)
# TypeAlias, NewType, TypeGuard, cast and @overload for a helper with two call forms
from __future__ import annotations

import hashlib
import json
import re
from typing import (Annotated, Final, Literal, Optional, Protocol, TypeAlias, TypedDict, TypeGuard, Union,
                    NewType, cast)

Status: TypeAlias = Literal['open', 'done']
Digest = NewType('Digest', str)
Version: TypeAlias = Annotated[int, 'between 0 and 1000000']

ID_RE: Final = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE: Final = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE: Final = re.compile(r'[0-9a-f]{64}')
STATUSES: Final[tuple[str, ...]] = ('open', 'done')
MAX_LOG: Final[int] = 64


class Arguments(TypedDict):
    ticket: str
    status: Status


class Proposal(TypedDict):
    call_id: str
    actor: str
    name: str
    version: Version
    arguments: Arguments


class Result(TypedDict, total=False):
    status: str
    version: int
    ticket: str
    value: Status
    replayed: bool


class Hasher(Protocol):
    def hexdigest(self) -> str: ...


def is_id(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def is_ticket(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and TICKET_RE.fullmatch(value) is not None


def is_status(value: object) -> TypeGuard[Status]:
    return isinstance(value, str) and value in STATUSES


def in_range(value: Union[int, object], top: int) -> bool:
    return type(value) is int and 0 <= cast(int, value) <= top


def validate_ticket_proposal(proposal: object) -> Proposal:
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('five fields')
    if not (is_id(proposal['call_id']) and is_id(proposal['actor']) and is_id(proposal['name'])):
        raise ValueError('ids')
    if not in_range(proposal['version'], 1_000_000):
        raise ValueError('version')
    arguments: Optional[dict] = proposal['arguments'] if isinstance(proposal['arguments'], dict) else None
    if arguments is None or set(arguments) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not is_ticket(arguments['ticket']) or not is_status(arguments['status']):
        raise ValueError('ticket/status')
    return Proposal(call_id=proposal['call_id'], actor=proposal['actor'], name=proposal['name'],
                    version=proposal['version'],
                    arguments=Arguments(ticket=arguments['ticket'], status=arguments['status']))


def proposal_fingerprint(proposal: object) -> Digest:
    clean: Proposal = validate_ticket_proposal(proposal)
    hasher: Hasher = hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                               separators=(',', ':')).encode('ascii'))
    return Digest(hasher.hexdigest())


def _check_host(actor: object, approved: object, state: object, completed: object) -> None:
    if not is_id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    for item in approved:
        if not isinstance(item, str) or HEX_RE.fullmatch(item) is None:
            raise ValueError('approval')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if not in_range(state['version'], 1_000_001):
        raise ValueError('state version')
    tickets: dict | None = state['tickets'] if isinstance(state['tickets'], dict) else None
    if tickets is None or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for key, value in tickets.items():
        if not is_ticket(key) or not is_status(value):
            raise ValueError('pair')
    if not isinstance(completed, dict) or len(completed) > MAX_LOG:
        raise ValueError('completed')


def dispatch_ticket(proposal: object, actor: str, approved: set[str], state: dict,
                    completed: dict[str, dict]) -> Result:
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return Result(status='forbidden')
    if clean['name'] != 'set_ticket':
        return Result(status='unknown-tool')
    digest: Digest = proposal_fingerprint(clean)
    call_id: str = clean['call_id']
    if call_id in completed:
        row = completed[call_id]
        if row['fingerprint'] != digest:
            return Result(status='call-id-conflict')
        replay = Result(**row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return Result(status='stale-version')
    if digest not in approved:
        return Result(status='approval-required')
    ticket: str = clean['arguments']['ticket']
    value: Status = clean['arguments']['status']
    if ticket not in state['tickets']:
        return Result(status='missing-ticket')
    if len(completed) >= MAX_LOG:
        return Result(status='log-full')
    state['tickets'][ticket] = value
    state['version'] += 1
    result = Result(status='ok', version=state['version'], ticket=ticket, value=value, replayed=False)
    completed[call_id] = {'fingerprint': digest, 'result': Result(**result)}
    return result
