# Style: completed rows are objects of an own class (A7) with __getitem__, holding a deep copy of the result,
# the validated proposal and the fingerprint (under 'digest' too); refusals carry extra nested data (A6):
# fresh dicts and lists built per call, deep copies of what the row holds (a conflict shows the stored
# result and proposal), and module-level refusal templates whose nested parts are tuples; every success and
# replay result holds nested copies (the arguments, a trail of the checks passed).
import copy
import hashlib
import json
import re

ID = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET = r'[a-z][a-z0-9-]{0,31}'
ORDER = ('forbidden', 'unknown-tool', 'call-id-conflict', 'stale-version', 'approval-required',
         'missing-ticket', 'log-full')
# Shared refusal template: a refusal dict may be shared, its nested parts are immutable.
TEMPLATE_NOTE = {'lesson': '01.02', 'order': ORDER}


class Row:
    def __init__(self, digest, result, proposal):
        self.digest = digest
        self.result = copy.deepcopy(result)
        self.proposal = copy.deepcopy(proposal)

    def __getitem__(self, key):
        if key in ('fingerprint', 'digest'):
            return self.digest
        if key == 'result':
            return self.result
        if key == 'proposal':
            return self.proposal
        raise KeyError(key)

    def matches(self, digest):
        return self.digest == digest


def _id(value):
    return type(value) is str and re.fullmatch(ID, value) is not None


def _ticket(value):
    return type(value) is str and re.fullmatch(TICKET, value) is not None


def _status(value):
    return type(value) is str and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('five fields expected')
    if not (_id(proposal['call_id']) and _id(proposal['actor']) and _id(proposal['name'])):
        raise ValueError('bad identifier')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if type(arguments) is not dict or set(arguments) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    if not _ticket(arguments['ticket']) or not _status(arguments['status']):
        raise ValueError('bad ticket or status')
    clean = dict(proposal)
    clean['arguments'] = dict(arguments)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    if not _id(actor):
        raise ValueError('host actor')
    if type(approved) is not set or len(approved) > 64:
        raise ValueError('approved')
    for item in approved:
        if type(item) is not str or re.fullmatch(r'[0-9a-f]{64}', item) is None:
            raise ValueError('approval')
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    if not all(_ticket(k) and _status(v) for k, v in tickets.items()):
        raise ValueError('ticket pair')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')


def _refusal(status, **details):
    out = dict(TEMPLATE_NOTE)
    out['status'] = status
    out['details'] = {key: copy.deepcopy(value) for key, value in details.items()}
    out['trail'] = list(ORDER[:ORDER.index(status)])
    return out


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return _refusal('forbidden', claimed=clean['actor'], host=[actor], proposal=clean)
    if clean['name'] != 'set_ticket':
        return _refusal('unknown-tool', known=['set_ticket'], proposal=clean)
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        row = completed[call_id]
        if row['fingerprint'] != digest:
            return _refusal('call-id-conflict', stored=row['result'], stored_proposal=row['proposal'],
                            attempt=clean)
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        replay['trail'] = ['replay']
        return replay
    if clean['version'] != state['version']:
        return _refusal('stale-version', versions={'host': state['version'], 'proposal': clean['version']})
    if digest not in approved:
        return _refusal('approval-required', fingerprint=digest)
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return _refusal('missing-ticket', tickets=sorted(state['tickets']))
    if len(completed) >= 64:
        return _refusal('log-full', rows=len(completed))
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False,
              'arguments': dict(clean['arguments']), 'trail': list(ORDER)}
    completed[call_id] = Row(digest, result, clean)
    return result
