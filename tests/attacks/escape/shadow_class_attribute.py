# attack: a class attribute named like a guard hook, and one named like the class hook
# expect: policy _getattr_
class Sneaky:
    _getattr_ = None
    __metaclass__ = None
