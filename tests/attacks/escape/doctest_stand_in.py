# attack: the doctest stand-in: examples in docstrings that would print or write when run, testmod on a module
#         view, the stand-in's TestResults class (private helpers, writes), names of the real doctest module
# expect: load-error missing-functions
import doctest
import json


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def hostile():
    """
    >>> print('BREACH: a doctest example ran')
    >>> import os; os.system('touch @@MARKER@@/doctest-ran')
    """


result = doctest.testmod()
if result != (0, 0):
    print('BREACH: testmod reported', result)
doctest.testmod(m=json, verbose=True, extraglobs={'x': 1}, raise_on_error=True)
doctest.testfile('@@MARKER@@/secret.txt', module_relative=False)
doctest.run_docstring_examples(hostile, {}, verbose=True)
attempt('the TestResults helpers', lambda: doctest.TestResults._make)
attempt('the TestResults fields', lambda: result._asdict())
attempt('writing TestResults', lambda: setattr(doctest.TestResults, 'failed', 1) or 'wrote')
attempt('writing the view', lambda: setattr(doctest, 'testmod', print) or 'wrote')
for name in ('DocTestRunner', 'DocTestFinder', 'DocTestParser', 'master', 'script_from_examples', 'debug_src',
             'debug', 'testsource', 'sys', 'inspect', 'pdb', '_load_testfile'):
    attempt(f'doctest.{name}', lambda name=name: getattr(doctest, name))
attempt('testmod on the view', lambda: doctest.testmod(doctest).attempted or None)
