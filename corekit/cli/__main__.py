"""`python -m corekit.cli ...` runs `campfire ...` from a checkout (the same commands, without installing)."""

from corekit.cli import main

main()
