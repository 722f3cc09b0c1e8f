"""Names a dispatcher uses to carry the call in progress: contextvars.ContextVar (the host actor of the running
dispatch) and sys.intern (status words compared by identity). Each is accepted and behaves as in Python; what would
show the grader's own context (copy_context, Context) stays out (grader/sandbox/modules.py, views.py)."""

import pytest

from grader.sandbox.loader import LoadFailure, load

END = "\ndef validate_ticket_proposal(p):\n    return p\n"

ACCEPTED = {
    "a ContextVar set, read and reset around a call": (
        "import contextvars\nfrom contextvars import ContextVar\nactor = contextvars.ContextVar('actor', default=None)\n"
        "assert actor.get() is None and actor.name == 'actor' and ContextVar('x').get('fallback') == 'fallback'\n"
        "token = actor.set('alice')\nassert actor.get() == 'alice'\nactor.reset(token)\nassert actor.get() is None\n"
        "try:\n    ContextVar('y').get()\nexcept LookupError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "sys.intern gives the same str object for equal text": (
        "import sys\nword = ''.join(['do', 'ne'])\nassert sys.intern(word) is sys.intern('done') and sys.intern('x') == 'x'\n"
        "try:\n    sys.intern(1)\nexcept TypeError:\n    pass\nelse:\n    raise AssertionError"
    ),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_call_context_names_are_accepted(source):
    assert "validate_ticket_proposal" in load((source + END).encode()).functions


@pytest.mark.parametrize("name", ["copy_context", "Context", "Token"])
def test_the_grader_s_own_context_stays_out(name):
    with pytest.raises(LoadFailure) as failure:
        load((f"import contextvars\ncontextvars.{name}" + END).encode())
    assert f"no attribute '{name}'" in failure.value.problem.detail, failure.value.problem.detail
