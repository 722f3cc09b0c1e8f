# attack: typing compiles forward-reference strings: a million-term expression compiled at run time
# expect: load-error runtime RecursionError
# @correct-solution
import typing

alias = typing.List['1' + '+1' * 10 ** 6]
