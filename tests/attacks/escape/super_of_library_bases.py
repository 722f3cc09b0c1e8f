# attack: main.py's own subclasses of whitelisted library classes call their bases' methods through
#         super(), where self is main.py's object and the base's code reads self.__class__, copies, or
#         builds generators and encoders of its own; whatever comes back must still be plain data,
#         main.py's own classes, or stand-ins that make nothing
# expect: load-error missing-functions
import collections
import json


class Ordered(collections.OrderedDict):
    def probe(self):
        return [super().copy(), super().keys(), super().items(), super().fromkeys('ab')]


class Default(collections.defaultdict):
    def probe(self):
        return [super().copy(), super().default_factory, super().fromkeys('ab')]


class Tally(collections.Counter):
    def probe(self):
        return [super().copy(), super().most_common(), super().elements()]


class Encoder(json.JSONEncoder):
    def probe(self):
        return [super().iterencode({'a': 1}), super().encode([1]), super().default]


class Queue(collections.deque):
    def probe(self):
        return [super().copy()]


for made in (Ordered(a=1), Default(list), Tally('aab'), Encoder(), Queue([1])):
    for value in made.probe():
        for kind in (type(value), type(type(value))):
            try:
                if isinstance(kind('Made', (), {}), type):
                    print('BREACH the real type', kind)
            except Exception:
                pass
            if kind.__name__ in ('generator', 'method', 'odict_keys', 'odict_items', 'odict_iterator'):
                try:
                    kind(value)
                    print('BREACH made an object of', kind)
                except TypeError:
                    pass
