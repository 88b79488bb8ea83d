// libFuzzer target over the ftrace text importer: any bytes must come back as
// an import (oddities counted in the report) or an Error naming the line --
// never a crash, assert, hang or memory growth far beyond the input.
#include "irqscope/ftrace.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    auto r = irqscope::importFtrace(in, "fuzz.txt");
    if (!r) {
        if (r.error().message.empty()) std::abort();
        return 0;
    }
    // Queries the views make must hold on whatever was reconstructed.
    const auto& trace = r->trace;
    std::vector<irqscope::TraceBin> bins;
    const auto t0 = trace.startTime(), t1 = trace.endTime();
    for (std::uint32_t lane = 0; lane < trace.laneCount(); ++lane) {
        (void)trace.topSegmentAt(lane, t0 + (t1 - t0) / 2);
        (void)trace.instantRange(lane, t0, t1);
        for (int depth = 0; depth < trace.depthCount(lane); ++depth)
            if (t1 > t0) trace.queryBins(lane, depth, t0, t1, 64, bins);
    }
    return 0;
}
