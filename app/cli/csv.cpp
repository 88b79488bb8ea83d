#include "csv.h"

namespace irqscope::cli {

std::string csvField(std::string_view s) {
    if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

bool parseCsv(std::string_view text, std::vector<CsvRecord>* records, std::string* error) {
    records->clear();
    int line = 1;
    std::size_t i = 0;
    while (i < text.size()) {
        CsvRecord rec;
        rec.line = line;
        std::string field;
        bool endOfRecord = false;
        while (!endOfRecord) {
            if (i < text.size() && text[i] == '"') {
                const int startLine = line;
                ++i;
                for (;;) {
                    if (i >= text.size()) {
                        *error = "line " + std::to_string(startLine) + ": a quoted field is not closed";
                        return false;
                    }
                    const char c = text[i++];
                    if (c == '"') {
                        if (i < text.size() && text[i] == '"') {
                            field += '"';
                            ++i;
                        } else break;
                    } else {
                        if (c == '\n') ++line;
                        field += c;
                    }
                }
                if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
                    *error = "line " + std::to_string(line) + ": text after a closing quote";
                    return false;
                }
            } else {
                while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') field += text[i++];
            }
            rec.fields.push_back(std::move(field));
            field.clear();
            if (i >= text.size()) endOfRecord = true;
            else if (text[i] == ',') ++i;
            else {
                if (text[i] == '\r') ++i;
                if (i < text.size() && text[i] == '\n') ++i;
                ++line;
                endOfRecord = true;
            }
        }
        records->push_back(std::move(rec));
    }
    return true;
}

} // namespace irqscope::cli
