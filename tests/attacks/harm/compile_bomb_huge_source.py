# attack: a source file of 300 KB (padded by the test with comment lines)
# expect: load-error too-large
# @pad: 300000
# @correct-solution
