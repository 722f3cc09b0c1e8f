# attack: a descriptor whose __get__ receives the instance and owner of whatever reads it
# expect: policy __get__
class Spy:
    def __get__(self, instance, owner):
        return owner


class Holder:
    spy = Spy()
