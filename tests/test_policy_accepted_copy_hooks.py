"""A class of main.py's that says how it is copied (``__copy__``, ``__deepcopy__(self, memo)`` handing the memo on to
``copy.deepcopy``) is copied by those methods, as Python's copy module does (grader/sandbox/copying.py)."""

import pytest

from grader.details import in_dutch
from grader.sandbox.loader import LoadFailure, load

END = "\ndef validate_ticket_proposal(p):\n    return p\n"

ROW = (
    "import copy\nclass Row:\n    def __init__(self, result):\n        self.result = result\n"
    "    def __copy__(self):\n        return Row(dict(self.result))\n"
    "    def __deepcopy__(self, memo):\n        return Row(copy.deepcopy(self.result, memo))\n"
)


def test_own_copy_methods_are_called_and_the_memo_handed_on():
    source = ROW + (
        "shared = ['x']\nrow = Row({'tags': shared, 'again': shared})\n"
        "shallow, deep = copy.copy(row), copy.deepcopy({'row': row, 'also': row})\n"
        "assert shallow.result is not row.result and shallow.result['tags'] is shared\n"
        "assert deep['row'] is deep['also'] and deep['row'].result['tags'] is deep['row'].result['again'] is not shared\n"
        "memo = {}\nassert copy.deepcopy(shared, memo) == shared and memo[id(shared)] is not shared\n"
        "assert copy.deepcopy(shared, memo) is memo[id(shared)] and copy.deepcopy(shared, memo=None) is not shared\n"
    )
    assert "validate_ticket_proposal" in load((source + END).encode()).functions


def test_a_memo_that_is_not_a_dict_is_refused():
    with pytest.raises(LoadFailure) as failure:
        load(("import copy\ncopy.deepcopy([1], [])" + END).encode())
    detail = failure.value.problem.detail
    assert "the memo of copy.deepcopy is a dict, not list" in detail
    assert "het memo van copy.deepcopy is een dict, geen list" in in_dutch(detail)
