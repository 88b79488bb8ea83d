// Benchmarks run fully by hand and once, tiny, in scripts/test
// (IRQSCOPE_BENCH_TINY=1) so that they always build and run.
#pragma once

#include <cstdlib>

inline bool benchTiny() {
    return std::getenv("IRQSCOPE_BENCH_TINY") != nullptr;
}
