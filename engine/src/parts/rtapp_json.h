// rt-app's JSON as it is written in the wild. rt-app reads its task sets with
// json-c, which takes C comments (/* */ and //) and trailing commas, and its
// companion workgen accepts a key repeated inside one object ("run", "sleep",
// "run" in one phase: the events in the order written) and a key with no value
// ("suspend", filled with the thread's name). nlohmann's parser keeps one value
// per key, so this small reader keeps every member of an object, in order.
// Errors name the file, line and column.
#pragma once

#include "irqscope/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace irqscope::parts::rtapp {

struct Member;

struct Value {
    enum class Kind : std::uint8_t { Null, Bool, Int, Double, String, Array, Object, NoValue };
    Kind kind = Kind::Null;
    bool b = false;
    std::int64_t i = 0;
    double d = 0;
    std::string s;
    std::vector<Value> items;    // Array
    std::vector<Member> members; // Object, in the order written (keys may repeat)
    int line = 0, column = 0;    // where the value starts

    bool isObject() const { return kind == Kind::Object; }
    bool isInt() const { return kind == Kind::Int; }
    bool isString() const { return kind == Kind::String; }
    // The first member named `key`, or null.
    const Value* find(std::string_view key) const;
    // "line 3, column 7"
    std::string where() const;
    // "an integer", "the string \"x\"", "an object", ...
    std::string describe() const;
};

// One member of an object. A named pair rather than std::pair: a pair of an
// incomplete type is not allowed inside Value itself (clang refuses it).
struct Member {
    std::string first;
    Value second;
    Member() = default;
    Member(std::string key, Value value) : first(std::move(key)), second(std::move(value)) {}
};

// Parses one document. `source` names the file in errors.
Result<Value> parse(std::string_view text, const std::string& source);

} // namespace irqscope::parts::rtapp
