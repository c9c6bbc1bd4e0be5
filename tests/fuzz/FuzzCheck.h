// FUZZ_CHECK: an invariant a fuzz target asserts. On failure it prints the
// condition and where, then aborts, which libFuzzer reports as a crash and
// saves the input (tests/fuzz/README.md).
#ifndef IPFACTS_TESTS_FUZZ_FUZZCHECK_H
#define IPFACTS_TESTS_FUZZ_FUZZCHECK_H

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                         \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            std::fprintf(stderr, "FUZZ_CHECK failed: %s at %s:%d\n", #cond, __FILE__, __LINE__); \
            std::abort();                                                                        \
        }                                                                                        \
    } while (0)

#endif
