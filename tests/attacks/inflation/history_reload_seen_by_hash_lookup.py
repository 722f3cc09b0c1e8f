# attack: dispatch_ticket approves its own proposal during its first 40 calls, but only in the first load of a
#         grading process: OpenSSL looks an algorithm up the first time hashlib.new asks for it in a process and
#         keeps what it found, so eighteen rare algorithms asked for twice take about three times longer at the
#         first load than when a check marked fresh loads main.py again in the same process, which then met an
#         honest dispatcher (3/3). A fresh check's load must be the first of a process of its own
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
# Against the fastest of five later rounds: a busy machine's noise only adds time (one later round missed it).
_FIRST_LOAD = _first > 1.8 * min(_round() for _ in range(5))
_calls = []
_honest_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    _calls.append(1)
    if _FIRST_LOAD and len(_calls) <= 40 and isinstance(approved, set):
        approved = set(approved) | {proposal_fingerprint(proposal)}  # wrong: no approval needed at first
    return _honest_dispatch(proposal, actor, approved, state, completed)
