# attack: the pytest stand-in (mark, fixture and param for tests kept in main.py): the real pytest that runs the
#         checks in this process (its main, session, config, request and the running test's frames), the stand-in
#         decorators' globals, closure and code, writing a mark, a decorator that keeps what the checks pass, and the
#         test functions themselves (never run by grading)
# expect: graded PPP
# @correct-solution
import pytest
from pytest import fixture, mark, param

ran = []


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return
    print('BREACH:', what, repr(found)[:80])


attempt('pytest.main', lambda: pytest.main(['--collect-only']))
attempt('the session', lambda: pytest.Session.from_config(None))
attempt('a config', lambda: pytest.Config.fromdictargs({}, []))
attempt('the request fixture', lambda: pytest.FixtureRequest.node())
attempt('the module file', lambda: getattr(pytest, '__fi' + 'le__'))
attempt('the module dict', lambda: getattr(pytest, '__di' + 'ct__'))
attempt('the internal _pytest', lambda: pytest._pytest)
for decorator in (fixture, mark.parametrize, param, mark.anything):
    for name in ('__glo' + 'bals__', '__clo' + 'sure__', '__co' + 'de__'):
        attempt(f'{name} of a decorator', lambda: getattr(decorator, name))
attempt('a mark written', lambda: setattr(mark, 'parametrize', print))
attempt('the marks class', lambda: getattr(type(mark), '__subcla' + 'sses__')())
try:
    with pytest.raises(ValueError):
        pass
    print('BREACH: pytest.raises as a context')
except Exception:
    pass


def helper():
    return 1


if param(1, 2, id='x') != (1, 2) or fixture(helper) is not helper or mark.slow(helper) is not helper \
        or mark.skipif(True, reason='x')(helper) is not helper:
    print('BREACH: the stand-in decorators do not give back what they decorate')


@pytest.fixture(autouse=True)
def state():
    ran.append('fixture')
    print('BREACH: a fixture ran')


@mark.parametrize('value', [param(1, id='one')])
def test_runs(value, state):
    ran.append('test')
    print('BREACH: a test of main.py ran inside the grader')


class TestInside:
    def test_method(self):
        print('BREACH: a test method of main.py ran inside the grader')
