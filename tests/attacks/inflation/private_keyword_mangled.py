# attack: a keyword argument named like a private name in a call inside a class (self.check(p, __strict=True)):
#         Python mangles the parameter __strict of def check to _Checker__strict but leaves a call's keyword as
#         written, so at home every call raises TypeError; mangled in the grader too, it ran and passed
# expect: graded FFF
# @correct-solution

_validate = validate_ticket_proposal


class _Checker:
    def check(self, proposal, __strict=True):
        return _validate(proposal)

    def run(self, proposal):
        return self.check(proposal, __strict=True)


def validate_ticket_proposal(proposal):
    return _Checker().run(proposal)
