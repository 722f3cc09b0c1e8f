# attack: the first fingerprint call runs forever inside unittest's assertRaises(Exception) of a TestCase kept in
#         main.py (the time-out is no Exception: it must end the check, never be swallowed as the expected error)
# expect: graded PF?
# expect-outcome: 2 timeout
# @correct-solution
import unittest

_fingerprint = proposal_fingerprint
STUCK = []


class Spin(unittest.TestCase):
    def runTest(self):
        pass

    def forever(self):
        with self.assertRaises(Exception):
            while True:
                pass


def proposal_fingerprint(proposal):
    if not STUCK:
        STUCK.append(1)
        Spin().forever()
        print('BREACH: the time-out was swallowed by assertRaises')
    return _fingerprint(proposal)
