# Style: functools everywhere: lru_cache/cache on str-only helpers, partial for bound validators, reduce to fold checks,
# cmp_to_key-free sorting, total_ordering on a small value class
import functools
import hashlib
import json
import re


@functools.cache
def _pattern(source):
    return re.compile(source)


@functools.lru_cache(maxsize=256)
def _text_ok(source, text):
    return _pattern(source).fullmatch(text) is not None


def _matches(source, value):
    return isinstance(value, str) and _text_ok(source, value)


is_id = functools.partial(_matches, r'[A-Za-z][A-Za-z0-9_-]{0,39}')
is_ticket = functools.partial(_matches, r'[a-z][a-z0-9-]{0,31}')
is_hex = functools.partial(_matches, r'[0-9a-f]{64}')
is_status = functools.partial(_matches, r'open|done')


def _bounded(top, value):
    return type(value) is int and 0 <= value <= top


proposal_version_ok = functools.partial(_bounded, 1000000)
state_version_ok = functools.partial(_bounded, 1000001)


def _all(checks):
    return functools.reduce(lambda acc, check: acc and check(), checks, True)


@functools.total_ordering
class Size:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __lt__(self, other):
        return self.n < other.n


LOG_LIMIT = Size(64)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or functools.reduce(lambda a, k: a | {k}, proposal, set()) != \
            {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    args = proposal['arguments']
    ok = _all([
        lambda: is_id(proposal['call_id']),
        lambda: is_id(proposal['actor']),
        lambda: is_id(proposal['name']),
        lambda: proposal_version_ok(proposal['version']),
        lambda: isinstance(args, dict) and set(args) == {'ticket', 'status'},
        lambda: is_ticket(args['ticket']),
        lambda: is_status(args['status']),
    ])
    if not ok:
        raise ValueError('invalid proposal')
    return {**proposal, 'arguments': {**args}}


def proposal_fingerprint(proposal):
    encode = functools.partial(json.dumps, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(encode(validate_ticket_proposal(proposal)).encode('ascii')).hexdigest()


def _host_ok(actor, approved, state, completed):
    return _all([
        lambda: is_id(actor),
        lambda: isinstance(approved, set) and len(approved) <= 64,
        lambda: all(map(is_hex, approved)),
        lambda: isinstance(state, dict) and set(state) == {'version', 'tickets'},
        lambda: state_version_ok(state['version']),
        lambda: isinstance(state['tickets'], dict) and 1 <= len(state['tickets']) <= 16,
        lambda: all(is_ticket(k) and is_status(v) for k, v in state['tickets'].items()),
        lambda: isinstance(completed, dict) and Size(len(completed)) <= LOG_LIMIT,
    ])


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not _host_ok(actor, approved, state, completed):
        raise ValueError('host input')
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(p)
    cid = p['call_id']
    if cid in completed:
        if completed[cid]['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**completed[cid]['result'], 'replayed': True}
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, status = p['arguments']['ticket'], p['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if Size(len(completed)) >= LOG_LIMIT:
        return {'status': 'log-full'}
    state['tickets'][ticket] = status
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': status, 'replayed': False}
    completed[cid] = {'fingerprint': digest, 'result': {**result}}
    return result
