#include "core/metrics/CpuTimePlot.h"

namespace irqscope::app {

CpuTimePlot::CpuTimePlot(QWidget* parent) : QCustomPlot(parent) {
    setMinimumHeight(120);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, new QCPTextElement(this, QString(), QFont(font().family(), 10, QFont::Bold)));
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->addElement(1, 1, legend);
    plotLayout()->setColumnStretchFactor(1, 0.001);
    legend->setBorderPen(Qt::NoPen);
    rebuild();
}

void CpuTimePlot::setMetrics(const Metrics* m) {
    metrics_ = m;
    rebuild();
}

void CpuTimePlot::setTheme(Palette::Theme theme, int basePt) {
    palette_ = Palette(theme);
    basePt_ = basePt;
    rebuild();
}

void CpuTimePlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) rebuild(); // title, axis, CPU ticks, legend names
    QCustomPlot::changeEvent(e);
}

void CpuTimePlot::rebuild() {
    clearPlottables();
    QFont f = font();
    f.setPointSize(basePt_);
    xAxis->setTickLabelFont(f);
    yAxis->setTickLabelFont(f);
    yAxis->setLabelFont(f);
    yAxis->setLabel(tr("% of simulated time"));
    if (auto* title = qobject_cast<QCPTextElement*>(plotLayout()->element(0, 0))) {
        QFont tf = f;
        tf.setBold(true);
        tf.setPointSize(basePt_ + 2);
        title->setFont(tf);
        title->setText(tr("Time per context per CPU"));
    }
    legend->setVisible(true);
    legend->setFont(f);
    if (!metrics_ || metrics_->cpus.empty()) {
        replot();
        return;
    }
    const double total = double(std::max<Time>(metrics_->simTimeNs, 1));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys;
    for (const CpuMetrics& c : metrics_->cpus) {
        keys << c.cpu;
        ticker->addTick(c.cpu, tr("CPU %1").arg(c.cpu));
    }
    xAxis->setTicker(ticker);
    xAxis->setRange(keys.front() - 0.7, keys.back() + 0.7);
    // bottom to top: the task, then what interrupts it; idle on top
    const ContextKind order[] = {ContextKind::User,    ContextKind::Kthread,   ContextKind::Ksoftirqd,
                                 ContextKind::Kworker, ContextKind::IrqThread, ContextKind::Tasklet,
                                 ContextKind::Softirq, ContextKind::Hardirq,   ContextKind::Nmi,
                                 ContextKind::Idle};
    QCPBars* below = nullptr;
    for (ContextKind k : order) {
        QVector<double> v;
        double sum = 0;
        for (const CpuMetrics& c : metrics_->cpus) {
            v << 100.0 * double(c.nsByKind[static_cast<int>(k)]) / total;
            sum += v.back();
        }
        if (sum <= 0) continue;
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(Palette::kindName(k));
        bars->setWidth(0.6);
        QColor col = palette_.kind(k);
        if (k == ContextKind::Idle) col = QColor(0xE2, 0xE2, 0xE2);
        bars->setBrush(col);
        bars->setPen(QPen(col.darker(140), 1));
        bars->setData(keys, v, true);
        if (below) bars->moveAbove(below);
        below = bars;
    }
    yAxis->setRange(0, 100);
    replot();
}

} // namespace irqscope::app
