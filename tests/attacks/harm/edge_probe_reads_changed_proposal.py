# attack: validate_ticket_proposal refuses a valid proposal with version 0 and keeps it; when the grader calls it
#         again with the edge moved inward (grader/edges.py, which names the edge to blame), it changes the kept
#         proposal the grader judged valid: its arguments emptied (a KeyError in the grader's own code ended 124
#         checks as errors of the grader), or its actor a str of its own whose text would go into the report
# expect: graded F??
# expect-no-outcome: error
# @correct-solution

_correct_validate = validate_ticket_proposal
_kept = []
_probes = [0]


class Loud(str):
    def __str__(self):
        return 'BREACH ' * 1000

    def __format__(self, spec):
        return 'BREACH ' * 1000

    def __len__(self):
        return 40


def validate_ticket_proposal(proposal):
    if type(proposal) == dict and proposal.get('version') == 0:
        _kept.append(proposal)
        raise ValueError('version 0 is refused')
    if _kept and type(proposal) == dict and proposal.get('version') == 1:
        kept = _kept.pop()
        _probes[0] += 1
        if _probes[0] % 2:
            kept['actor'] = Loud('x')
        else:
            kept['arguments'] = {}
    return _correct_validate(proposal)
