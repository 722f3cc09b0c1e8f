# attack: what is offered for type hints and headers as a way in: logging.Logger/Handler (the quiet logger's
#         class) changed or its methods read, sys.version_info's named-tuple class changed or its helpers read,
#         time.localtime()'s struct_time, datetime.UTC and types.NoneType changed
# expect: load-error missing-functions
import datetime
import logging
import sys
import time
import types

__license__ = 'MIT'  # a header name (grader/sandbox/names.py PLAIN_DUNDER_NAMES)


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def change_logger_class():
    logging.Logger.info = print
    return logging.Logger.info


def change_version_info():
    type(sys.version_info).major = 2
    return sys.version_info.major


attempt('logging.Logger.info = print', change_logger_class)
attempt('sys.version_info._replace', lambda: getattr(sys.version_info, '_replace'))
attempt('sys.version_info class changed', change_version_info)
attempt('type(sys.version_info)._make', lambda: getattr(type(sys.version_info), '_make'))
attempt('time.localtime().__reduce__', lambda: getattr(time.localtime(), '__reduce__'))
attempt('datetime.UTC changed', lambda: setattr(datetime.UTC, 'utcoffset', print) or datetime.UTC)
attempt('types.NoneType changed', lambda: setattr(types.NoneType, 'x', 1) or types.NoneType)
