// Declarations only: see include/CFuzzer.h.
