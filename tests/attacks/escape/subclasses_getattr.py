# attack: type.__subclasses__ through getattr with a literal name
# expect: load-error runtime AttributeError
subclasses = getattr(object, '__subclasses__')()
