// Internal: building blocks for the parameter table. Each device's parameters
// live beside its model (devices/<name>/<name>_params.cpp).
#pragma once

#include "schema_table.h"

namespace irqscope::detail {

constexpr double kUsD = 1e3, kMsD = 1e6, kSD = 1e9;

inline ParamSpec boolean(std::string path, bool def, std::string group, std::string doc) {
    ParamSpec p;
    p.path = std::move(path);
    p.type = ParamType::Bool;
    p.defaultValue = def;
    p.group = std::move(group);
    p.doc = std::move(doc);
    return p;
}
inline ParamSpec integer(std::string path, long long def, double lo, double hi, std::string unit, std::string group,
                         std::string doc) {
    ParamSpec p;
    p.path = std::move(path);
    p.type = ParamType::Int;
    p.defaultValue = def;
    p.min = lo;
    p.max = hi;
    p.hasRange = true;
    p.unit = std::move(unit);
    p.group = std::move(group);
    p.doc = std::move(doc);
    return p;
}
inline ParamSpec real(std::string path, double def, double lo, double hi, std::string unit, std::string group,
                      std::string doc) {
    ParamSpec p = integer(std::move(path), 0, lo, hi, std::move(unit), std::move(group), std::move(doc));
    p.type = ParamType::Double;
    p.defaultValue = def;
    return p;
}
// The table writes a duration's default in the same double units as its range
// (3 * kUsD); every default is a whole number of nanoseconds, so the cast to
// the parameter's integer value is exact.
inline ParamSpec duration(std::string path, double defNs, double lo, double hi, std::string group, std::string doc) {
    ParamSpec p =
        integer(std::move(path), static_cast<long long>(defNs), lo, hi, "ns", std::move(group), std::move(doc));
    p.type = ParamType::Duration;
    return p;
}
// A duration that may also be given as a distribution (ParamType::Distribution).
inline ParamSpec distribution(std::string path, double defNs, double lo, double hi, std::string group,
                              std::string doc) {
    ParamSpec p = duration(std::move(path), defNs, lo, hi, std::move(group), std::move(doc));
    p.type = ParamType::Distribution;
    return p;
}
inline ParamSpec choice(std::string path, std::string def, std::vector<std::string> choices, std::string group,
                        std::string doc) {
    ParamSpec p;
    p.path = std::move(path);
    p.type = ParamType::Enum;
    p.defaultValue = std::move(def);
    p.choices = std::move(choices);
    p.group = std::move(group);
    p.doc = std::move(doc);
    return p;
}

} // namespace irqscope::detail
