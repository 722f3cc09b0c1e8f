# Style: collections: Counter to compare key multisets, defaultdict of problems, OrderedDict canonical copy,
# deque as a bounded history, namedtuple for the rule table, ChainMap for defaults
import hashlib
import json
import re
from collections import ChainMap, Counter, OrderedDict, defaultdict, deque, namedtuple

Rule = namedtuple('Rule', 'field kind')
RULES = (Rule('call_id', 'id'), Rule('actor', 'id'), Rule('name', 'id'), Rule('version', 'version'),
         Rule('arguments', 'arguments'))
PATTERNS = ChainMap({'id': re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')},
                    {'ticket': re.compile(r'[a-z][a-z0-9-]{0,31}'), 'hex': re.compile(r'[0-9a-f]{64}')})
LIMITS = ChainMap({}, {'approvals': 64, 'log': 64, 'tickets': 16, 'version': 1000000, 'state_version': 1000001})
HISTORY = deque(maxlen=10)


def _fits(kind, value):
    return isinstance(value, str) and PATTERNS[kind].fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and Counter({'open': 1, 'done': 1})[value] == 1


def _problems(proposal):
    problems = defaultdict(list)
    if not isinstance(proposal, dict):
        problems['proposal'].append('not a dict')
        return problems
    if Counter(proposal.keys()) != Counter(rule.field for rule in RULES):
        problems['proposal'].append('fields')
        return problems
    for rule in RULES:
        value = proposal[rule.field]
        if rule.kind == 'id' and not _fits('id', value):
            problems[rule.field].append('id')
        elif rule.kind == 'version' and (type(value) is not int or not 0 <= value <= LIMITS['version']):
            problems[rule.field].append('version')
        elif rule.kind == 'arguments':
            if not isinstance(value, dict) or Counter(value.keys()) != Counter(['ticket', 'status']):
                problems[rule.field].append('keys')
            else:
                if not _fits('ticket', value['ticket']):
                    problems['ticket'].append('ticket')
                if not _status(value['status']):
                    problems['status'].append('status')
    return problems


def validate_ticket_proposal(proposal):
    problems = _problems(proposal)
    if problems:
        raise ValueError('; '.join(f'{k}: {", ".join(v)}' for k, v in problems.items()))
    HISTORY.append(proposal['call_id'])
    copy_ = OrderedDict((rule.field, proposal[rule.field]) for rule in RULES)
    copy_['arguments'] = OrderedDict(ticket=proposal['arguments']['ticket'], status=proposal['arguments']['status'])
    return dict(copy_, arguments=dict(copy_['arguments']))


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    ordered = OrderedDict(sorted(clean.items()))
    ordered['arguments'] = OrderedDict(sorted(clean['arguments'].items()))
    return hashlib.sha256(json.dumps(ordered, separators=(',', ':')).encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    bad = Counter()
    bad['actor'] += not _fits('id', actor)
    if not isinstance(approved, set) or len(approved) > LIMITS['approvals']:
        bad['approved'] += 1
    else:
        bad['approval'] += sum(1 for h in approved if not _fits('hex', h))
    if not isinstance(state, dict) or Counter(state.keys()) != Counter(['version', 'tickets']):
        bad['state'] += 1
    else:
        v = state['version']
        bad['version'] += type(v) is not int or not 0 <= v <= LIMITS['state_version']
        t = state['tickets']
        if not isinstance(t, dict) or not 1 <= len(t) <= LIMITS['tickets']:
            bad['tickets'] += 1
        else:
            bad['pairs'] += sum(1 for k, s in t.items() if not (_fits('ticket', k) and _status(s)))
    bad['completed'] += not isinstance(completed, dict) or len(completed) > LIMITS['log']
    if +bad:
        raise ValueError(f'host input: {sorted(+bad)}')


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    h = proposal_fingerprint(p)
    cid = p['call_id']
    if cid in completed:
        row = completed[cid]
        if row['fingerprint'] != h:
            return {'status': 'call-id-conflict'}
        return dict(ChainMap({'replayed': True}, row['result']))
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if h not in approved:
        return {'status': 'approval-required'}
    t, s = p['arguments']['ticket'], p['arguments']['status']
    if t not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= LIMITS['log']:
        return {'status': 'log-full'}
    state['tickets'][t] = s
    state['version'] += 1
    result = OrderedDict(status='ok', version=state['version'], ticket=t, value=s, replayed=False)
    completed[cid] = {'fingerprint': h, 'result': dict(result)}
    return dict(result)
