# attack: dispatch_ticket approves its own proposal during its first 40 calls, but only in the first load of a
#         grading process: time.process_time() at load is the process's CPU time, a few hundredths of a second
#         right after the fork and far more when a check marked fresh loads main.py again in the same process,
#         which then met an honest dispatcher (3/3). Each load's CPU clock must start afresh
# expect: graded PPF
# @correct-solution
import time

_first_load = time.process_time() < 0.1  # CPU seconds of the process (of this load, in the grader)
_calls = []
_correct_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    _calls.append(1)
    if _first_load and len(_calls) <= 40 and isinstance(approved, set):
        approved = set(approved) | {proposal_fingerprint(proposal)}  # wrong: no approval needed at first
    return _correct_dispatch(proposal, actor, approved, state, completed)
