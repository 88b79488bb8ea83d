#include "core/run/RunList.h"

#include "core/scenario/PartsModel.h"
#include "core/util/TimeFormat.h"

#include <QColor>

#include <algorithm>

namespace irqscope::app {

std::optional<LatencyHeadline> latencyHeadline(const Metrics& m, const std::vector<std::string>& preferred) {
    // The family: the user's first probe that measured something, else the
    // first series that is split per CPU or thread, else the first series.
    auto hasChildren = [&](const std::string& name) {
        const auto it = m.latency.lower_bound(name + "/");
        return it != m.latency.end() && it->first.rfind(name + "/", 0) == 0;
    };
    const std::string* family = nullptr;
    for (const std::string& p : preferred)
        if (auto it = m.latency.find(p); !family && it != m.latency.end() && it->second.count() > 0)
            family = &it->first;
    if (!family)
        for (const auto& [name, h] : m.latency)
            if (h.count() > 0 && name.find('/') == std::string::npos && hasChildren(name)) {
                family = &name;
                break;
            }
    if (!family)
        for (const auto& [name, h] : m.latency)
            if (h.count() > 0) {
                family = &name;
                break;
            }
    if (!family) return std::nullopt;

    LatencyHeadline out;
    out.family = QString::fromStdString(*family);
    std::vector<std::pair<const std::string*, const LatencyHistogram*>> parts;
    const std::string prefix = *family + "/";
    for (auto it = m.latency.lower_bound(prefix); it != m.latency.end() && it->first.rfind(prefix, 0) == 0; ++it)
        parts.emplace_back(&it->first, &it->second);
    if (parts.empty()) parts.emplace_back(family, &m.latency.at(*family));

    std::vector<std::size_t> counts;
    for (auto [name, h] : parts) counts.push_back(h->count());
    std::sort(counts.begin(), counts.end());
    const std::size_t median = counts[counts.size() / 2];
    bool first = true;
    for (auto [name, h] : parts) {
        if (h->count() == 0) continue;
        const Time p99 = h->percentile(99);
        if (first || p99 > out.worstP99) out.worstP99 = p99, out.worstSeries = QString::fromStdString(*name);
        out.max = first ? h->max() : std::max(out.max, h->max());
        first = false;
    }
    for (auto [name, h] : parts)
        if (parts.size() > 1 && h->count() * 10 < median)
            out.starved.push_back({QString::fromStdString(*name), h->count(), median});
    if (first) return std::nullopt;
    return out;
}

std::optional<LatencyHeadline> latencyHeadline(const RunRecord& r) {
    return latencyHeadline(r.result->metrics, r.scenario ? probeNames(*r.scenario) : std::vector<std::string>{});
}

QString headlineText(const LatencyHeadline& h) {
    const QString p99 = formatTime(double(h.worstP99));
    return h.starved.empty() ? p99 : RunList::tr("%1 (starved)").arg(p99);
}

QString headlineToolTip(const LatencyHeadline& h) {
    QStringList lines;
    lines << RunList::tr("Worst p99 of one %1 series: %2 (%3)")
                 .arg(h.family, formatTime(double(h.worstP99)), h.worstSeries);
    lines << RunList::tr("Largest %1 sample: %2").arg(h.family, formatTime(double(h.max)));
    for (const auto& s : h.starved)
        lines << RunList::tr("%1 is starved: %2 samples where the other series have about %3 — its thread "
                             "hardly ran, the few samples understate how long it waited")
                     .arg(s.series)
                     .arg(s.samples)
                     .arg(s.siblingMedian);
    return lines.join(QLatin1Char('\n'));
}

RunList::RunList(QObject* parent) : QAbstractTableModel(parent) {}

const RunRecord& RunList::append(RunRecord r) {
    beginInsertRows({}, size(), size());
    r.id = nextId_++;
    r.label = tr("#%1 %2").arg(r.id).arg(r.name);
    r.when = QDateTime::currentDateTime();
    runs_.push_back(std::move(r));
    endInsertRows();
    return runs_.back();
}

const RunRecord& RunList::addRun(const Scenario& scenario, RunPtr result) {
    RunRecord r;
    r.name = QString::fromStdString(scenario.name().empty() ? std::string("scenario") : scenario.name());
    for (auto it = runs_.rbegin(); it != runs_.rend(); ++it)
        if (it->scenario) {
            r.changes = diffScenarios(*it->scenario, scenario);
            r.first = false;
            break;
        }
    r.scenario = scenario;
    r.result = std::move(result);
    return append(std::move(r));
}

const RunRecord& RunList::addImported(const QString& name, RunPtr result) {
    RunRecord r;
    r.name = name;
    r.result = std::move(result);
    return append(std::move(r));
}

void RunList::clear() {
    beginResetModel();
    runs_.clear();
    nextId_ = 1;
    endResetModel();
}

const RunRecord* RunList::byId(int id) const {
    for (const auto& r : runs_)
        if (r.id == id) return &r;
    return nullptr;
}

int RunList::rowOf(int id) const {
    for (int i = 0; i < size(); ++i)
        if (runs_[std::size_t(i)].id == id) return i;
    return -1;
}

int RunList::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : size();
}
int RunList::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunList::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= size()) return {};
    const RunRecord& r = at(index.row());
    const Metrics& m = r.result->metrics;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Id: return r.id;
        case Name: return r.scenario ? r.name : tr("%1 (imported)").arg(r.name);
        case Changes:
            if (!r.scenario) return tr("real trace");
            return r.first ? tr("first run") : describeChanges(r.changes);
        case Latency: {
            const auto h = latencyHeadline(r);
            return h ? headlineText(*h) : QStringLiteral("–");
        }
        case MaxLatency: {
            const auto h = latencyHeadline(r);
            return h ? formatTime(double(h->max)) : QStringLiteral("–");
        }
        case Warnings: return static_cast<qulonglong>(m.warnings.size());
        case SimTime: return formatTime(double(m.simTimeNs));
        }
    }
    if (role == Qt::ToolTipRole) {
        QStringList lines;
        for (const auto& c : r.changes) lines << tr("%1: %2 → %3").arg(c.path, c.before, c.after);
        if (auto h = latencyHeadline(r)) lines << headlineToolTip(*h);
        if (m.cancelled) lines << tr("cancelled before the end");
        return lines.join(QLatin1Char('\n'));
    }
    if (role == Qt::ForegroundRole && index.column() == Latency) {
        const auto h = latencyHeadline(r);
        if (h && !h->starved.empty()) return QColor(0xB0, 0x1E, 0x1E);
    }
    if (role == Qt::TextAlignmentRole && (index.column() == Id || index.column() >= Latency))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

void RunList::retranslate() {
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (size() > 0) emit dataChanged(index(0, 0), index(size() - 1, ColumnCount - 1));
}

QVariant RunList::headerData(int section, Qt::Orientation o, int role) const {
    if (o == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case Changes: return tr("What changed in the scenario since the previous run");
        case Latency:
            return tr("The worst p99 of any one series of the first latency family (per CPU or thread), not the "
                      "pooled p99; \"starved\" when a series has under a tenth of the samples of the others");
        case MaxLatency: return tr("The largest latency sample of that family");
        }
        return {};
    }
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Id: return tr("#");
    case Name: return tr("Scenario");
    case Changes: return tr("Changes");
    case Latency: return tr("Worst p99");
    case MaxLatency: return tr("Max");
    case Warnings: return tr("Warnings");
    case SimTime: return tr("Simulated");
    }
    return {};
}

} // namespace irqscope::app
