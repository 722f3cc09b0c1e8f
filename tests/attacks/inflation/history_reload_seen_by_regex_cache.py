# attack: dispatch_ticket approves its own proposal during its first 40 calls, but only in the first load of a
#         grading process: re keeps compiled patterns in a process-wide cache, so a large pattern that compiles in
#         tens of milliseconds at the first load comes back from the cache in well under one when a check marked
#         fresh loads main.py again in the same process, which then met an honest dispatcher (3/3). Each load
#         must start with re's caches empty
# expect: graded PPF
# @correct-solution
import re
import time

_started = time.perf_counter()
re.compile('(?:' + '|'.join('w%d' % i for i in range(3000)) + ')-probe')
_first_load = time.perf_counter() - _started > 0.01  # a cached pattern takes well under 1 ms
_calls = []
_correct_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    _calls.append(1)
    if _first_load and len(_calls) <= 40 and isinstance(approved, set):
        approved = set(approved) | {proposal_fingerprint(proposal)}  # wrong: no approval needed at first
    return _correct_dispatch(proposal, actor, approved, state, completed)
