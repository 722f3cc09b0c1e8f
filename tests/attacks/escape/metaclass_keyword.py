# attack: a class statement with its own metaclass
# expect: policy metaclass
class Meta(type):
    pass


class Anything(metaclass=Meta):
    pass
