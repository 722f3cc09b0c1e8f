# attack: register a foreign class with a shared ABC so isinstance checks elsewhere change
# expect: load-error runtime AttributeError
from collections.abc import Mapping
Mapping.register(list)
