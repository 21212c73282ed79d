"""B: The Summer Camp Slasher, a last-survivor card game with reaction windows (game id `slasher`)."""
