#include "core/compare/CompareView.h"

#include "core/compare/MetricsDelta.h"
#include "core/export/PlotExport.h"
#include "core/timeline/TimelinePlot.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace irqscope::app {

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(2, 2, 2, 2);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(summary_);
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* plots = new QSplitter(Qt::Vertical, split);
    a_ = new TimelinePlot(plots);
    b_ = new TimelinePlot(plots);
    table_ = new QTableWidget(0, 5, split);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table_->setMinimumWidth(240);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
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
    retranslateUi();
}

void CompareView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(e);
}

void CompareView::setRuns(const RunRecord& a, const RunRecord& b) {
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
}

void CompareView::retranslateUi() {
    table_->setHorizontalHeaderLabels({tr("Metric"), tr("A"), tr("B"), tr("B − A"), tr("Change")});
    table_->setToolTip(tr("Green: B is better than A; red: worse."));
    if (!runA_ || !runB_) {
        summary_->setText(tr("Select two runs in the run list and choose Run ▸ Compare selected runs."));
        return;
    }
    const RunRecord& a = *runA_;
    const RunRecord& b = *runB_;
    a_->setTitle(tr("A: %1").arg(a.label));
    b_->setTitle(tr("B: %1").arg(b.label));
    a_->replot();
    b_->replot();
    QString changes;
    if (a.scenario && b.scenario) changes = describeChanges(diffScenarios(*a.scenario, *b.scenario), 6);
    else changes = tr("one of the runs is an imported trace");
    summary_->setText(tr("<b>A</b> = %1 &nbsp; <b>B</b> = %2 &nbsp; — scenario changes A → B: %3")
                          .arg(a.label.toHtmlEscaped(), b.label.toHtmlEscaped(), changes.toHtmlEscaped()));

    const auto rows = MetricsDelta::compute(a.result->metrics, b.result->metrics);
    table_->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) {
        const DeltaRow& r = rows[std::size_t(i)];
        auto cell = [&](int col, const QString& text, Qt::Alignment al = Qt::AlignRight | Qt::AlignVCenter) {
            auto* it = new QTableWidgetItem(text);
            it->setTextAlignment(al);
            table_->setItem(i, col, it);
            return it;
        };
        cell(0, tr("%1 · %2").arg(r.name, r.group), Qt::AlignLeft | Qt::AlignVCenter)
            ->setToolTip(tr("%1 — %2").arg(r.group, r.name));
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
        if (d && std::abs(*d) > 1e-9) {
            const bool better = (*d < 0) == r.lowerIsBetter;
            const QColor c = better ? QColor(0x1B, 0x7F, 0x3A) : QColor(0xB3, 0x14, 0x1B);
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
}

bool CompareView::exportImage(const QString& path, QSize size, QString* error) const {
    return exportStacked({a_, b_}, path, size, error);
}

} // namespace irqscope::app
