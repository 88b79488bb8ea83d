// libFuzzer target over the scenario reader: any bytes must come back as a
// Scenario or an Error naming the place -- never a crash, assert or hang. A
// scenario that parses is also round-tripped through document() and run for a
// short simulated time, so odd-but-valid parameter combinations reach the
// engine (with invariant checks on when the build defines IRQSCOPE_INVARIANTS).
#include "irqscope/engine.h"
#include "irqscope/scenario.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace irqscope;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto s = Scenario::fromJsonText(text, "fuzz.json");
    if (!s) {
        // An error must say something; an empty message is a silent failure.
        if (s.error().message.empty()) std::abort();
        return 0;
    }
    // What the GUI saves must read back.
    auto again = Scenario::fromJsonText(s->document().dump(), "roundtrip.json");
    if (!again) std::abort();
    (void)s->effective();

    RunOptions opts;
    opts.duration = 200'000; // 200 us of simulated time: enough to start every mechanism
    opts.traceBudgetBytes = 1u << 20;
    auto r = run(*s, opts);
    if (!r && r.error().message.empty()) std::abort();
    return 0;
}
