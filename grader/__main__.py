"""``python -m grader``: the same as the ``grade`` command."""

import sys

from grader.entry import main

sys.exit(main())
