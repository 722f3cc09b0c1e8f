# attack: keyword class patterns (allowed on main.py's own classes) used to read, without the
#         attribute guard, what the guard refuses: a str's format, an exception's own attributes,
#         a foreign base's methods through an own subclass, an own class's subclass made later
# expect: load-error missing-functions
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


class S(str):
    pass


class Own:
    pass


def read_s(subject):
    match subject:
        case S(format=f):
            return f


def read_str(subject):
    match subject:
        case str(format=f):
            return f


def read_object(subject):
    match subject:
        case object(format=f):
            return f


def read_error(subject):
    match subject:
        case json.JSONDecodeError(doc=d):
            return d


def read_own(subject):
    match subject:
        case Own(format=f):
            return f


def decode_error():
    try:
        json.loads('{"BREACH": 1')
    except ValueError as error:
        return error


class Later(Own, str):
    pass


attempt('format of an own str subclass', lambda: read_s(S('x')))
attempt('format of a str', lambda: read_str('x'))
attempt('format through object', lambda: read_object('x'))
attempt('doc of a library exception', lambda: read_error(decode_error()))
attempt('format of a subclass with a foreign base', lambda: read_own(Later('x')))
