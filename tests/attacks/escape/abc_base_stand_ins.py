# attack: a class built on collections.abc (class Log(MutableMapping)) gets a plain stand-in base: its register
#         (which would change isinstance for everyone), its ABC bookkeeping, its class, and its mixin methods
#         read off the class and called with a foreign self (they write items and read attributes of any self)
# expect: graded PPP
# @correct-solution
import collections.abc
import json
from collections.abc import Mapping, MutableMapping, MutableSet


class Log(MutableMapping):
    def __init__(self):
        self.rows = {}

    def __getitem__(self, key):
        return self.rows[key]

    def __setitem__(self, key, value):
        self.rows[key] = value

    def __delitem__(self, key):
        del self.rows[key]

    def __iter__(self):
        return iter(self.rows)

    def __len__(self):
        return len(self.rows)


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return
    if found is not None:
        print('BREACH:', what, repr(found)[:80])


attempt('register on the own class', lambda: Log.register(dict))
attempt('register on the real class', lambda: Mapping.register(Log))
attempt('its ABC bookkeeping', lambda: Log._abc_impl)
attempt('the stand-in base', lambda: getattr(type(Log()), '__ba' + 'ses__'))
attempt('update on a foreign self', lambda: Log.update(json.JSONEncoder(), {'indent': 9}) or 'updated')
attempt('a class made on the stand-in by type()', lambda: type('X', (type(Log()),), {}))
if not isinstance(Log(), Mapping) or isinstance({}, Log) or not issubclass(Log, collections.abc.Sized):
    print('BREACH: isinstance answers otherwise than in Python')
log = Log()
log.update(a=1)
if dict(log.items()) != {'a': 1} or log.pop('a') != 1 or log.get('a') is not None:
    print('BREACH: the mixin methods do not work')


class Tags(MutableSet):
    def __init__(self, items=()):
        self.items = set(items)

    def __contains__(self, item):
        if isinstance(item, type) and item not in (dict, str):
            print('BREACH: __contains__ received a class', repr(item)[:60])
        return item in self.items

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)

    def add(self, item):
        self.items.add(item)

    def discard(self, item):
        self.items.discard(item)


attempt('a set operation handing classes', lambda: None if (Tags({'a'}) & {dict, str, 'a'}) == {'a'} else 'odd')
