# attack: import the check battery, the lesson data and the grader to read the expected fingerprints
# expect: graded PFF
# @correct-solution

EXPECTED = {}
try:
    from checks import lesson
    print('BREACH: checks.lesson')
    EXPECTED['fingerprint'] = lesson.fingerprint
except Exception:
    pass
try:
    import checks
    print('BREACH: checks')
except Exception:
    pass
try:
    import grader
    print('BREACH: grader')
except Exception:
    pass
try:
    import pytest  # a stand-in of decorators for tests kept in main.py, not the pytest that runs the checks
    pytest.main(['--collect-only', '-q'])
    print('BREACH: pytest')
except Exception:
    pass
try:
    import conftest
    print('BREACH: conftest')
except Exception:
    pass


def proposal_fingerprint(proposal):
    validate_ticket_proposal(proposal)
    if 'fingerprint' in EXPECTED:
        return EXPECTED['fingerprint'](proposal)
    return 'a' * 64
