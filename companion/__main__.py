"""`python -m companion` is the same as the `speicherstadt-companion` command."""

import sys

from companion.cli import main

sys.exit(main())
