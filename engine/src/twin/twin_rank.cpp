// The twin report's ranking: which targets are missed, and by how much. A
// row's miss is its distance from the capture in units of its target's
// tolerance, so a time split 6 pp off (2.0) ranks above a p50 45 % off (1.5)
// and a p99 3× off (log2 3 = 1.58) between them. The window leads its
// capture-vs-twin table with this order.
#include "irqscope/twin.h"

#include <algorithm>
#include <cmath>

namespace irqscope {

std::optional<double> twinMiss(const TwinRow& row) {
    if (row.target.empty() || !row.hasCapture || !row.hasTwin) return std::nullopt;
    const double c = row.capture, t = row.twin, d = std::abs(t - c);
    if (row.target == "±3 pp") return d / 3.0;
    if (row.target == "±5 %") return c > 0 ? d / (0.05 * c) : (d > 0 ? 1e9 : 0.0);
    if (row.target == "±30 %") return c > 0 ? d / (0.3 * c) : (d > 0 ? 1e9 : 0.0);
    if (row.target == "×2") {
        if (c <= 0 || t <= 0) return c == t ? 0.0 : 1e9;
        return std::abs(std::log2(t / c));
    }
    return std::nullopt;
}

std::vector<std::size_t> twinRowsWorstFirst(const TwinReport& r) {
    std::vector<std::size_t> order(r.rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::vector<double> miss(r.rows.size(), -1.0);
    for (std::size_t i = 0; i < r.rows.size(); ++i)
        if (auto m = twinMiss(r.rows[i])) miss[i] = *m;
    // missed (met == false) before met, each by its miss; no target last, in order
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const bool ta = miss[a] >= 0, tb = miss[b] >= 0;
        if (ta != tb) return ta;
        if (!ta) return false;
        const bool ma = !r.rows[a].met, mb = !r.rows[b].met;
        if (ma != mb) return ma;
        return miss[a] > miss[b];
    });
    return order;
}

} // namespace irqscope
