// Small argument reader for irqscope-cli: positional words and --flag value
// pairs, with errors that name the flag.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace irqscope::cli {

struct UsageError {
    std::string message;
};

class Args {
public:
    Args(int argc, char** argv, int first) {
        for (int i = first; i < argc; ++i) words_.emplace_back(argv[i]);
    }
    explicit Args(std::vector<std::string> words) : words_(std::move(words)) {}
    bool empty() const { return pos_ >= words_.size(); }
    const std::string& peek() const { return words_[pos_]; }
    std::string take() { return words_[pos_++]; }
    // the value after a --flag
    std::string value(const std::string& flag) {
        if (empty()) throw UsageError{flag + " needs a value"};
        return take();
    }

private:
    std::vector<std::string> words_;
    std::size_t pos_ = 0;
};

} // namespace irqscope::cli
