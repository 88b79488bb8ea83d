#include "table.h"

#include "cli_args.h"
#include "csv.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

namespace irqscope::cli {

TableFormat parseTableFormat(const std::string& value) {
    if (value == "text") return TableFormat::Text;
    if (value == "csv") return TableFormat::Csv;
    if (value == "json") return TableFormat::Json;
    throw UsageError{"--format expects text, csv or json, found '" + value + "'"};
}

namespace {
bool isNumeric(const Table& t, std::size_t c) {
    return c < t.numeric.size() && t.numeric[c];
}

std::string text(const Table& t) {
    std::vector<std::size_t> width(t.columns.size());
    for (std::size_t c = 0; c < t.columns.size(); ++c) width[c] = t.columns[c].size();
    for (const auto& r : t.rows)
        for (std::size_t c = 0; c < r.size() && c < width.size(); ++c) width[c] = std::max(width[c], r[c].size());
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const bool last = c + 1 == cells.size();
            const std::string pad(width[c] - std::min(width[c], cells[c].size()), ' ');
            if (c) out += "  ";
            if (isNumeric(t, c)) out += pad + cells[c];
            else out += last ? cells[c] : cells[c] + pad;
        }
        out.erase(out.find_last_not_of(' ') + 1); // an empty last column leaves no blanks
        return out + "\n";
    };
    std::string out = line(t.columns);
    for (const auto& r : t.rows) out += line(r);
    return out;
}

std::string csv(const Table& t) {
    auto line = [](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t c = 0; c < cells.size(); ++c) out += (c ? "," : "") + csvField(cells[c]);
        return out + "\n";
    };
    std::string out = line(t.columns);
    for (const auto& r : t.rows) out += line(r);
    return out;
}

std::string json(const Table& t) {
    nlohmann::ordered_json arr = nlohmann::ordered_json::array(); // keys in column order
    for (const auto& r : t.rows) {
        nlohmann::ordered_json o = nlohmann::ordered_json::object();
        for (std::size_t c = 0; c < t.columns.size() && c < r.size(); ++c) {
            char* end = nullptr;
            const double v = std::strtod(r[c].c_str(), &end);
            if (isNumeric(t, c) && !r[c].empty() && end && *end == '\0') {
                if (r[c].find_first_not_of("-0123456789") == std::string::npos)
                    o[t.columns[c]] = std::atoll(r[c].c_str());
                else o[t.columns[c]] = v;
            } else if (isNumeric(t, c) && r[c].empty()) {
                o[t.columns[c]] = nullptr;
            } else {
                o[t.columns[c]] = r[c];
            }
        }
        arr.push_back(std::move(o));
    }
    return arr.dump(2) + "\n";
}
} // namespace

std::string formatTable(const Table& t, TableFormat f) {
    switch (f) {
    case TableFormat::Text: return text(t);
    case TableFormat::Csv: return csv(t);
    case TableFormat::Json: return json(t);
    }
    return {};
}

} // namespace irqscope::cli
