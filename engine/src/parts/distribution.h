// A cost or interval drawn from a distribution, as a part writes it:
//   "2us"                                        fixed
//   {"fixed": "2us"}
//   {"uniform": ["1us", "3us"]}                  min, max
//   {"normal": {"mean": "2us", "stddev": "300ns"}}          truncated at 0
//   {"lognormal": {"median": "2us", "sigma": 0.5}}          sigma of ln(x)
//   {"empirical": [["1us", 10], ["2us", 30], ["8us", 1]]}   value, weight
// Each part draws from its own random stream (Machine::rng(name)), so adding a
// part does not move another part's numbers.
#pragma once

#include "irqscope/result.h"
#include "irqscope/time.h"
#include "sim/rng.h"

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace irqscope::parts {

struct Distribution {
    enum class Kind { Fixed, Uniform, Normal, LogNormal, Empirical } kind = Kind::Fixed;
    Time a = 0, b = 0; // Fixed: a; Uniform: [a, b]; Normal: mean a, stddev b; LogNormal: median a
    double sigma = 0;  // LogNormal
    std::vector<std::pair<Time, double>> bins; // Empirical: value, cumulative weight (normalised to 1)

    Time sample(sim::Rng& rng) const;
    Time mean() const;
    bool isZero() const { return kind == Kind::Fixed && a == 0; }
};

// `path` is the JSON path of the value for error messages ("sources[0].handler.cost").
Result<Distribution> readDistribution(const nlohmann::json& v, const std::string& source, const std::string& path);

} // namespace irqscope::parts
