"""``python -m chicago_poker.cli``: the same as the ``chicago-poker`` command."""

import sys

from chicago_poker.cli import main

if __name__ == "__main__":
    sys.exit(main())
