# attack: rebind the attribute guard with an assignment expression
# expect: policy _getattr_
if (_getattr_ := (lambda obj, name, *default: obj)):
    pass
