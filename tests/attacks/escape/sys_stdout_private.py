# attack: reach the captured-output buffer behind sys.stdout
# expect: load-error runtime AttributeError
import sys
buffer = getattr(sys.stdout, '_output')
