#include "kernel/config.h"

#include <algorithm>
#include <bit>

namespace irqscope::kern {

int Config::schedScale() const {
    unsigned n = static_cast<unsigned>(std::min(cpus, 8));
    return 1 + static_cast<int>(std::bit_width(n) - 1);
}

} // namespace irqscope::kern
