# attack: set attributes of shared classes through helpers that write class attributes
#         (@dataclass and @total_ordering on the grader's classes, class attribute writes, a subclass of a module view)
# expect: graded PFF
# @correct-solution
import collections
import dataclasses
import functools
import json


def attempt(what, action):
    try:
        action()
    except Exception:
        return
    print('BREACH:', what)


def dataclass_on_decode_error():
    dataclasses.dataclass(eq=True)(json.JSONDecodeError)


def dataclass_on_counter():
    dataclasses.dataclass(collections.Counter)


def frozen_chainmap():
    dataclasses.dataclass(frozen=True)(collections.ChainMap)


def total_ordering_counter():
    functools.total_ordering(collections.Counter)


def class_attribute():
    ValueError.args = ('poisoned',)


def exception_class_attribute():
    json.JSONDecodeError.msg = 'poisoned'


attempt('@dataclass on json.JSONDecodeError', dataclass_on_decode_error)
attempt('@dataclass on collections.Counter', dataclass_on_counter)
attempt('@dataclass(frozen=True) on collections.ChainMap', frozen_chainmap)
attempt('@total_ordering on collections.Counter', total_ordering_counter)
attempt('ValueError.args = ...', class_attribute)
attempt('json.JSONDecodeError.msg = ...', exception_class_attribute)


def subclass_view():
    class MyView(type(json)):   # refused: type(json) is a stand-in that makes nothing
        pass

    MyView.dumps = lambda *args, **kwargs: 'x'
    return MyView


attempt('a subclass of a module view', subclass_view)


def proposal_fingerprint(proposal):
    validate_ticket_proposal(proposal)
    return hashlib.sha256(b'x').hexdigest()
