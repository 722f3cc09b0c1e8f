# attack: match captures named like guard hooks (mapping rest, star, as-pattern)
# expect: policy _getiter_
match {'a': 1}:
    case {**_getiter_}:
        pass
