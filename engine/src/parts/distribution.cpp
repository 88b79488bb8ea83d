#include "parts/distribution.h"

#include "parts/part_names.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace irqscope::parts {

using nlohmann::json;

namespace {

Result<Time> readTime(const json& v, const std::string& source, const std::string& path) {
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return v.get<Time>(); // plain ns
    if (v.is_string())
        if (auto t = parseDuration(v.get<std::string>()); t && *t >= 0) return *t;
    return Error{source, path,
                 "expected a duration (\"2us\", \"1.5ms\" or ns as an integer), found " + describeValue(v)};
}

double standardNormal(sim::Rng& rng) { // Box-Muller; one draw per sample keeps streams simple
    const double u1 = 1.0 - rng.uniform(), u2 = rng.uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

} // namespace

Time Distribution::sample(sim::Rng& rng) const {
    switch (kind) {
    case Kind::Fixed: return a;
    case Kind::Uniform: return a + static_cast<Time>(rng.uniform() * double(b - a));
    case Kind::Normal: return std::max<Time>(0, a + static_cast<Time>(standardNormal(rng) * double(b)));
    case Kind::LogNormal: return static_cast<Time>(double(a) * std::exp(sigma * standardNormal(rng)));
    case Kind::Empirical: {
        const double u = rng.uniform();
        auto it =
            std::lower_bound(bins.begin(), bins.end(), u, [](const auto& bin, double x) { return bin.second <= x; });
        return it == bins.end() ? bins.back().first : it->first;
    }
    }
    return a;
}

Time Distribution::mean() const {
    switch (kind) {
    case Kind::Fixed:
    case Kind::Normal: return a;
    case Kind::Uniform: return (a + b) / 2;
    case Kind::LogNormal: return static_cast<Time>(double(a) * std::exp(sigma * sigma / 2));
    case Kind::Empirical: {
        double m = 0, prev = 0;
        for (const auto& [value, cumulative] : bins) {
            m += double(value) * (cumulative - prev);
            prev = cumulative;
        }
        return static_cast<Time>(m);
    }
    }
    return a;
}

Result<Distribution> readDistribution(const json& v, const std::string& source, const std::string& path) {
    Distribution d;
    if (!v.is_object()) {
        auto t = readTime(v, source, path);
        if (!t) return t.error();
        d.a = *t;
        return d;
    }
    if (v.size() != 1)
        return Error{source, path,
                     "expected one of fixed, uniform, normal, lognormal, empirical, found an object with " +
                         std::to_string(v.size()) + " keys"};
    // (not `const auto& [k, b] = *v.items().begin()`: that binds to a dead iterator)
    const std::string kind = v.begin().key();
    const json& body = v.begin().value();
    const std::string at = path + "." + kind;
    if (kind == "fixed") {
        auto t = readTime(body, source, at);
        if (!t) return t.error();
        d.a = *t;
    } else if (kind == "uniform") {
        if (!body.is_array() || body.size() != 2) return Error{source, at, "expected [min, max]"};
        auto lo = readTime(body[0], source, at + "[0]");
        if (!lo) return lo.error();
        auto hi = readTime(body[1], source, at + "[1]");
        if (!hi) return hi.error();
        if (*hi < *lo) return Error{source, at + "[1]", "expected max >= min"};
        d.kind = Distribution::Kind::Uniform, d.a = *lo, d.b = *hi;
    } else if (kind == "normal") {
        if (!body.is_object() || !body.contains("mean") || !body.contains("stddev"))
            return Error{source, at, "expected {\"mean\": duration, \"stddev\": duration}"};
        auto m = readTime(body["mean"], source, at + ".mean");
        if (!m) return m.error();
        auto s = readTime(body["stddev"], source, at + ".stddev");
        if (!s) return s.error();
        d.kind = Distribution::Kind::Normal, d.a = *m, d.b = *s;
    } else if (kind == "lognormal") {
        if (!body.is_object() || !body.contains("median") || !body.contains("sigma"))
            return Error{source, at, "expected {\"median\": duration, \"sigma\": number}"};
        auto m = readTime(body["median"], source, at + ".median");
        if (!m) return m.error();
        const json& s = body["sigma"];
        if (!s.is_number() || s.get<double>() < 0 || s.get<double>() > 5)
            return Error{source, at + ".sigma", "expected a number from 0 to 5, found " + describeValue(s)};
        d.kind = Distribution::Kind::LogNormal, d.a = *m, d.sigma = s.get<double>();
    } else if (kind == "empirical") {
        if (!body.is_array() || body.empty()) return Error{source, at, "expected [[duration, weight], ...]"};
        double total = 0;
        for (std::size_t i = 0; i < body.size(); ++i) {
            const std::string bin = at + "[" + std::to_string(i) + "]";
            if (!body[i].is_array() || body[i].size() != 2 || !body[i][1].is_number() || body[i][1].get<double>() < 0)
                return Error{source, bin, "expected [duration, weight >= 0]"};
            auto t = readTime(body[i][0], source, bin + "[0]");
            if (!t) return t.error();
            total += body[i][1].get<double>();
            d.bins.emplace_back(*t, total);
        }
        if (total <= 0) return Error{source, at, "expected at least one positive weight"};
        for (auto& bin : d.bins) bin.second /= total;
        d.kind = Distribution::Kind::Empirical;
    } else {
        return Error{source, at, "unknown distribution; expected fixed, uniform, normal, lognormal or empirical"};
    }
    return d;
}

} // namespace irqscope::parts
