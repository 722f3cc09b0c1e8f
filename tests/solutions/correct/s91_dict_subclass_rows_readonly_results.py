# Style: each completed row is a dict subclass of our own with a field() reader, holding the
# fingerprint under 'fingerprint' and the call's history: the stored result is a read-only MappingProxyType
# view over a private copy, without 'replayed' (A7), next to the validated proposal and the state version
# before the call. Success results carry a nested 'previous' dict (A6), which the row keeps as its own copy.
# A replay rebuilds a plain dict from the view; refusals are dicts made by a small helper.
import copy
import hashlib
import json
import re
from types import MappingProxyType

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')


class Row(dict):
    def field(self, name):
        return self.get(name)


def _id(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def _ticket(value):
    return isinstance(value, str) and TICKET_RE.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('not a dict')
    if proposal.keys() != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    for key in ('call_id', 'actor', 'name'):
        if not _id(proposal[key]):
            raise ValueError(key)
    version = proposal['version']
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= 1000000:
        raise ValueError('version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or arguments.keys() != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _ticket(arguments['ticket']) or not _status(arguments['status']):
        raise ValueError('ticket or status')
    return {key: (dict(value) if key == 'arguments' else value) for key, value in proposal.items()}


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(',', ':'))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def _refuse(status):
    return {'status': status}


def _validate_host(actor, approved, state, completed):
    if not _id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    if not all(isinstance(item, str) and HEX_RE.fullmatch(item) for item in approved):
        raise ValueError('approval')
    if not isinstance(state, dict) or state.keys() != {'version', 'tickets'}:
        raise ValueError('state')
    version = state['version']
    if type(version) is not int or not 0 <= version <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 0 < len(tickets) < 17:
        raise ValueError('tickets')
    for ticket, status in tickets.items():
        if not _ticket(ticket) or not _status(status):
            raise ValueError('ticket pair')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _validate_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return _refuse('forbidden')
    if clean['name'] != 'set_ticket':
        return _refuse('unknown-tool')
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row.field('fingerprint') != digest:
            return _refuse('call-id-conflict')
        replay = copy.deepcopy(dict(row.field('result')))
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return _refuse('stale-version')
    if digest not in approved:
        return _refuse('approval-required')
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return _refuse('missing-ticket')
    if len(completed) >= 64:
        return _refuse('log-full')
    before = state['version']
    previous = state['tickets'][ticket]
    state['tickets'][ticket] = value
    state['version'] = before + 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False,
              'previous': {'ticket': ticket, 'value': previous, 'version': before}}
    kept = copy.deepcopy(result)
    del kept['replayed']
    completed[clean['call_id']] = Row(fingerprint=digest, result=MappingProxyType(kept),
                                      proposal=copy.deepcopy(clean), before=before)
    return result
