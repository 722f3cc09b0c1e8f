# Style: a custom exception hierarchy under ValueError with fields and __str__, checks written as assert
# statements and lookups that may raise KeyError/TypeError, converted with `raise ... from`, try/except/else/finally
import copy
import hashlib
import json
import re


class TicketError(ValueError):
    """Base of every refusal of input shape."""

    def __init__(self, where, why='invalid'):
        super().__init__(where, why)
        self.where = where
        self.why = why

    def __str__(self):
        return f'{self.where}: {self.why}'


class ProposalError(TicketError):
    pass


class HostInputError(TicketError):
    pass


class BadIdentifier(ProposalError):
    pass


_ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
_TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
_HEX = re.compile(r'[0-9a-f]{64}')
CALLS = {'validated': 0, 'refused': 0}


def _check_proposal(proposal):
    assert isinstance(proposal, dict), 'proposal is not a dict'
    assert set(proposal) == {'call_id', 'actor', 'name', 'version', 'arguments'}, 'fields'
    for key in ('call_id', 'actor', 'name'):
        if not _ID.fullmatch(proposal[key]):   # TypeError for non-str, None for no match
            raise BadIdentifier(key)
    version = proposal['version']
    assert type(version) is int and 0 <= version <= 1000000, 'version'
    arguments = proposal['arguments']
    assert isinstance(arguments, dict) and set(arguments) == {'ticket', 'status'}, 'arguments'
    assert _TICKET.fullmatch(arguments['ticket']), 'ticket'
    assert isinstance(arguments['status'], str) and arguments['status'] in {'open', 'done'}, 'status'


def validate_ticket_proposal(proposal):
    try:
        _check_proposal(proposal)
    except ProposalError:
        CALLS['refused'] += 1
        raise
    except AssertionError as exc:
        CALLS['refused'] += 1
        raise ProposalError('proposal', str(exc)) from exc
    except (TypeError, KeyError, AttributeError) as exc:
        CALLS['refused'] += 1
        raise ProposalError('proposal', type(exc).__name__) from exc
    else:
        CALLS['validated'] += 1
        return copy.deepcopy(proposal)
    finally:
        pass


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    try:
        payload = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')
    except UnicodeEncodeError as exc:  # cannot happen for a valid proposal
        raise ProposalError('proposal', 'not ascii') from exc
    return hashlib.sha256(payload).hexdigest()


def _check_host(actor, approved, state, completed):
    try:
        assert _ID.fullmatch(actor), 'actor'
        assert type(approved) is set and len(approved) <= 64, 'approved'
        for digest in approved:
            assert _HEX.fullmatch(digest), 'approval'
        assert type(state) is dict and set(state) == {'version', 'tickets'}, 'state'
        assert type(state['version']) is int and 0 <= state['version'] <= 1000001, 'state version'
        tickets = state['tickets']
        assert type(tickets) is dict and 1 <= len(tickets) <= 16, 'tickets'
        for ticket, status in tickets.items():
            assert _TICKET.fullmatch(ticket), 'ticket key'
            assert type(status) is str and status in ('open', 'done'), 'ticket status'
        assert type(completed) is dict and len(completed) <= 64, 'completed'
    except AssertionError as exc:
        raise HostInputError('host', str(exc)) from None
    except TypeError as exc:
        raise HostInputError('host', 'wrong type') from exc


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    try:
        row = completed[call_id]
    except KeyError:
        pass
    else:
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
