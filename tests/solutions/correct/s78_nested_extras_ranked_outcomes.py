# Style: results that carry more than the named fields (A6), nested ones included (the validated proposal,
# a list of the checks that ran), copied deeply wherever a result is stored or handed out; outcomes are
# objects ordered by their place in D7 (__lt__/__le__/__gt__/__ge__ written out by hand, no total_ordering),
# and the check list is kept in an own container with __contains__ and __len__.
import copy
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


class Outcome:
    def __init__(self, place, status):
        self.place, self.status = place, status

    def _key(self):
        return self.place

    def __eq__(self, other):
        return type(other) is type(self) and self._key() == other._key()

    def __ne__(self, other):
        return not (self == other)

    def __lt__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._key() >= other._key()

    def __hash__(self):
        return hash(self._key())


FORBIDDEN, UNKNOWN, KNOWN, STALE, UNAPPROVED, MISSING, FULL, OK = (
    Outcome(i, s) for i, s in enumerate(['forbidden', 'unknown-tool', 'known', 'stale-version',
                                         'approval-required', 'missing-ticket', 'log-full', 'ok']))


class Trail:
    """The outcomes that applied, in the order they were found."""

    def __init__(self):
        self.items = []

    def add(self, outcome):
        if outcome not in self:
            self.items.append(outcome)

    def __contains__(self, outcome):
        return any(item == outcome for item in self.items)

    def __len__(self):
        return len(self.items)

    def first(self):
        return min(self.items) if len(self) else OK

    def names(self):
        return [item.status for item in sorted(self.items)]


def _is_id(v):
    return type(v) is str and ID.fullmatch(v) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    if not all(_is_id(proposal[k]) for k in ('call_id', 'actor', 'name')):
        raise ValueError('ids')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    a = proposal['arguments']
    if type(a) is not dict or set(a) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if type(a['ticket']) is not str or not TICKET.fullmatch(a['ticket']):
        raise ValueError('ticket')
    if type(a['status']) is not str or a['status'] not in ('open', 'done'):
        raise ValueError('status')
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64 \
            or any(type(h) is not str or not HEX.fullmatch(h) for h in approved):
        raise ValueError('approved')
    if type(state) is not dict or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    t = state['tickets']
    if type(t) is not dict or not 1 <= len(t) <= 16:
        raise ValueError('tickets')
    for k, v in t.items():
        if type(k) is not str or not TICKET.fullmatch(k) or type(v) is not str or v not in ('open', 'done'):
            raise ValueError('ticket entry')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    digest = proposal_fingerprint(clean)
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    trail = Trail()
    if clean['actor'] != actor:
        trail.add(FORBIDDEN)
    if clean['name'] != 'set_ticket':
        trail.add(UNKNOWN)
    if clean['call_id'] in completed:
        trail.add(KNOWN)
    if clean['version'] != state['version']:
        trail.add(STALE)
    if digest not in approved:
        trail.add(UNAPPROVED)
    if ticket not in state['tickets']:
        trail.add(MISSING)
    if len(completed) >= 64:
        trail.add(FULL)
    first = trail.first()
    if first == KNOWN:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict', 'checks': trail.names()}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if first < OK:
        return {'status': first.status, 'checks': trail.names(), 'proposal': copy.deepcopy(clean)}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False,
              'proposal': copy.deepcopy(clean), 'checks': ['actor', 'tool', 'version', 'approval', 'ticket', 'log']}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
