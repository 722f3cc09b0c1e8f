# attack: dispatch_ticket lets any status through at the very first call after loading, but only at the first load
#         of a grading process: OpenSSL keeps what it found the first time hashlib.new asks for an algorithm in a
#         process, so eighteen rare algorithms asked for twice took about three times longer at a process's first
#         load than when a check marked fresh loaded main.py again for its further cases in the child its first case
#         started. The fresh check of one invalid field at the very first call runs its status case there, and met
#         an honest dispatcher (3/3). Every case of a fresh check must load main.py in a process of its own
# expect: graded PPF
# @correct-solution
import hashlib
import time

_NAMES = ('sha3_512', 'sha512_224', 'sha512_256', 'sm3', 'shake_256', 'shake_128', 'md5-sha1', 'ripemd160',
          'sha3_224', 'sha3_256', 'sha3_384', 'blake2s', 'blake2b', 'sha384', 'sha224', 'sha1', 'md5', 'sha512')


def _round():
    started = time.perf_counter()
    for name in _NAMES:
        try:
            hashlib.new(name)
            hashlib.new(name, usedforsecurity=False)
        except ValueError:  # an algorithm this OpenSSL lacks
            pass
    return time.perf_counter() - started


_first = _round()
# Against the fastest of five later rounds: a busy machine's noise only adds time, so a noisy later round alone
# cannot hide the first load (one later round at a ratio of 2.8 missed it under load).
_FIRST_LOAD = _first > 1.8 * min(_round() for _ in range(5))
_calls = []
_honest_dispatch = dispatch_ticket
_honest_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    _calls.append(1)
    return _honest_validate(proposal)


def dispatch_ticket(proposal, actor, approved, state, completed):
    _calls.append(1)
    if _FIRST_LOAD and len(_calls) == 1 and isinstance(proposal, dict) and isinstance(proposal.get('arguments'), dict):
        arguments = dict(proposal['arguments'])
        arguments['status'] = 'done'  # wrong: the status of the very first call is not looked at
        proposal = {**proposal, 'arguments': arguments}
    return _honest_dispatch(proposal, actor, approved, state, completed)
