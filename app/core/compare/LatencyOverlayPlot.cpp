#include "core/compare/LatencyOverlayPlot.h"

#include "core/compare/MetricsDelta.h"
#include "core/util/TimeFormat.h"

#include <QComboBox>
#include <QEvent>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <set>

namespace irqscope::app {

namespace {
class LogTimeTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return formatTime(tick); }
};

// The CDF at about 600 points, whatever the number of samples.
void cdfOf(const LatencyHistogram& h, QVector<double>& keys, QVector<double>& values) {
    const auto dist = h.distribution();
    const double total = double(h.count());
    const double step = std::max(1.0, total / 600);
    double seen = 0, next = 0;
    // from 0 % at the smallest sample: a series of one sample is a visible step too
    keys << std::max(double(h.min()), 1.0);
    values << 0;
    for (const auto& [value, n] : dist) {
        seen += double(n);
        if (seen < next && seen < total) continue;
        keys << std::max(double(value), 1.0);
        values << 100.0 * seen / total;
        next = seen + step;
    }
}
} // namespace

LatencyOverlayPlot::LatencyOverlayPlot(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    combo_ = new QComboBox(this);
    combo_->setObjectName(QStringLiteral("overlaySeries"));
    combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo_->setMinimumContentsLength(16);
    v->addWidget(combo_);
    plot_ = new QCustomPlot(this);
    plot_->setMinimumHeight(120);
    // the legend (each run's p99 and max) below the axes, where it hides no step
    plot_->plotLayout()->addElement(1, 0, plot_->legend);
    plot_->plotLayout()->setRowStretchFactor(1, 0.001);
    plot_->legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    v->addWidget(plot_, 1);
    connect(combo_, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
}

void LatencyOverlayPlot::setRuns(const Metrics* a, const Metrics* b, const QString& preferred) {
    a_ = a;
    b_ = b;
    std::set<std::string> names;
    for (const Metrics* m : {a, b})
        if (m)
            for (const auto& [n, h] : m->latency)
                if (h.count()) names.insert(n);
    combo_->blockSignals(true);
    combo_->clear();
    for (const std::string& n : names) {
        const QString s = QString::fromStdString(n);
        combo_->addItem(MetricsDelta::seriesLabel(s), s);
    }
    const int i = combo_->findData(preferred);
    combo_->setCurrentIndex(i >= 0 ? i : 0);
    combo_->blockSignals(false);
    combo_->setVisible(combo_->count() > 0);
    rebuild();
}

QString LatencyOverlayPlot::series() const {
    return combo_->currentData().toString();
}

void LatencyOverlayPlot::setLabels(const QString& a, const QString& b) {
    labelA_ = a;
    labelB_ = b;
}

void LatencyOverlayPlot::setSeries(const QString& name) {
    const int i = combo_->findData(name);
    if (i >= 0) combo_->setCurrentIndex(i);
}

int LatencyOverlayPlot::graphCount() const {
    return plot_->graphCount();
}

void LatencyOverlayPlot::setTheme(Palette::Theme theme, int basePt) {
    palette_ = Palette(theme);
    basePt_ = basePt;
    rebuild();
}

void LatencyOverlayPlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) rebuild();
    QWidget::changeEvent(e);
}

void LatencyOverlayPlot::rebuild() {
    plot_->clearGraphs();
    plot_->clearItems();
    const QFont f(font().family(), basePt_);
    for (QCPAxis* ax : {plot_->xAxis, plot_->yAxis}) {
        ax->setTickLabelFont(f);
        ax->setLabelFont(f);
    }
    plot_->yAxis->setLabel(tr("% of samples"));
    plot_->xAxis->setLabel(tr("latency (log scale)"));
    const std::string name = series().toStdString();
    double lo = 1e300, hi = 0;
    // A: blue, solid; B: orange, dashed (told apart without colour too)
    const struct {
        const Metrics* m;
        QString label;
        QColor color;
        Qt::PenStyle style;
    } runs[] = {{a_, labelA_.isEmpty() ? tr("A") : labelA_, QColor(0x00, 0x72, 0xB2), Qt::SolidLine},
                {b_, labelB_.isEmpty() ? tr("B") : labelB_, QColor(0xD5, 0x5E, 0x00), Qt::DashLine}};
    for (const auto& r : runs) {
        if (!r.m || name.empty()) continue;
        const auto it = r.m->latency.find(name);
        if (it == r.m->latency.end() || it->second.count() == 0) continue;
        const LatencyHistogram& h = it->second;
        QVector<double> k, val;
        cdfOf(h, k, val);
        QCPGraph* g = plot_->addGraph();
        g->setName(tr("%1: p99 %2, max %3 (%4 samples)")
                       .arg(r.label, formatTime(double(h.percentile(99))), formatTime(double(h.max())))
                       .arg(h.count()));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(r.color, palette_.lineWidth() * 1.8, r.style));
        g->setData(k, val, true);
        lo = std::min(lo, std::max(1.0, double(h.min())));
        hi = std::max(hi, double(h.max()));
    }
    if (plot_->graphCount() == 0) {
        plot_->legend->setVisible(false);
        plot_->replot();
        return;
    }
    auto t = QSharedPointer<LogTimeTicker>::create();
    t->setLogBase(10);
    plot_->xAxis->setTicker(t);
    plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->xAxis->setRange(lo * 0.8, std::max(hi * 1.25, lo * 2));
    plot_->yAxis->setRange(0, 102);
    // the 99 % line: where each CDF crosses it is that run's p99
    auto* p99 = new QCPItemStraightLine(plot_);
    p99->point1->setCoords(1, 99);
    p99->point2->setCoords(2, 99);
    p99->setPen(QPen(QColor(0x66, 0x66, 0x66), 1, Qt::DotLine));
    plot_->legend->setVisible(true);
    plot_->legend->setFont(f);
    plot_->replot();
}

} // namespace irqscope::app
