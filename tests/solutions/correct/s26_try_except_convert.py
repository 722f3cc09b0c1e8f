import copy
import hashlib
import json
import re

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')
STATUSES = {'open', 'done'}


def _validate(proposal):
    # Anything odd (lists where strings belong, unhashable statuses, ...)
    # surfaces as TypeError/KeyError/AttributeError; report it as ValueError.
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dict')
    try:
        if proposal.keys() != {'call_id', 'actor', 'name', 'version', 'arguments'}:
            raise ValueError('proposal fields')
        for key in ('call_id', 'actor', 'name'):
            if type(proposal[key]) is not str or not ID_RE.fullmatch(proposal[key]):
                raise ValueError(key)
        version = proposal['version']
        if type(version) is not int or not 0 <= version <= 1000000:
            raise ValueError('version')
        args = proposal['arguments']
        if not isinstance(args, dict) or args.keys() != {'ticket', 'status'}:
            raise ValueError('arguments')
        if not isinstance(args['ticket'], str) or not TICKET_RE.fullmatch(args['ticket']):
            raise ValueError('ticket')
        if args['status'] not in STATUSES or not isinstance(args['status'], str):
            raise ValueError('status')
    except (TypeError, KeyError, AttributeError) as exc:
        raise ValueError('malformed proposal') from exc
    clean = dict(proposal)
    clean['arguments'] = dict(proposal['arguments'])
    return clean


def validate_ticket_proposal(proposal):
    return _validate(proposal)


def proposal_fingerprint(proposal):
    clean = _validate(proposal)
    encoded = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(encoded.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    try:
        if not isinstance(actor, str) or not ID_RE.fullmatch(actor):
            raise ValueError('actor')
        if not isinstance(approved, set) or len(approved) > 64:
            raise ValueError('approved')
        for digest in approved:
            if not isinstance(digest, str) or not HEX_RE.fullmatch(digest):
                raise ValueError('approval')
        if not isinstance(state, dict) or state.keys() != {'version', 'tickets'}:
            raise ValueError('state')
        if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
            raise ValueError('state version')
        tickets = state['tickets']
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            raise ValueError('tickets')
        for name, status in tickets.items():
            if not isinstance(name, str) or not TICKET_RE.fullmatch(name):
                raise ValueError('ticket name')
            if status not in STATUSES or not isinstance(status, str):
                raise ValueError('ticket status')
        if not isinstance(completed, dict) or len(completed) > 64:
            raise ValueError('completed')
    except (TypeError, KeyError, AttributeError) as exc:
        raise ValueError('malformed host input') from exc


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = _validate(proposal)
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    try:
        row = completed[clean['call_id']]
    except KeyError:
        row = None
    if row is not None:
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
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
