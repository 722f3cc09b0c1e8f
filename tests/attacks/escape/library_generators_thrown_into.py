# attack: the generators of whitelisted libraries (json's iterencode, collections.abc's views of a mapping)
#         driven by hand: send values in, throw main.py's exceptions in, close them, and read their
#         frames under names built at run time (gi_frame, gi_code, gi_yieldfrom), directly and by getattr
# expect: load-error missing-functions
import collections.abc
import json


class Probe(Exception):
    pass


def walk(generator):
    for name in ('gi_' + 'frame', 'gi_' + 'code', 'gi_' + 'yieldfrom', 'f_' + 'back'):
        try:
            print('BREACH', name, getattr(generator, name))
        except AttributeError:
            pass
    for step in (lambda: next(generator), lambda: generator.send(None), lambda: generator.throw(Probe('x')),
                 lambda: generator.close()):
        try:
            step()
        except Exception as error:
            print('ended', type(error).__name__)


walk(json.JSONEncoder().iterencode({'a': [1, 2]}))
for view in (collections.abc.KeysView, collections.abc.ItemsView, collections.abc.ValuesView):
    walk(iter(view({'a': 1})))
