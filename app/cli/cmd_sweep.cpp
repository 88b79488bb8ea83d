#include "commands.h"

#include <cstdio>

namespace irqscope::cli {
int cmdSweep(Args&) {
    std::fprintf(stderr, "irqscope-cli sweep: not available yet\n");
    return 1;
}
} // namespace irqscope::cli
