# attack: collections.UserDict/UserList as bases (plain stand-ins with the real classes' methods, which read
#         self.data without the guard): their methods read off a class and called on a foreign object that has a
#         data attribute, register of the real classes, UserString (its format() reads fields past the guard),
#         copy()/__copy__ of an own subclass reaching its data, a copy that shares the original's data
# expect: load-error missing-functions
import collections
import copy
import json
from collections import UserDict, UserList


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Registry(UserDict):
    pass


class Log(UserList):
    pass


class Holder:
    def __init__(self):
        self.data = {'x': 'y'}
        self.list = ['y']


foreign = json.JSONDecodeError('m', 'doc', 0)
attempt('UserDict.__getitem__ on a foreign object', lambda: UserDict.__getitem__(foreign, 'x'))
attempt('Registry.__getitem__ on a foreign object', lambda: Registry.__getitem__(foreign, 'x'))
attempt('Registry.__repr__ on a foreign object', lambda: Registry.__repr__(foreign))
attempt('UserDict.copy on a foreign object', lambda: UserDict.copy(foreign))
attempt('UserList.copy on a foreign object', lambda: Log.copy(foreign))
attempt('Registry.__getitem__ on an object of another class', lambda: Registry.__getitem__(Holder(), 'x'))
attempt('UserList.__getitem__ on an object of another class', lambda: UserList.__getitem__(Holder(), 0))
attempt('UserDict.register', lambda: UserDict.register(dict) or 'registered')
attempt('Registry.register', lambda: Registry.register(dict) or 'registered')
attempt('UserString', lambda: collections.UserString)
attempt('the stand-in base of Registry', lambda: getattr(Registry, '__ba' + 'ses__'))
attempt('the mro of Registry', lambda: getattr(Registry, 'm' + 'ro')())
if isinstance({}, UserDict) or issubclass(dict, UserDict):
    print('BREACH: dict counts as a UserDict')
registry = Registry(a=[1])
shallow = copy.copy(registry)
shallow['b'] = 2
if 'b' in registry:
    print('BREACH: a shallow copy shares its data with the original')
deep = copy.deepcopy(registry)
deep['a'].append(2)
if registry['a'] != [1]:
    print('BREACH: a deep copy shares its values with the original')
log = Log([1])
log.copy().append(2)
if log != [1] or type(log.copy()) is not Log:
    print('BREACH: Log.copy() shared data or lost its class')
