# attack: __init_subclass__ runs code whenever any class (also a grader's) subclasses ours
# expect: policy __init_subclass__
class Hook:
    def __init_subclass__(cls, **kwargs):
        cls.leak = kwargs
