"""``python -m chicago_poker.specification``: check the specification and report coverage."""

import sys

from chicago_poker.specification import main

if __name__ == "__main__":
    sys.exit(main())
