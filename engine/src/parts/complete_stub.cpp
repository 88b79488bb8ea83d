// TEMPORARY (branch `sources` only): a weak completeResource() so this branch
// links before the resources exist. The tasks helper defines the real one in
// task_parts.cpp; delete this file when the two branches are merged.
#include "kernel/kctx.h"
#include "parts/registry.h"

namespace irqscope::parts {

[[gnu::weak]] kern::Proc<void> completeResource(kern::Kctx&, PartsRuntime&, const std::string&) {
    co_return;
}

} // namespace irqscope::parts
