# attack: a lambda parameter named like the item guard
# expect: policy _getitem_
peek = lambda _getitem_=None: _getitem_
