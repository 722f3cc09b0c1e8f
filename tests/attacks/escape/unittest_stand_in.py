# attack: the unittest stand-in: private helpers of the grader's TestCase and of its assertRaises context, its
#         class dict, its methods and __init__ on foreign objects, writes to the grader's class, what a caught
#         library exception offers, assertRaises(type) with the type stand-in, the pprint/time/datetime views
# expect: load-error missing-functions
import unittest
import json
import pprint
import datetime
import time


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Probe(unittest.TestCase):
    def runTest(self):
        pass


case = Probe()
plain = unittest.TestCase()
attempt('a private helper of the grader class', lambda: unittest.TestCase._check)
attempt('a private helper of a foreign TestCase', lambda: plain._check)
attempt('the assertRaises context internals', lambda: plain.assertRaises(ValueError)._expected)
attempt('the TestCase class dict', lambda: vars(unittest.TestCase))
attempt('TestCase.__init__ on a foreign object', lambda: unittest.TestCase.__init__(json, 'x') or 'ran')
attempt('a TestCase method bound to a module view', lambda: unittest.TestCase.assertEqual(json, 1, 1) or 'ran')
attempt('writing the grader TestCase class', lambda: setattr(unittest.TestCase, 'assertEqual', print) or 'wrote')
attempt('writing a foreign TestCase', lambda: setattr(plain, 'assertEqual', print) or 'wrote')
with plain.assertRaises(KeyError) as caught:
    json.loads('{"a": 1}')['b']
attempt('a caught library exception beyond args', lambda: caught.exception.__init__)
attempt('a caught library exception given a traceback', lambda: caught.exception.with_traceback(object()))
kinds = []
try:
    with plain.assertRaises(type):  # the type stand-in: no class is a subclass of it
        raise ValueError('kept')
except ValueError:
    kinds.append('kept')
if kinds != ['kept']:
    print('BREACH: assertRaises(type) swallowed a ValueError')
attempt('the time module behind the view', lambda: time.clock_settime)
attempt('the datetime module behind the view', lambda: datetime.sys)
attempt('a datetime class dict', lambda: vars(datetime.datetime))
text = pprint.pformat(case)
if type(text) is not str:
    print('BREACH: pformat handed back a', type(text))
