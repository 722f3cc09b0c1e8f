# attack: __import__ called directly
# expect: policy __import__
os = __import__('os')
