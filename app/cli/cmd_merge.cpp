// irqscope-cli merge OUT.csv PART.csv...: joins the CSVs of a sweep's shards
// (sweep --shard K/N) into the CSV the sweep writes in one process. Each row
// names its run (index in the cross product), the sweep's size and its
// fingerprint, so merge can prove the result complete: every run 0..runs-1
// exactly once, all parts from the same sweep. Anything else is refused with
// the file and line, exit status 2, and nothing is written.
#include "commands.h"

#include "csv.h"
#include "sweep_table.h"

#include "core/atomic_file.h"

#include <QFile>
#include <QString>

#include <cstdio>
#include <map>
#include <optional>

namespace irqscope::cli {

namespace {
struct Bad {
    std::string message;
};

std::optional<std::size_t> parseIndex(const std::string& s) {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    return std::stoull(s);
}

struct Where {
    std::string file;
    int line = 0;
    std::string text() const { return file + ":" + std::to_string(line); }
};
} // namespace

int cmdMerge(Args& a) {
    if (a.empty()) throw UsageError{"needs OUT.csv and the shards' CSV files"};
    const std::string outPath = a.take();
    std::vector<std::string> parts;
    while (!a.empty()) parts.push_back(a.take());
    if (parts.empty()) throw UsageError{"needs at least one shard CSV after " + outPath};
    for (const auto& p : parts)
        if (p.rfind("--", 0) == 0) throw UsageError{"unknown option '" + p + "'"};

    std::vector<std::string> lead; // run,runs,sweep,<axes>,error of the first part
    std::string leadFile, sweepId;
    std::optional<std::size_t> runs;
    std::map<std::size_t, std::pair<SweepRow, Where>> byRun;
    try {
        for (const auto& path : parts) {
            QFile f(QString::fromStdString(path));
            if (!f.open(QIODevice::ReadOnly)) throw Bad{path + ": cannot open: " + f.errorString().toStdString()};
            const QByteArray bytes = f.readAll();
            std::vector<CsvRecord> records;
            std::string err;
            if (!parseCsv(std::string_view(bytes.constData(), std::size_t(bytes.size())), &records, &err))
                throw Bad{path + ": " + err};
            if (records.empty()) throw Bad{path + ": empty (a sweep CSV starts with its header line)"};
            const auto& header = records[0].fields;
            std::size_t errorCol = 0;
            while (errorCol < header.size() && header[errorCol] != "error") ++errorCol;
            if (header.size() < kSweepFixedColumns + 1 || header[0] != "run" || header[1] != "runs" ||
                header[2] != "sweep" || errorCol == header.size())
                throw Bad{path + ":1: not a sweep CSV of irqscope-cli (its columns start run,runs,sweep and "
                                 "include error)"};
            const std::vector<std::string> thisLead(header.begin(), header.begin() + long(errorCol) + 1);
            if (lead.empty()) {
                lead = thisLead;
                leadFile = path;
            } else if (thisLead != lead) {
                throw Bad{path + ":1: varies other parameters than " + leadFile + " (a shard of another sweep?)"};
            }
            for (std::size_t r = 1; r < records.size(); ++r) {
                const auto& rec = records[r];
                const Where at{path, rec.line};
                if (rec.fields.size() == 1 && rec.fields[0].empty()) continue; // blank line
                if (rec.fields.size() != header.size())
                    throw Bad{at.text() + ": " + std::to_string(rec.fields.size()) + " fields, the header has " +
                              std::to_string(header.size()) + " (cut short?)"};
                const auto run = parseIndex(rec.fields[0]);
                const auto total = parseIndex(rec.fields[1]);
                if (!run || !total || *total == 0)
                    throw Bad{at.text() + ": run and runs must be whole numbers, found '" + rec.fields[0] + "', '" +
                              rec.fields[1] + "'"};
                if (!runs) {
                    runs = *total;
                    sweepId = rec.fields[2];
                } else if (*total != *runs || rec.fields[2] != sweepId) {
                    throw Bad{at.text() + ": belongs to sweep " + rec.fields[2] + " of " + rec.fields[1] +
                              " runs, the first row read belongs to sweep " + sweepId + " of " + std::to_string(*runs) +
                              " runs (shards of different sweeps: same scenario, --vary, --set and --duration?)"};
                }
                if (*run >= *runs)
                    throw Bad{at.text() + ": run " + rec.fields[0] + " is outside 0.." + std::to_string(*runs - 1)};
                if (auto it = byRun.find(*run); it != byRun.end())
                    throw Bad{at.text() + ": run " + rec.fields[0] + " is also in " + it->second.second.text() +
                              " (a shard given twice, or shards of different --shard N?)"};
                SweepRow row;
                row.run = *run;
                row.values.assign(rec.fields.begin() + kSweepFixedColumns, rec.fields.begin() + long(errorCol));
                row.error = rec.fields[errorCol];
                for (std::size_t c = errorCol + 1; c < header.size(); ++c)
                    if (!rec.fields[c].empty()) row.metrics[header[c]] = rec.fields[c];
                byRun.emplace(*run, std::pair{std::move(row), at});
            }
        }
        if (!runs) throw Bad{"the parts hold no runs at all"};
        if (byRun.size() != *runs) {
            std::string missing;
            std::size_t n = 0;
            for (std::size_t i = 0; i < *runs; ++i)
                if (!byRun.count(i) && n++ < 10) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
            if (n > 10) missing += ", ...";
            throw Bad{std::to_string(n) + " of " + std::to_string(*runs) + " runs missing (run " + missing +
                      "; a shard not given, failed or cut short?)"};
        }
    } catch (const Bad& b) {
        std::fprintf(stderr, "irqscope-cli merge: %s; nothing written\n", b.message.c_str());
        return 2;
    }

    std::vector<SweepRow> rows;
    std::size_t failed = 0;
    for (auto& [_, entry] : byRun) {
        failed += entry.first.error.empty() ? 0 : 1;
        rows.push_back(std::move(entry.first));
    }
    const std::vector<std::string> axes(lead.begin() + kSweepFixedColumns, lead.end() - 1);
    const std::string csv = sweepCsv(axes, *runs, sweepId, rows);
    QString err;
    if (outPath == "-") { // standard output, for a pipe
        std::fwrite(csv.data(), 1, csv.size(), stdout);
        std::fflush(stdout);
    } else if (!app::writeFileAtomically(QString::fromStdString(outPath), QByteArray::fromStdString(csv), &err)) {
        std::fprintf(stderr, "irqscope-cli merge: %s: %s\n", outPath.c_str(), err.toStdString().c_str());
        return 1;
    }
    // Failed runs are rows like any other (their error column says why); the
    // shard that ran them already exited with status 1.
    std::fprintf(stderr, "wrote %s (%zu runs from %zu parts, %zu failed)\n",
                 outPath == "-" ? "standard output" : outPath.c_str(), rows.size(), parts.size(), failed);
    return 0;
}

} // namespace irqscope::cli
