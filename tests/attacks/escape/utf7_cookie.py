# -*- coding: utf-7 -*-
# attack: a UTF-7 coding cookie hiding code in a comment (+AAo-import os+AAo-os.system('touch @@MARKER@@/utf7')+AAo-)
# expect: graded PPP
# @correct-solution
