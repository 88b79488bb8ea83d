#include "twin/twin_dist.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace irqscope::twin {

std::string durationText(Time ns) {
    char b[48];
    if (ns < 1000) std::snprintf(b, sizeof b, "%lldns", static_cast<long long>(ns));
    else if (ns < 1'000'000 && ns % 1000 == 0) std::snprintf(b, sizeof b, "%lldus", static_cast<long long>(ns / 1000));
    else if (ns < 1'000'000) std::snprintf(b, sizeof b, "%.3fus", double(ns) / 1e3);
    else std::snprintf(b, sizeof b, "%.1fus", double(ns) / 1e3);
    return b;
}

nlohmann::json empiricalCost(std::vector<Time> v, std::size_t maxBins) {
    if (v.empty()) return "0ns";
    std::sort(v.begin(), v.end());
    if (v.front() == v.back()) return durationText(v.front());
    const std::size_t n = v.size();
    const std::size_t bins = std::min(n, std::max<std::size_t>(1, maxBins));
    nlohmann::json out = nlohmann::json::array();
    Time lastValue = -1;
    for (std::size_t i = 0; i < bins; ++i) {
        const std::size_t a = i * n / bins, b = (i + 1) * n / bins;
        if (a == b) continue;
        double sum = 0;
        for (std::size_t k = a; k < b; ++k) sum += double(v[k]);
        const Time value = static_cast<Time>(sum / double(b - a) + 0.5);
        const double w = double(b - a);
        if (value == lastValue) out.back()[1] = out.back()[1].get<double>() + w;
        else out.push_back(nlohmann::json::array({durationText(value), w}));
        lastValue = value;
    }
    return nlohmann::json{{"empirical", out}};
}

nlohmann::json tailedCost(std::vector<Time> v, std::size_t bodyBins, double body) {
    if (v.empty()) return "0ns";
    std::sort(v.begin(), v.end());
    if (v.front() == v.back()) return durationText(v.front());
    const std::size_t n = v.size();
    const auto cut = std::min(n, static_cast<std::size_t>(std::ceil(body * double(n))));
    std::vector<std::pair<double, std::int64_t>> bins; // (sum, count), in value order
    const std::size_t nb = std::min(cut, std::max<std::size_t>(1, bodyBins));
    for (std::size_t i = 0; i < nb; ++i) {
        const std::size_t a = i * cut / nb, b = (i + 1) * cut / nb;
        double sum = 0;
        for (std::size_t k = a; k < b; ++k) sum += double(v[k]);
        if (b > a) bins.emplace_back(sum, static_cast<std::int64_t>(b - a));
    }
    std::map<int, std::pair<double, std::int64_t>> tail; // log bin -> (sum, count)
    for (std::size_t k = cut; k < n; ++k) {
        auto& [sum, c] = tail[static_cast<int>(std::floor(20.0 * std::log10(double(std::max<Time>(1, v[k])))))];
        sum += double(v[k]);
        ++c;
    }
    for (const auto& [b, sc] : tail) bins.push_back(sc);
    nlohmann::json out = nlohmann::json::array();
    Time lastValue = -1;
    for (const auto& [sum, c] : bins) {
        const Time value = static_cast<Time>(sum / double(c) + 0.5);
        if (value == lastValue) out.back()[1] = out.back()[1].get<std::int64_t>() + c;
        else out.push_back(nlohmann::json::array({durationText(value), c}));
        lastValue = value;
    }
    return nlohmann::json{{"empirical", out}};
}

nlohmann::json shuffleGaps(const std::vector<Time>& gaps) {
    std::map<int, std::pair<double, std::int64_t>> bins; // log bin -> (sum, count)
    for (Time g : gaps) {
        const int b = static_cast<int>(std::floor(20.0 * std::log10(double(std::max<Time>(1, g)))));
        auto& [sum, n] = bins[b];
        sum += double(g);
        ++n;
    }
    nlohmann::json out = nlohmann::json::array();
    for (const auto& [b, v] : bins)
        out.push_back(
            nlohmann::json::array({durationText(static_cast<Time>(v.first / double(v.second) + 0.5)), v.second}));
    return out;
}

Time quantile(std::vector<Time> v, double q) {
    if (v.empty()) return 0;
    const auto k = static_cast<std::size_t>(q * double(v.size() - 1) + 0.5);
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}

double meanOf(const std::vector<Time>& v) {
    if (v.empty()) return 0;
    double s = 0;
    for (Time x : v) s += double(x);
    return s / double(v.size());
}

// A periodic timer (rt-app's `timer`, cyclictest's clock_nanosleep()): nine
// gaps in ten between its wake-ups within a tenth of their median. The others
// are overruns, which skip expiries or restart the timer, and wake-ups the host
// delayed; they stretch the spread of the gaps, not the period. The period is
// the mean of the gaps near the median (to the nanosecond, so the twin's
// timer keeps its phase over the capture).
bool periodicStarts(const std::vector<Time>& starts, Time& period) {
    if (starts.size() < 5) return false;
    std::vector<Time> gaps;
    for (std::size_t i = 1; i < starts.size(); ++i) gaps.push_back(starts[i] - starts[i - 1]);
    const Time p0 = quantile(gaps, 0.5);
    if (p0 <= 0) return false;
    std::vector<Time> near;
    for (Time g : gaps)
        if (10 * std::abs(g - p0) <= p0) near.push_back(g);
    if (10 * near.size() < 9 * gaps.size()) return false;
    period = static_cast<Time>(std::llround(meanOf(near)));
    return period > 0;
}

} // namespace irqscope::twin
