#ifndef CFUZZER_H
#define CFUZZER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, for a program with a main of its own (meli-fuzz): it runs `callback` on
// every input it makes, taking libFuzzer's flags from argv. Only in a build made with
// -sanitize=fuzzer (scripts/fuzz), which links libFuzzer; nothing calls it otherwise.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
