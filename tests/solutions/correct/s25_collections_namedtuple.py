import hashlib
import json
import re
from collections import OrderedDict, namedtuple

Field = namedtuple('Field', ['name', 'pattern'])

ID_FIELDS = (
    Field('call_id', re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')),
    Field('actor', re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')),
    Field('name', re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')),
)
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')
Checked = namedtuple('Checked', ['call_id', 'actor', 'name', 'version', 'ticket', 'status'])


def _fits(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def _check(proposal):
    if not isinstance(proposal, dict) or sorted(proposal, key=repr) != sorted(
            ['call_id', 'actor', 'name', 'version', 'arguments']):
        raise ValueError('proposal must have exactly five fields')
    for field in ID_FIELDS:
        if not _fits(field.pattern, proposal[field.name]):
            raise ValueError('invalid ' + field.name)
    version = proposal['version']
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError('invalid version')
    args = proposal['arguments']
    if not isinstance(args, dict) or sorted(args, key=repr) != ['status', 'ticket']:
        raise ValueError('invalid arguments')
    if not _fits(TICKET, args['ticket']) or not _status(args['status']):
        raise ValueError('invalid ticket or status')
    return Checked(proposal['call_id'], proposal['actor'], proposal['name'], version,
                   args['ticket'], args['status'])


def _as_dict(checked):
    return {'call_id': checked.call_id, 'actor': checked.actor, 'name': checked.name,
            'version': checked.version,
            'arguments': {'ticket': checked.ticket, 'status': checked.status}}


def validate_ticket_proposal(proposal):
    return _as_dict(_check(proposal))


def proposal_fingerprint(proposal):
    data = _as_dict(_check(proposal))
    ordered = OrderedDict(sorted(data.items()))
    ordered['arguments'] = OrderedDict(sorted(data['arguments'].items()))
    text = json.dumps(ordered, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    checked = _check(proposal)
    if not _fits(ID_FIELDS[1].pattern, actor):
        raise ValueError('invalid host actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_fits(HEX, a) for a in approved):
        raise ValueError('invalid approvals')
    if not isinstance(state, dict) or sorted(state, key=repr) != ['tickets', 'version']:
        raise ValueError('invalid state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('invalid state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('invalid tickets')
    if not all(_fits(TICKET, k) and _status(v) for k, v in tickets.items()):
        raise ValueError('invalid ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('invalid completed log')

    if checked.actor != actor:
        return {'status': 'forbidden'}
    if checked.name != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(_as_dict(checked))
    if checked.call_id in completed:
        row = completed[checked.call_id]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = dict(row['result'])
        replay['replayed'] = True
        return replay
    if checked.version != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    if checked.ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[checked.ticket] = checked.status
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': checked.ticket,
              'value': checked.status, 'replayed': False}
    completed[checked.call_id] = {'fingerprint': digest, 'result': dict(result)}
    return result
