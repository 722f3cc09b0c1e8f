# attack: a class whose __getattribute__ answers every attribute read (the checks read returned values)
# expect: policy __getattribute__
class Anything(dict):
    def __getattribute__(self, name):
        return lambda *args: True
