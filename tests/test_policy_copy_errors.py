"""copy.copy and copy.deepcopy in the sandbox: an object Python itself cannot copy gets Python's own error, so the
report does not blame the grader for what fails outside it too; one only the grader refuses says so."""

from __future__ import annotations

import pathlib
import types

import pytest

from grader.sandbox.loader import load

COPY = b"import copy\ndef validate_ticket_proposal(p):\n    try:\n        copy.deepcopy(p)\n        copy.copy(p)\n" \
       b"    except TypeError as e:\n        return str(e)\n"


def generator():
    yield 1


@pytest.mark.parametrize("value", [{}.keys(), {}.values(), {}.items(), types.MappingProxyType({}), generator()],
                         ids=["keys", "values", "items", "mappingproxy", "generator"])
def test_an_object_python_cannot_copy_gets_python_s_error(value):
    # A deepcopy of p.keys() said "a copy of a dict_keys object is not available in the grader": untrue, as Python
    # itself cannot copy one ("cannot pickle 'dict_keys' object"); the student looked for a limit of the grader.
    said = load(COPY).functions["validate_ticket_proposal"](value)
    assert said == f"cannot pickle {type(value).__name__!r} object"


def test_an_object_only_the_grader_cannot_copy_still_says_so():
    said = load(COPY).functions["validate_ticket_proposal"](pathlib.PurePosixPath("done"))
    assert said == "a copy of a PurePosixPath object is not available in the grader"
