#include "core/metrics/MetricsPanel.h"

#include "core/metrics/CpuTimePlot.h"
#include "core/metrics/LatencyPlot.h"
#include "core/util/TimeFormat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace irqscope::app {

namespace {
// A cell that shows text but sorts by a number.
class NumItem : public QTableWidgetItem {
public:
    NumItem(const QString& text, double key) : QTableWidgetItem(text), key_(key) {
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& o) const override {
        if (auto* n = dynamic_cast<const NumItem*>(&o)) return key_ < n->key_;
        return QTableWidgetItem::operator<(o);
    }

private:
    double key_;
};

// Header labels are set by retranslateUi().
QTableWidget* makeTable(int columns, QWidget* parent) {
    auto* t = new QTableWidget(0, columns, parent);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QString pct(double v) {
    return MetricsPanel::tr("%1 %").arg(v, 0, 'f', 1);
}
} // namespace

MetricsPanel::MetricsPanel(QWidget* parent) : QTabWidget(parent) {
    auto* latPage = new QWidget(this);
    auto* lv = new QVBoxLayout(latPage);
    lv->setContentsMargins(2, 2, 2, 2);
    auto* bar = new QHBoxLayout;
    whichLabel_ = new QLabel(latPage);
    bar->addWidget(whichLabel_);
    which_ = new QComboBox(latPage);
    // wide enough for the series names ("syslatency/cpu3"), not squeezed to "syslatenc"
    which_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(which_);
    log_ = new QCheckBox(latPage);
    bar->addWidget(log_);
    bar->addStretch(1);
    lv->addLayout(bar);
    latency_ = new LatencyPlot(latPage);
    lv->addWidget(latency_, 1);
    connect(which_, &QComboBox::currentIndexChanged, this, [this] { fillLatency(); });
    connect(which_, &QComboBox::activated, this, [this] { picked_ = which_->currentText(); });
    connect(log_, &QCheckBox::toggled, latency_, &LatencyPlot::setLogScale);
    addTab(latPage, QString()); // tab texts, headers, tool tips: retranslateUi()

    auto* cpuSplit = new QSplitter(Qt::Horizontal, this);
    cpuTime_ = new CpuTimePlot(cpuSplit);
    cpuTable_ = makeTable(11, cpuSplit);
    cpuSplit->setStretchFactor(0, 2);
    cpuSplit->setStretchFactor(1, 3);
    addTab(cpuSplit, QString());

    throughput_ = makeTable(3, this);
    addTab(throughput_, QString());

    warnings_ = makeTable(4, this);
    connect(warnings_, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (!run_ || row < 0 || row >= int(run_->metrics.warnings.size())) return;
        const int idx = warnings_->item(row, 0)->data(Qt::UserRole).toInt();
        const Warning& w = run_->metrics.warnings[std::size_t(idx)];
        emit warningActivated(w.t, w.cpu);
    });
    addTab(warnings_, QString());

    tasks_ = makeTable(6, this);
    addTab(tasks_, QString());
    retranslateUi();
}

void MetricsPanel::retranslateUi() {
    whichLabel_->setText(tr("Latency of:"));
    log_->setText(tr("Logarithmic time axis"));
    setTabText(indexOf(latency_->parentWidget()), tr("Latency"));
    setTabText(indexOf(cpuTime_->parentWidget()), tr("CPU time"));
    setTabText(indexOf(throughput_), tr("Throughput"));
    setTabText(indexOf(tasks_), tr("Tasks (top)"));
    cpuTable_->setHorizontalHeaderLabels({tr("CPU"), tr("hardirq"), tr("softirq"), tr("irq thread"), tr("kworker"),
                                          tr("kthread"), tr("user"), tr("idle"), tr("irqs off"), tr("ctx switches"),
                                          tr("interrupts")});
    throughput_->setHorizontalHeaderLabels({tr("Counter"), tr("Count"), tr("Per second")});
    warnings_->setHorizontalHeaderLabels({tr("Time"), tr("CPU"), tr("Kind"), tr("Message")});
    warnings_->setToolTip(tr("Click a warning to show it on the timeline."));
    tasks_->setHorizontalHeaderLabels(
        {tr("Task"), tr("PID"), tr("Charged CPU time"), tr("% charged"), tr("Own code"), tr("Charged − own")});
    tasks_->setToolTip(tr("What `top` would show: time charged to each task. With IRQ time accounting off, "
                          "interrupt work is charged to whichever task it interrupted."));
    fillTables(); // cells carry translated units ("CPU 0", "12.5 %")
    updateWarningsTab();
}

void MetricsPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QTabWidget::changeEvent(e);
}

void MetricsPanel::updateWarningsTab() {
    setTabText(indexOf(warnings_), run_ && !run_->metrics.warnings.empty()
                                       ? tr("Warnings (%1)").arg(run_->metrics.warnings.size())
                                       : tr("Warnings"));
}

void MetricsPanel::setRun(RunPtr run, const QStringList& probes) {
    run_ = std::move(run);
    const QString prev = which_->currentText();
    which_->blockSignals(true);
    which_->clear();
    if (run_)
        for (const auto& [name, h] : run_->metrics.latency) which_->addItem(QString::fromStdString(name));
    // the series the user picked, else the scenario's first probe that measured
    // something, else the one shown before
    QString want = which_->findText(picked_) >= 0 ? picked_ : QString();
    for (const QString& p : probes)
        if (want.isEmpty() && run_)
            if (auto it = run_->metrics.latency.find(p.toStdString());
                it != run_->metrics.latency.end() && it->second.count() > 0)
                want = p;
    if (want.isEmpty()) want = prev;
    if (int i = which_->findText(want); i >= 0) which_->setCurrentIndex(i);
    which_->blockSignals(false);
    fillLatency();
    cpuTime_->setMetrics(run_ ? &run_->metrics : nullptr);
    fillTables();
    updateWarningsTab();
}

void MetricsPanel::fillLatency() {
    const LatencyHistogram* h = nullptr;
    if (run_) {
        auto it = run_->metrics.latency.find(which_->currentText().toStdString());
        if (it != run_->metrics.latency.end()) h = &it->second;
    }
    latency_->setHistogram(h, which_->currentText());
}

void MetricsPanel::fillTables() {
    for (QTableWidget* t : {cpuTable_, throughput_, warnings_, tasks_}) {
        t->setSortingEnabled(false);
        t->setRowCount(0);
    }
    if (!run_) return;
    const Metrics& m = run_->metrics;
    const double total = double(std::max<Time>(m.simTimeNs, 1));
    cpuTable_->setRowCount(int(m.cpus.size()));
    for (int r = 0; r < int(m.cpus.size()); ++r) {
        const CpuMetrics& c = m.cpus[std::size_t(r)];
        cpuTable_->setItem(r, 0, new NumItem(tr("CPU %1").arg(c.cpu), c.cpu));
        for (int b = 0; b < kTimeBucketCount; ++b) {
            const double v = 100.0 * double(c.ns[b]) / total;
            auto* it = new NumItem(pct(v), v);
            it->setToolTip(formatTime(double(c.ns[b])));
            cpuTable_->setItem(r, 1 + b, it);
        }
        const double off = 100.0 * double(c.irqsOffNs) / total;
        cpuTable_->setItem(r, 8, new NumItem(pct(off), off));
        cpuTable_->setItem(r, 9, new NumItem(QString::number(c.contextSwitches), double(c.contextSwitches)));
        cpuTable_->setItem(r, 10, new NumItem(QString::number(c.interrupts), double(c.interrupts)));
    }
    cpuTable_->resizeColumnsToContents();

    throughput_->setRowCount(int(m.throughput.size()));
    int r = 0;
    for (const auto& [name, t] : m.throughput) {
        throughput_->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(name)));
        throughput_->setItem(r, 1, new NumItem(QString::number(t.count), double(t.count)));
        throughput_->setItem(r, 2, new NumItem(tr("%1 /s").arg(t.perSecond, 0, 'f', 1), t.perSecond));
        ++r;
    }

    warnings_->setRowCount(int(m.warnings.size()));
    for (int i = 0; i < int(m.warnings.size()); ++i) {
        const Warning& w = m.warnings[std::size_t(i)];
        auto* t = new NumItem(formatTime(double(w.t)), double(w.t));
        t->setData(Qt::UserRole, i);
        warnings_->setItem(i, 0, t);
        warnings_->setItem(i, 1, new NumItem(QString::number(w.cpu), w.cpu));
        warnings_->setItem(i, 2, new QTableWidgetItem(QString::fromStdString(w.kind)));
        warnings_->setItem(i, 3, new QTableWidgetItem(QString::fromStdString(w.message)));
    }
    warnings_->resizeColumnsToContents();

    tasks_->setRowCount(int(m.tasks.size()));
    for (int i = 0; i < int(m.tasks.size()); ++i) {
        const TaskMetrics& t = m.tasks[std::size_t(i)];
        tasks_->setItem(i, 0, new QTableWidgetItem(QString::fromStdString(t.name)));
        tasks_->setItem(i, 1, new NumItem(QString::number(t.pid), t.pid));
        tasks_->setItem(i, 2, new NumItem(formatTime(double(t.chargedNs)), double(t.chargedNs)));
        const double p = 100.0 * double(t.chargedNs) / total;
        tasks_->setItem(i, 3, new NumItem(pct(p), p));
        tasks_->setItem(i, 4, new NumItem(formatTime(double(t.runNs)), double(t.runNs)));
        const double diff = double(t.chargedNs - t.runNs);
        tasks_->setItem(i, 5, new NumItem(formatTime(diff), diff));
    }
    tasks_->setSortingEnabled(true);
    tasks_->sortByColumn(2, Qt::DescendingOrder);
    tasks_->resizeColumnsToContents();
    warnings_->setSortingEnabled(true);
}

void MetricsPanel::setTheme(Palette::Theme theme, int basePt) {
    latency_->setTheme(theme, basePt);
    cpuTime_->setTheme(theme, basePt);
}

QCustomPlot* MetricsPanel::currentPlot() const {
    if (currentIndex() == 0) return latency_;
    if (currentIndex() == 1) return cpuTime_;
    return nullptr;
}

} // namespace irqscope::app
