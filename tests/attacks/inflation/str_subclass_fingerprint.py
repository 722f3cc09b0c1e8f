# attack: the fingerprint is a str subclass holding 64 zeros that claims to equal any string and to be lowercase hex
# expect: graded PFF
# @correct-solution


class Digest(str):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0

    def __len__(self):
        return 64

    def lower(self):
        return self

    def __str__(self):
        return self


def proposal_fingerprint(proposal):
    validate_ticket_proposal(proposal)
    return Digest('0' * 64)
