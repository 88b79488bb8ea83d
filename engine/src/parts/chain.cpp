#include "parts/chain.h"

#include "kernel/kctx.h"

namespace irqscope::parts {

struct Step {};

Result<std::shared_ptr<const Step>> readTaskKernelEvent(const nlohmann::json&, const PartNames&,
                                                        const std::string& source, const std::string& path) {
    return Error{source, path, "not supported yet"};
}

kern::Proc<void> runStep(kern::Kctx&, PartsRuntime&, const Step&) {
    co_return;
}

} // namespace irqscope::parts
