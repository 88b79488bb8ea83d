#include "json_keys.h"

#include <nlohmann/json.hpp>

#include <set>
#include <vector>

namespace irqscope::detail {

namespace {
using json = nlohmann::json;

// The keys seen in each open object (arrays push an empty frame so that
// end_array pops what start_array pushed); iterative like the parser, so
// deep nesting costs memory, not stack.
class DuplicateKeys : public nlohmann::json_sax<json> {
public:
    std::optional<std::string> found;

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override {
        frames_.push_back(Frame{true, {}, {}});
        return true;
    }
    bool key(string_t& k) override {
        Frame& f = frames_.back();
        f.current = k;
        if (!f.keys.insert(k).second) {
            found = path();
            return false; // stop: one is enough
        }
        return true;
    }
    bool end_object() override {
        frames_.pop_back();
        return true;
    }
    bool start_array(std::size_t) override {
        frames_.push_back(Frame{false, {}, {}});
        return true;
    }
    bool end_array() override {
        frames_.pop_back();
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    struct Frame {
        bool object;
        std::set<std::string> keys;
        std::string current;
    };
    std::vector<Frame> frames_;

    std::string path() const {
        std::string p;
        for (const Frame& f : frames_) {
            if (!f.object) {
                p += "[]";
                continue;
            }
            if (!p.empty()) p += '.';
            p += f.current;
        }
        return p;
    }
};
} // namespace

std::optional<std::string> firstDuplicateKey(std::string_view text) {
    DuplicateKeys sax;
    json::sax_parse(text.begin(), text.end(), &sax, nlohmann::detail::input_format_t::json, false);
    return sax.found;
}

} // namespace irqscope::detail
