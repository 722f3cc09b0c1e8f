# attack: the classic walk ().__class__.__bases__[0].__subclasses__() to find a class whose globals hold os
#         (__bases__ is refused first; __subclasses__ of a class main.py did not write is refused at run time)
# expect: policy __bases__
for cls in ().__class__.__bases__[0].__subclasses__():
    if cls.__name__ == 'catch_warnings':
        os = cls()._module.__builtins__['__import__']('os')
