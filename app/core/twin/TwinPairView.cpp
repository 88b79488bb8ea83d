#include "core/run/ScenarioDiff.h"
#include "core/twin/TwinPair.h"

#include <QHeaderView>
#include <QTableWidget>

#include <algorithm>
#include <cmath>
#include <map>

namespace irqscope::app {

namespace {

const QColor kMiss(0xB3, 0x14, 0x1B);
const QColor kMet(0x1B, 0x7F, 0x3A);

// The family a report row belongs to, as the group heading shows it, and a
// key that keeps one CPU's time split together.
QString familyOf(const std::string& metric) {
    const QString m = QString::fromStdString(metric);
    if (m.startsWith(QLatin1String("cpu"))) {
        const QString cpu = m.mid(3, m.indexOf(QLatin1Char('.')) - 3);
        return TwinPairView::tr("Time split per context, CPU %1").arg(cpu);
    }
    if (m.startsWith(QLatin1String("irq_rate/"))) return TwinPairView::tr("IRQ rate per line");
    if (m.startsWith(QLatin1String("softirq_raise_to_entry"))) return TwinPairView::tr("Softirq raise → entry");
    if (m.startsWith(QLatin1String("workqueue_queue_to_start"))) return TwinPairView::tr("Workqueue queue → start");
    if (m.startsWith(QLatin1String("wakeup/"))) return TwinPairView::tr("Wake-up latency per task");
    if (m.startsWith(QLatin1String("wu_lat/"))) return TwinPairView::tr("rt-app wu_lat per task");
    return TwinPairView::tr("Other");
}

bool isCount(const TwinRow& r) {
    return r.unit.empty() && r.metric.ends_with(".n");
}

// A side's value as shown: counts become rates over that side's duration.
std::optional<double> shown(const TwinRow& r, bool twinSide, double captureS, double twinS) {
    const bool has = twinSide ? r.hasTwin : r.hasCapture;
    if (!has) return std::nullopt;
    const double v = twinSide ? r.twin : r.capture;
    if (!isCount(r)) return v;
    const double s = twinSide ? twinS : captureS;
    return s > 0 ? std::optional<double>(v / s) : std::nullopt;
}

QString unitOf(const TwinRow& r) {
    if (isCount(r)) return QStringLiteral("/s");
    if (r.unit == "us") return QStringLiteral("µs");
    return QString::fromStdString(r.unit);
}

QString fmt(std::optional<double> v, const QString& unit, bool sign = false) {
    if (!v) return QStringLiteral("–");
    const double x = *v;
    const int dec = std::abs(x) >= 100 || x == std::floor(x) ? 0 : (std::abs(x) >= 10 ? 1 : 2);
    QString s = QString::number(x, 'f', dec);
    if (sign && x >= 0) s.prepend(QLatin1Char('+'));
    if (unit == QLatin1String("%")) return s + (sign ? QStringLiteral(" pp") : QStringLiteral(" %"));
    return s + QLatin1Char(' ') + unit;
}

QString metricName(const TwinRow& r) {
    const QString m = QString::fromStdString(r.metric);
    return isCount(r) ? m + QStringLiteral("/s") : m;
}

double seconds(const RunPtr& r) {
    return r ? double(r->metrics.simTimeNs) / 1e9 : 0;
}

// How much a row moved from the fitted twin to the changed one (for the headline).
double moved(const TwinRow& a, const TwinRow& b) {
    if (!a.hasTwin || !b.hasTwin) return 0;
    if (a.unit == "%") return std::abs(b.twin - a.twin) / 3.0;
    if (a.twin <= 0 || b.twin <= 0) return 0;
    return std::abs(std::log2(b.twin / a.twin));
}

} // namespace

LaneFilter TwinPairView::alignedLanes(const Trace& capture, const Trace& twin) {
    int cpus = 0;
    for (const Trace* t : {&capture, &twin})
        for (std::uint32_t i = 0; i < t->laneCount(); ++i)
            if (t->lane(i).type == LaneType::Cpu) cpus = std::max(cpus, t->lane(i).cpu + 1);
    LaneFilter f;
    f.cpus = true;
    f.tasks = false;
    f.irqLines = false;
    f.hideIdleCpus = false;
    for (int c = 0; c < cpus; ++c) f.pinned.push_back("CPU " + std::to_string(c));
    return f;
}

std::vector<std::pair<QString, std::vector<std::string>>> TwinPairView::groupedRows(const TwinReport& r) {
    std::vector<std::pair<QString, std::vector<std::string>>> groups;
    std::map<QString, std::size_t> at;
    // worst first overall; a family takes the place of its worst row
    for (std::size_t i : twinRowsWorstFirst(r)) {
        const QString fam = familyOf(r.rows[i].metric);
        auto it = at.find(fam);
        if (it == at.end()) {
            it = at.emplace(fam, groups.size()).first;
            groups.emplace_back(fam, std::vector<std::string>{});
        }
        groups[it->second].second.push_back(r.rows[i].metric);
    }
    return groups;
}

QString TwinPairView::overlaySeries(const TwinPair& p) {
    for (const char* s : {"softirq_raise_to_entry", "workqueue_queue_to_start"})
        if (p.capture && p.capture->metrics.latency.count(s)) return QString::fromLatin1(s);
    return QString();
}

QString TwinPairView::headlineHtml(const TwinPair& p) {
    const TwinReport& r = p.fitted;
    QString html =
        tr("<b>Capture</b> %1 &nbsp; <b>Twin</b> %2 — targets met <b>%3 of %4</b> (docs/twin.md)")
            .arg(QString::fromStdString(r.capture).toHtmlEscaped(), QString::fromStdString(r.twin).toHtmlEscaped())
            .arg(r.met)
            .arg(r.targets);
    QStringList worst;
    for (std::size_t i : twinRowsWorstFirst(r)) {
        const TwinRow& row = r.rows[i];
        if (row.target.empty() || row.met || worst.size() >= 3) continue;
        const QString u = unitOf(row);
        worst << tr("%1 capture %2, twin %3 (target %4)")
                     .arg(metricName(row).toHtmlEscaped(), fmt(row.capture, u), fmt(row.twin, u),
                          QString::fromStdString(row.target));
    }
    if (!worst.isEmpty()) html += QStringLiteral("<br>") + tr("Worst misses: %1").arg(worst.join(QStringLiteral("; ")));
    if (p.changed) {
        std::map<std::string, const TwinRow*> after;
        for (const TwinRow& row : p.changed->rows) after[row.metric] = &row;
        std::vector<std::pair<double, QString>> moves;
        for (const TwinRow& row : r.rows) {
            auto it = after.find(row.metric);
            if (it == after.end() || isCount(row)) continue;
            if (const double m = moved(row, *it->second); m > 0.05) {
                const QString u = unitOf(row);
                moves.emplace_back(
                    m,
                    tr("%1: %2 → %3").arg(metricName(row).toHtmlEscaped(), fmt(row.twin, u), fmt(it->second->twin, u)));
            }
        }
        std::stable_sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        QStringList top;
        for (std::size_t i = 0; i < moves.size() && i < 3; ++i) top << moves[i].second;
        html += QStringLiteral("<br>") +
                tr("<b>Twin changed</b>: %1. Predicted, twin as fitted → changed: %2")
                    .arg(p.knobs.empty() ? tr("no knob differs") : describeChanges(p.knobs).toHtmlEscaped(),
                         top.isEmpty() ? tr("no metric moves") : top.join(QStringLiteral("; ")));
    }
    return html;
}

void TwinPairView::fillTable(QTableWidget* table, const TwinPair& p) {
    const bool changed = p.changed.has_value();
    const double capS = seconds(p.capture), fitS = seconds(p.fittedRun), chS = seconds(p.changedRun);
    // Few columns, so the full metric names fit beside the plots: the target
    // and the distance to it share one cell ("±30 % · 2.1×").
    QStringList headers{tr("Metric"), tr("Capture"), changed ? tr("Twin as fitted") : tr("Twin")};
    if (changed) headers << tr("Twin changed") << tr("Changed − fitted");
    headers << tr("Target");
    table->clearSpans();
    table->setRowCount(0);
    table->setColumnCount(int(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    // full names first: the metric column fits its longest name, the table scrolls
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    std::map<std::string, const TwinRow*> byName, changedByName;
    for (const TwinRow& row : p.fitted.rows) byName[row.metric] = &row;
    if (changed)
        for (const TwinRow& row : p.changed->rows) changedByName[row.metric] = &row;
    QFont bold = table->font();
    bold.setBold(true);
    const int cols = int(headers.size());
    for (const auto& [group, metrics] : groupedRows(p.fitted)) {
        int i = table->rowCount();
        table->insertRow(i);
        auto* h = new QTableWidgetItem(group);
        h->setFont(bold);
        h->setFlags(Qt::ItemIsEnabled);
        h->setBackground(table->palette().alternateBase());
        table->setItem(i, 0, h);
        table->setSpan(i, 0, 1, cols);
        for (const std::string& metric : metrics) {
            const TwinRow& row = *byName.at(metric);
            i = table->rowCount();
            table->insertRow(i);
            int col = 0;
            auto cell = [&](const QString& text, Qt::Alignment al = Qt::AlignRight | Qt::AlignVCenter) {
                auto* it = new QTableWidgetItem(text);
                it->setTextAlignment(al);
                table->setItem(i, col++, it);
                return it;
            };
            const QString u = unitOf(row);
            auto* name = cell(QStringLiteral("    ") + metricName(row), Qt::AlignLeft | Qt::AlignVCenter);
            name->setData(Qt::UserRole, QString::fromStdString(row.metric));
            name->setToolTip(tr("%1 — %2").arg(group, metricName(row)));
            const auto cap = shown(row, false, capS, fitS), fit = shown(row, true, capS, fitS);
            cell(fmt(cap, u));
            cell(fmt(fit, u));
            if (changed) {
                auto it = changedByName.find(metric);
                const auto ch = it != changedByName.end() ? shown(*it->second, true, capS, chS) : std::nullopt;
                cell(fmt(ch, u));
                cell(fit && ch ? fmt(*ch - *fit, u, true) : QStringLiteral("–"));
            }
            const QString target = QString::fromStdString(row.target);
            const auto miss = twinMiss(row);
            auto* m = cell(!miss     ? target
                           : row.met ? tr("%1 · met").arg(target)
                                     : tr("%1 · %2×").arg(target).arg(*miss, 0, 'f', *miss >= 10 ? 0 : 1),
                           Qt::AlignLeft | Qt::AlignVCenter);
            if (miss) {
                m->setForeground(row.met ? kMet : kMiss);
                m->setToolTip(tr("How far the twin is from the capture, in units of the target's tolerance: "
                                 "up to 1× meets it."));
            }
        }
    }
}

} // namespace irqscope::app
