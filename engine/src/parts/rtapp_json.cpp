#include "parts/rtapp_json.h"

#include <cerrno>
#include <cstdlib>
#include <tuple>

namespace irqscope::parts::rtapp {

const Value* Value::find(std::string_view key) const {
    for (const auto& [k, v] : members)
        if (k == key) return &v;
    return nullptr;
}

std::string Value::where() const {
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::string Value::describe() const {
    switch (kind) {
    case Kind::Null: return "null";
    case Kind::Bool: return b ? "true" : "false";
    case Kind::Int: return "the number " + std::to_string(i);
    case Kind::Double: return "the number " + std::to_string(d);
    case Kind::String: return "the string \"" + s + "\"";
    case Kind::Array: return "an array";
    case Kind::Object: return "an object";
    case Kind::NoValue: return "a key with no value";
    }
    return "a value";
}

namespace {

constexpr int kMaxDepth = 64;

class Parser {
public:
    Parser(std::string_view text, const std::string& source) : t_(text), source_(source) {}

    Result<Value> document() {
        Value v;
        if (auto st = skip(); !st) return st.error();
        if (pos_ >= t_.size()) return fail("empty file; expected a JSON object");
        if (auto st = value(v, 0); !st) return st.error();
        if (auto st = skip(); !st) return st.error();
        if (pos_ < t_.size()) return fail("unexpected text after the end of the document");
        return v;
    }

private:
    std::string_view t_;
    const std::string& source_;
    std::size_t pos_ = 0;
    int line_ = 1, col_ = 1;

    Error fail(const std::string& what) const {
        return Error{source_, "line " + std::to_string(line_) + ", column " + std::to_string(col_), what};
    }
    void advance() {
        if (pos_ >= t_.size()) return;
        if (t_[pos_] == '\n') ++line_, col_ = 1;
        else ++col_;
        ++pos_;
    }
    char peek() const { return pos_ < t_.size() ? t_[pos_] : '\0'; }

    // Blanks, /* block */ and // line comments.
    Status skip() {
        while (pos_ < t_.size()) {
            char c = t_[pos_];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                advance();
            } else if (c == '/' && pos_ + 1 < t_.size() && t_[pos_ + 1] == '/') {
                while (pos_ < t_.size() && t_[pos_] != '\n') advance();
            } else if (c == '/' && pos_ + 1 < t_.size() && t_[pos_ + 1] == '*') {
                Error open = fail("comment opened here is never closed (*/)");
                advance(), advance();
                while (pos_ + 1 < t_.size() && !(t_[pos_] == '*' && t_[pos_ + 1] == '/')) advance();
                if (pos_ + 1 >= t_.size()) return open;
                advance(), advance();
            } else {
                break;
            }
        }
        return okStatus();
    }

    void mark(Value& v) const { v.line = line_, v.column = col_; }

    Status value(Value& v, int depth) {
        if (depth > kMaxDepth) return fail("nested more than 64 levels deep");
        mark(v);
        char c = peek();
        if (c == '{') return object(v, depth);
        if (c == '[') return array(v, depth);
        if (c == '"') {
            v.kind = Value::Kind::String;
            return string(v.s);
        }
        if (c == '-' || (c >= '0' && c <= '9')) return number(v);
        for (auto [word, kind, b] :
             {std::tuple{"true", Value::Kind::Bool, true}, std::tuple{"false", Value::Kind::Bool, false},
              std::tuple{"null", Value::Kind::Null, false}}) {
            std::string_view w(word);
            if (t_.substr(pos_, w.size()) == w) {
                for (std::size_t k = 0; k < w.size(); ++k) advance();
                v.kind = kind, v.b = b;
                return okStatus();
            }
        }
        if (pos_ >= t_.size()) return fail("unexpected end of file; expected a value");
        return fail(std::string("unexpected character '") + c + "'; expected a value");
    }

    Status string(std::string& out) {
        advance(); // "
        while (true) {
            if (pos_ >= t_.size()) return fail("unexpected end of file inside a string");
            char c = t_[pos_];
            if (c == '"') {
                advance();
                return okStatus();
            }
            if (c == '\n') return fail("end of line inside a string");
            if (c == '\\') {
                advance();
                if (pos_ >= t_.size()) return fail("unexpected end of file inside a string");
                char e = t_[pos_];
                switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case '/': out += '/'; break;
                case '\\': out += '\\'; break;
                case '"': out += '"'; break;
                case 'u': {
                    unsigned cp = 0;
                    for (int k = 0; k < 4; ++k) {
                        advance();
                        char h = peek();
                        int d = h >= '0' && h <= '9'   ? h - '0'
                                : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                       : -1;
                        if (d < 0) return fail("expected four hex digits after \\u");
                        cp = cp * 16 + unsigned(d);
                    }
                    // A surrogate alone is not a character (and no UTF-8).
                    if (cp >= 0xD800 && cp <= 0xDFFF)
                        return fail("\\u escapes of UTF-16 surrogates are not supported; write the character itself");
                    if (cp < 0x80) out += char(cp);
                    else if (cp < 0x800) out += char(0xC0 | (cp >> 6)), out += char(0x80 | (cp & 0x3F));
                    else
                        out += char(0xE0 | (cp >> 12)), out += char(0x80 | ((cp >> 6) & 0x3F)),
                            out += char(0x80 | (cp & 0x3F));
                    break;
                }
                default: return fail(std::string("unknown escape '\\") + e + "' in a string");
                }
                advance();
                continue;
            }
            if (static_cast<unsigned char>(c) >= 0x80) {
                // Keys and names go on into JSON documents, which must be UTF-8.
                const std::size_t n = utf8Length();
                if (n == 0) return fail("invalid UTF-8 in a string");
                for (std::size_t k = 0; k < n; ++k) {
                    out += t_[pos_];
                    advance();
                }
                continue;
            }
            out += c;
            advance();
        }
    }

    // The length of the well-formed UTF-8 sequence at pos_ (RFC 3629: no
    // overlong forms, no surrogates, nothing above U+10FFFF), or 0.
    std::size_t utf8Length() const {
        const auto b = [this](std::size_t k) {
            return pos_ + k < t_.size() ? static_cast<unsigned char>(t_[pos_ + k]) : 0u;
        };
        const unsigned c = b(0);
        const auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
            return b(k) >= lo && b(k) <= hi;
        };
        if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
        if (c == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
        if (c == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
        if (c >= 0xE1 && c <= 0xEF) return cont(1) && cont(2) ? 3 : 0;
        if (c == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
        if (c >= 0xF1 && c <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
        if (c == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
        return 0;
    }

    Status number(Value& v) {
        std::size_t start = pos_;
        bool integral = true;
        if (peek() == '-') advance();
        if (!(peek() >= '0' && peek() <= '9')) return fail("expected a digit after '-'");
        while (peek() >= '0' && peek() <= '9') advance();
        if (peek() == '.') {
            integral = false;
            advance();
            if (!(peek() >= '0' && peek() <= '9')) return fail("expected a digit after '.'");
            while (peek() >= '0' && peek() <= '9') advance();
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            advance();
            if (peek() == '+' || peek() == '-') advance();
            if (!(peek() >= '0' && peek() <= '9')) return fail("expected a digit in the exponent");
            while (peek() >= '0' && peek() <= '9') advance();
        }
        std::string text(t_.substr(start, pos_ - start));
        errno = 0;
        if (integral) {
            v.kind = Value::Kind::Int;
            v.i = std::strtoll(text.c_str(), nullptr, 10);
            if (errno == ERANGE) return fail("the number " + text + " is too large");
            v.d = double(v.i);
        } else {
            v.kind = Value::Kind::Double;
            v.d = std::strtod(text.c_str(), nullptr);
            if (errno == ERANGE) return fail("the number " + text + " is out of range");
        }
        return okStatus();
    }

    Status array(Value& v, int depth) {
        v.kind = Value::Kind::Array;
        advance(); // [
        while (true) {
            if (auto st = skip(); !st) return st;
            if (peek() == ']') {
                advance();
                return okStatus();
            }
            Value item;
            if (auto st = value(item, depth + 1); !st) return st;
            v.items.push_back(std::move(item));
            if (auto st = skip(); !st) return st;
            if (peek() == ',') advance(); // a trailing comma is fine
            else if (peek() != ']')
                return fail(pos_ >= t_.size() ? "unexpected end of file; expected ',' or ']'"
                                              : "expected ',' or ']' after an array item");
        }
    }

    Status object(Value& v, int depth) {
        v.kind = Value::Kind::Object;
        advance(); // {
        while (true) {
            if (auto st = skip(); !st) return st;
            if (peek() == '}') {
                advance();
                return okStatus();
            }
            if (peek() != '"')
                return fail(pos_ >= t_.size() ? "unexpected end of file; expected a key or '}'"
                                              : "expected a quoted key or '}'");
            std::string key;
            Value member;
            mark(member);
            if (auto st = string(key); !st) return st;
            if (auto st = skip(); !st) return st;
            if (peek() == ':') {
                advance();
                if (auto st = skip(); !st) return st;
                if (auto st = value(member, depth + 1); !st) return st;
                if (auto st = skip(); !st) return st;
            } else if (peek() == ',' || peek() == '}') {
                member.kind = Value::Kind::NoValue; // workgen: "suspend", with the value left out
            } else {
                return fail("expected ':' after the key \"" + key + "\"");
            }
            v.members.emplace_back(std::move(key), std::move(member));
            if (peek() == ',') advance();
            else if (peek() != '}')
                return fail(pos_ >= t_.size() ? "unexpected end of file; expected ',' or '}'"
                                              : "expected ',' or '}' after an object member");
        }
    }
};

} // namespace

Result<Value> parse(std::string_view text, const std::string& source) {
    return Parser(text, source).document();
}

} // namespace irqscope::parts::rtapp
