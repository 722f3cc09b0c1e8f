# attack: main.py's own __copy__ and __deepcopy__ (called by the vetted copier, as Python's copy module calls them)
#         and the memo of copy.deepcopy used to get hold of what the copier made or keeps, or to pass it an object
#         that is not a dict
# expect: graded PPP
# @correct-solution
import copy
import json

SEEN = []


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Spy:
    def __init__(self, data):
        self.data = data

    def __deepcopy__(self, memo):
        SEEN.append(memo)
        return Spy(copy.deepcopy(self.data, memo))

    def __copy__(self):
        return self


class Mapping(dict):
    def __contains__(self, key):
        print('BREACH: the copier ran a memo of main.py')
        return False


copy.deepcopy({'rows': [Spy({'a': [1]}), json.loads('{"b": [2]}')], 'codec': json}, {})
PLAIN = (dict, list, tuple, set, int, str, Spy)
attempt('a value the copier keeps in its memo that is not main.py data',
        lambda: [v for memo in SEEN for v in memo.values() if type(v) not in PLAIN] or None)
attempt('a memo that is not a dict', lambda: copy.deepcopy({'a': [1]}, Mapping()))
attempt('a memo that is a list', lambda: copy.deepcopy({'a': [1]}, []))
attempt('a __deepcopy__ of a library class', lambda: copy.deepcopy(json.JSONDecoder(), {}))
attempt('a shallow copy of a library object', lambda: copy.copy(json.JSONDecoder()))
