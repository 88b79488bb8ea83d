#include "core/compare/CompareView.h"

#include "core/compare/LatencyOverlayPlot.h"
#include "core/compare/MetricsDelta.h"
#include "core/export/PlotExport.h"
#include "core/timeline/TimelinePlot.h"
#include "core/twin/TwinPair.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace irqscope::app {

namespace {
const QColor kBetter(0x1B, 0x7F, 0x3A);
const QColor kWorse(0xB3, 0x14, 0x1B);

// "latency/softirq_raise/cpu0/p99" -> "softirq_raise/cpu0"
QString seriesOfKey(const QString& key) {
    if (!key.startsWith(QLatin1String("latency/"))) return QString();
    return key.mid(8, key.lastIndexOf(QLatin1Char('/')) - 8);
}
} // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(2, 2, 2, 2);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("compareHeadline"));
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::RichText);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    summary_->setContentsMargins(4, 2, 4, 2);
    // the finding leads: as tall as its text (a few lines), above everything else
    summary_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    v->addWidget(summary_);

    auto* split = split_ = new QSplitter(Qt::Horizontal, this);
    auto* plots = new QSplitter(Qt::Vertical, split);
    a_ = new TimelinePlot(plots);
    b_ = new TimelinePlot(plots);
    // two plots share the height: their legends keep to two rows (names may be cut at 1366x768)
    for (TimelinePlot* p : {a_, b_}) p->setLegendMaxRows(2);
    auto* side = new QSplitter(Qt::Vertical, split);
    overlay_ = new LatencyOverlayPlot(side);
    table_ = new QTableWidget(0, 5, side);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table_->setMinimumWidth(300);
    side->setStretchFactor(0, 1);
    side->setStretchFactor(1, 1);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({550, 450}); // the table needs room for full metric names
    v->addWidget(split, 1);

    // one time axis: whatever one plot shows, the other shows too
    auto link = [this](TimelinePlot* from, TimelinePlot* to) {
        connect(from, &TimelinePlot::viewChanged, this, [this, to](const TimeRange& r) {
            if (syncing_) return;
            syncing_ = true;
            to->setView(r, false);
            syncing_ = false;
        });
    };
    link(a_, b_);
    link(b_, a_);
    // a latency row picks the series the overlay shows
    connect(table_, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (QTableWidgetItem* it = table_->item(row, 0)) {
            QString s = seriesOfKey(it->data(Qt::UserRole).toString());
            if (twin_ && twin_->capture) { // a twin report row: "softirq_raise_to_entry.p99"
                const QString m = it->data(Qt::UserRole).toString();
                s = m.left(m.lastIndexOf(QLatin1Char('.')));
                if (!twin_->capture->metrics.latency.count(s.toStdString())) s.clear();
            }
            if (!s.isEmpty()) overlay_->setSeries(s);
        }
    });
    retranslateUi();
}

void CompareView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(e);
}

void CompareView::setTwinPair(const RunRecord& capture, const RunRecord& twin, std::shared_ptr<const TwinPair> pair) {
    setRuns(capture, twin);
    twin_ = std::move(pair);
    const LaneFilter lanes = TwinPairView::alignedLanes(capture.result->trace, twin.result->trace);
    a_->setLaneFilter(lanes);
    b_->setLaneFilter(lanes);
    // the report's full metric names and up to four numbers: the table gets more
    const int w = std::max(split_->width(), 1000);
    split_->setSizes({w * 2 / 5, w - w * 2 / 5});
    retranslateUi();
    overlay_->setLabels(tr("Capture"), tr("Twin"));
    overlay_->setRuns(&runA_->result->metrics, &runB_->result->metrics, TwinPairView::overlaySeries(*twin_));
}

void CompareView::setRuns(const RunRecord& a, const RunRecord& b) {
    if (twin_) { // an ordinary comparison again: the plots' own lanes
        twin_.reset();
        overlay_->setLabels(QString(), QString());
        a_->setLaneFilter(LaneFilter{});
        b_->setLaneFilter(LaneFilter{});
    }
    hasRuns_ = true;
    runA_ = a;
    runB_ = b;
    a_->setRun(a.result, QString());
    b_->setRun(b.result, QString());
    // a common range covering both, so the linked axis can reach either end
    const TimeRange ra = a_->fullRange(), rb = b_->fullRange();
    const TimeRange common{std::max(ra.t0, rb.t0), std::min(ra.t1, rb.t1)};
    if (common.span() > 0) {
        a_->setView(common);
        b_->setView(common);
    }
    retranslateUi();
    // the overlay starts on the latency series that changed most
    QString preferred;
    for (const CompareFinding& f : headline_.changes)
        if (preferred.isEmpty()) preferred = seriesOfKey(f.row.key);
    if (preferred.isEmpty())
        if (auto h = latencyHeadline(b)) preferred = h->worstSeries;
    overlay_->setRuns(&runA_->result->metrics, &runB_->result->metrics, preferred);
}

void CompareView::clear() {
    hasRuns_ = false;
    twin_.reset();
    runA_.reset();
    runB_.reset();
    headline_ = {};
    table_->setRowCount(0);
    overlay_->setRuns(nullptr, nullptr, QString());
    retranslateUi();
}

void CompareView::retranslateUi() {
    table_->setHorizontalHeaderLabels({tr("Metric"), tr("A"), tr("B"), tr("B − A"), tr("Change")});
    table_->setToolTip(tr("Green: B is better than A; red: worse; uncoloured: a change that is neither "
                          "(sample counts, idle and kernel-context time). Click a latency row to overlay it."));
    if (!runA_ || !runB_) {
        summary_->setText(tr("Select two runs in the run list and choose Run ▸ Compare selected runs."));
        return;
    }
    const RunRecord& a = *runA_;
    const RunRecord& b = *runB_;
    if (twin_) {
        a_->setTitle(tr("Capture: %1").arg(a.label));
        b_->setTitle(tr("Twin: %1").arg(b.label));
        a_->replot();
        b_->replot();
        headline_ = {};
        summary_->setText(TwinPairView::headlineHtml(*twin_));
        TwinPairView::fillTable(table_, *twin_);
        return;
    }
    table_->setColumnCount(5);
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table_->setHorizontalHeaderLabels({tr("Metric"), tr("A"), tr("B"), tr("B − A"), tr("Change")});
    a_->setTitle(tr("A: %1").arg(a.label));
    b_->setTitle(tr("B: %1").arg(b.label));
    a_->replot();
    b_->replot();
    headline_ = CompareHeadline::build(a, b);
    summary_->setText(tr("<b>A</b> = %1 &nbsp; <b>B</b> = %2<br>%3")
                          .arg(a.label.toHtmlEscaped(), b.label.toHtmlEscaped(), headline_.html()));
    fillTable(MetricsDelta::compute(a.result->metrics, b.result->metrics));
}

void CompareView::fillTable(const std::vector<DeltaRow>& rows) {
    table_->clearSpans();
    table_->setRowCount(0);
    QString group;
    QFont bold = table_->font();
    bold.setBold(true);
    for (const DeltaRow& r : rows) {
        int i = table_->rowCount();
        if (r.group != group) { // a heading row per group, across the table
            group = r.group;
            table_->insertRow(i);
            auto* h = new QTableWidgetItem(group);
            h->setFont(bold);
            h->setFlags(Qt::ItemIsEnabled);
            h->setBackground(table_->palette().alternateBase());
            table_->setItem(i, 0, h);
            table_->setSpan(i, 0, 1, 5);
            ++i;
        }
        table_->insertRow(i);
        auto cell = [&](int col, const QString& text, Qt::Alignment al = Qt::AlignRight | Qt::AlignVCenter) {
            auto* it = new QTableWidgetItem(text);
            it->setTextAlignment(al);
            table_->setItem(i, col, it);
            return it;
        };
        auto* name = cell(0, QStringLiteral("    ") + r.name, Qt::AlignLeft | Qt::AlignVCenter);
        name->setToolTip(tr("%1 — %2").arg(r.group, r.name));
        name->setData(Qt::UserRole, r.key);
        cell(1, r.a ? MetricsDelta::format(*r.a, r.unit) : tr("–"));
        cell(2, r.b ? MetricsDelta::format(*r.b, r.unit) : tr("–"));
        const auto d = r.delta();
        QString rel;
        if (d && r.a && *r.a != 0)
            rel =
                tr("%1%2 %").arg(*d >= 0 ? QStringLiteral("+") : QString()).arg(100.0 * *d / std::abs(*r.a), 0, 'f', 1);
        auto* dc =
            cell(3, d ? (*d >= 0 ? QStringLiteral("+") : QString()) + MetricsDelta::format(*d, r.unit) : tr("–"));
        auto* rc = cell(4, rel);
        if (const int v = r.verdict(); v != 0) {
            const QColor c = v > 0 ? kBetter : kWorse;
            dc->setForeground(c);
            rc->setForeground(c);
        }
    }
}

void CompareView::setTheme(Palette::Theme theme, int basePt) {
    for (TimelinePlot* p : {a_, b_}) {
        p->setTheme(theme);
        p->setBaseFontSize(basePt);
    }
    overlay_->setTheme(theme, basePt);
}

bool CompareView::exportImage(const QString& path, QSize size, QString* error) const {
    return exportStacked({a_, b_}, path, size, error);
}

} // namespace irqscope::app
