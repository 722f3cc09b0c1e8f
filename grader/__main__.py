"""``python -m grader``: the same as the ``grade`` command."""

import sys

from grader.cli import main

sys.exit(main())
