#include "irqscope/result.h"

namespace irqscope {

std::string Error::toString() const {
    std::string s;
    for (const std::string* part : {&file, &where}) {
        if (part->empty()) continue;
        s += *part;
        s += ": ";
    }
    return s + message;
}

} // namespace irqscope
