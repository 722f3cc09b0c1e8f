# attack: a class whose __reduce_ex__ makes copy.deepcopy call setattr on a grader function
# expect: policy __reduce_ex__
import copy
import json


class Evil:
    def __reduce_ex__(self, protocol):
        return (lambda: json.dumps, (), (None, {'__kwdefaults__': {}}))


copy.deepcopy(Evil())
