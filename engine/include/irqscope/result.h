// Expected failures (bad scenario, bad trace file) come back as an Error value
// that says where and what; invariants are asserts. Callers turn an Error into a
// message once, at their edge (CLI: stderr + exit 2; GUI: a message at the field).
#pragma once

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace irqscope {

struct Error {
    std::string file;    // file name or "<--set>" / "<text>"; may be empty
    std::string where;   // JSON path ("gic.eoimode"), "line 12", ...; may be empty
    std::string message; // what was expected and what was found

    // "file: where: message" with empty parts left out; always valid UTF-8.
    std::string toString() const;
};

// `in` with every byte that is not part of well-formed UTF-8 written as \xNN.
std::string validUtf8(std::string_view in);

template <typename T> class [[nodiscard]] Result {
public:
    Result(T value) : v_(std::move(value)) {}
    Result(Error error) : v_(std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(v_);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(v_);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(v_));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const {
        assert(!ok());
        return std::get<1>(v_);
    }

private:
    std::variant<T, Error> v_;
};

struct Ok {};
using Status = Result<Ok>;
inline Status okStatus() {
    return Ok{};
}

} // namespace irqscope
