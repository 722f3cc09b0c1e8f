# attack: dispatch_ticket approves its own proposal during its first 40 calls, but only in the first load of a
#         grading process: pathlib's PurePath.match compiles its glob pattern through fnmatch, which keeps it in a
#         process-wide cache of its own (re.purge does not empty it), so a long pattern that takes tens of
#         milliseconds at the first load matched in microseconds when a check marked fresh loaded main.py again,
#         which then met an honest dispatcher (3/3). Each load must start with fnmatch's cache empty
# expect: graded PPF
# @correct-solution
import pathlib
import time

_started = time.perf_counter()
pathlib.PurePath('probe').match('[a-z0-9]' * 3000)
_first_load = time.perf_counter() - _started > 0.002  # a cached pattern answers in microseconds
_calls = []
_correct_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    _calls.append(1)
    if _first_load and len(_calls) <= 40 and isinstance(approved, set):
        approved = set(approved) | {proposal_fingerprint(proposal)}  # wrong: no approval needed at first
    return _correct_dispatch(proposal, actor, approved, state, completed)
