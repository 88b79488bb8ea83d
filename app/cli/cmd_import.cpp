#include "commands.h"

#include <cstdio>

namespace irqscope::cli {
int cmdImport(Args&) {
    std::fprintf(stderr, "irqscope-cli import: not available yet\n");
    return 1;
}
} // namespace irqscope::cli
