# pathology: a stray return at module level (the parser accepts it; only the compiler refuses it)
# expect: load-error syntax
# @correct-solution
return None
