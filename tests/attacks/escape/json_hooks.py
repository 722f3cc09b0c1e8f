# attack: json's cls=, object_hook=, object_pairs_hook=, parse_*=, default= hooks, looking for the decoder or
#         encoder internals (scanner, memo, the C accelerator) or a way to run code with grader objects
# expect: load-error missing-functions
import json

seen = []


class Mine:
    pass


class Decoder:
    def __init__(self, **options):
        seen.append(options)

    def decode(self, text):
        return {}


class Encoder:
    def __init__(self, **options):
        seen.append(options)

    def encode(self, value):
        return '{}'


json.loads('{"a": [1, 2.5, NaN]}', cls=Decoder, object_hook=seen.append)
json.loads('{"a": [1, 2.5, NaN]}', object_pairs_hook=seen.append, parse_float=seen.append,
           parse_int=seen.append, parse_constant=seen.append)
json.dumps({'a': Mine()}, cls=Encoder, default=seen.append)
json.dumps({'a': Mine()}, default=seen.append)
for item in seen:
    if not isinstance(item, (dict, list, str, int, float, type(None), Mine)) or callable(item):
        print('BREACH: a json hook got', type(item).__name__)
    if isinstance(item, dict):
        for value in item.values():
            if callable(value) and value != seen.append:
                print('BREACH: a json hook got the callable', repr(value)[:80])
