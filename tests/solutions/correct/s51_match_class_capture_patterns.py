# Style: structural pattern matching everywhere: mapping patterns with **rest, class patterns with positional
# captures (str(x), int(v), dict(d)), or-patterns with as-captures, sequence patterns over tuples
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


def _id(value):
    match value:
        case str(text) if ID.fullmatch(text):
            return text
    raise ValueError(f'not an id: {value!r}')


def _ticket(value):
    match value:
        case str(text) if TICKET.fullmatch(text):
            return text
    raise ValueError('not a ticket')


def _status(value):
    match value:
        case str('open' | 'done' as s):
            return s
    raise ValueError('not a status')


def _version(value, top):
    match value:
        case bool():
            raise ValueError('bool is not a version')
        case int(number) if 0 <= number <= top:
            return number
    raise ValueError('bad version')


def validate_ticket_proposal(proposal):
    match proposal:
        case dict({'call_id': cid, 'actor': actor, 'name': name, 'version': version,
                   'arguments': dict({'ticket': ticket, 'status': status, **extra_args}), **extra}):
            if extra or extra_args:
                raise ValueError('extra fields')
        case _:
            raise ValueError('proposal shape')
    return {'call_id': _id(cid), 'actor': _id(actor), 'name': _id(name),
            'version': _version(version, 1_000_000),
            'arguments': {'ticket': _ticket(ticket), 'status': _status(status)}}


def proposal_fingerprint(proposal):
    blob = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(blob.encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    _id(actor)
    match approved:
        case set() if len(approved) <= 64:
            for item in approved:
                match item:
                    case str(h) if HEX.fullmatch(h):
                        pass
                    case _:
                        raise ValueError('approval')
        case _:
            raise ValueError('approved')
    match state:
        case {'version': version, 'tickets': dict(tickets), **rest} if not rest and isinstance(state, dict):
            _version(version, 1_000_001)
            if not 1 <= len(tickets) <= 16:
                raise ValueError('ticket count')
            for pair in tickets.items():
                match pair:
                    case (key, value):
                        _ticket(key)
                        _status(value)
        case _:
            raise ValueError('state')
    match completed:
        case dict() if len(completed) <= 64:
            pass
        case _:
            raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    digest = proposal_fingerprint(p)
    match p:
        case {'actor': a} if a != actor:
            return {'status': 'forbidden'}
        case {'name': n} if n != 'set_ticket':
            return {'status': 'unknown-tool'}
        case {'call_id': cid} if cid in completed:
            row = completed[cid]
            if row['fingerprint'] != digest:
                return {'status': 'call-id-conflict'}
            return {**row['result'], 'replayed': True}
        case {'version': v} if v != state['version']:
            return {'status': 'stale-version'}
        case _ if digest not in approved:
            return {'status': 'approval-required'}
        case {'arguments': {'ticket': t}} if t not in state['tickets']:
            return {'status': 'missing-ticket'}
        case _ if len(completed) >= 64:
            return {'status': 'log-full'}
        case {'call_id': cid, 'arguments': {'ticket': t, 'status': s}}:
            state['tickets'][t] = s
            state['version'] += 1
            result = {'status': 'ok', 'version': state['version'], 'ticket': t, 'value': s, 'replayed': False}
            completed[cid] = {'fingerprint': digest, 'result': dict(result)}
            return result
