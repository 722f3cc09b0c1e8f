# attack: AttributeError.obj, NameError.name, StopIteration.value and friends, read directly, through getattr,
#         through a format field and through a match value pattern (read without the attribute guard); the details
#         a library's exception offers (msg, object, pos...) holding something else than a plain value
# expect: load-error missing-functions


class Catch:
    def __init__(self):
        self.seen = []

    def __eq__(self, other):
        self.seen.append(other)
        return False


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:200])
    return found


try:
    (1).missing
except AttributeError as error:
    attempt('error.obj', lambda: error.obj)
    attempt('getattr(error, "obj")', lambda: getattr(error, 'obj'))
    attempt('"{0.obj}".format(error)', lambda: '{0.obj}'.format(error))
    catch = Catch()
    try:
        match catch:
            case error.obj:
                pass
            case _:
                pass
    except Exception:
        pass
    if catch.seen:
        print('BREACH: match value pattern read error.obj:', catch.seen)

try:
    missing_name_here
except NameError as error:
    attempt('error.name', lambda: error.name)

import json

# A library's exception offers its details only as plain values (str, int, bytes, None), not an object it carries.
attempt('msg of a JSONDecodeError holding an object', lambda: json.JSONDecodeError(Catch(), 'doc', 0).msg)
attempt('doc of a JSONDecodeError holding an object', lambda: json.JSONDecodeError('m', json.JSONEncoder(), 0).doc)
