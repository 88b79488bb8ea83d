// RFC 4180 CSV as the sweep writes and merge reads it: fields quoted only when
// they hold a comma, a quote or a line break; quotes doubled inside.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace irqscope::cli {

std::string csvField(std::string_view s);

struct CsvRecord {
    int line = 0; // 1-based line the record starts on (for error messages)
    std::vector<std::string> fields;
};

// Splits `text` into records. Returns false (and sets *error to "line N: ...")
// on an unterminated quote or text after a closing quote.
bool parseCsv(std::string_view text, std::vector<CsvRecord>* records, std::string* error);

} // namespace irqscope::cli
