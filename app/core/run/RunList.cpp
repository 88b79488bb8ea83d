#include "core/run/RunList.h"

#include "core/util/TimeFormat.h"

namespace irqscope::app {

std::optional<Time> headlineP99(const Metrics& m, QString* which) {
    for (const auto& [name, h] : m.latency) {
        if (h.count() == 0) continue;
        if (which) *which = QString::fromStdString(name);
        return h.percentile(99);
    }
    return std::nullopt;
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
            const auto p = headlineP99(m);
            return p ? formatTime(double(*p)) : QStringLiteral("–");
        }
        case Warnings: return static_cast<qulonglong>(m.warnings.size());
        case SimTime: return formatTime(double(m.simTimeNs));
        }
    }
    if (role == Qt::ToolTipRole) {
        QStringList lines;
        for (const auto& c : r.changes) lines << tr("%1: %2 → %3").arg(c.path, c.before, c.after);
        QString which;
        if (auto p = headlineP99(m, &which)) lines << tr("p99 latency (%1): %2").arg(which, formatTime(double(*p)));
        if (m.cancelled) lines << tr("cancelled before the end");
        return lines.join(QLatin1Char('\n'));
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
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Id: return tr("#");
    case Name: return tr("Scenario");
    case Changes: return tr("Changes vs previous run");
    case Latency: return tr("p99 latency");
    case Warnings: return tr("Warnings");
    case SimTime: return tr("Simulated");
    }
    return {};
}

} // namespace irqscope::app
