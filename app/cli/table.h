// The tables irqscope-cli prints (presets, describe --params, the sweep's
// percentiles), in three forms: aligned text for a person, CSV and JSON (an
// array of objects keyed by column) for scripts: --format text|csv|json.
#pragma once

#include <string>
#include <vector>

namespace irqscope::cli {

enum class TableFormat { Text, Csv, Json };

// Throws UsageError naming --format for anything but text, csv, json.
TableFormat parseTableFormat(const std::string& value);

struct Table {
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows; // each as wide as columns
    std::vector<bool> numeric; // per column: right-aligned in text, a JSON number when it parses as one
};

std::string formatTable(const Table& t, TableFormat f);

} // namespace irqscope::cli
