"""doublesept: an exact rules engine for Double Seven, Sevens and Flip 7."""
