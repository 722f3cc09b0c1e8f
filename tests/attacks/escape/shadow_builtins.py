# attack: replace the namespace's builtins and the class hook
# expect: policy __builtins__
__builtins__ = {'open': None}
