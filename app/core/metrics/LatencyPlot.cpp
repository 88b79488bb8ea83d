#include "core/metrics/LatencyPlot.h"

#include "core/timeline/TimeAxisTicker.h"
#include "core/util/TimeFormat.h"

#include <algorithm>
#include <cmath>

namespace irqscope::app {

namespace {
class LogTimeTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return formatTime(tick); }
};
} // namespace

LatencyPlot::LatencyPlot(QWidget* parent) : QCustomPlot(parent) {
    setMinimumHeight(120);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, new QCPTextElement(this, QString(), QFont(font().family(), 10, QFont::Bold)));
    yAxis2->setVisible(true);
    rebuild();
}

std::vector<double> LatencyPlot::binEdges(double lo, double hi, int bins, bool log) {
    std::vector<double> e;
    if (bins <= 0) return e;
    if (hi <= lo) hi = lo + 1;
    if (log) {
        lo = std::max(lo, 1.0);
        const double a = std::log10(lo), b = std::log10(std::max(hi, lo * 1.0001));
        for (int i = 0; i <= bins; ++i) e.push_back(std::pow(10.0, a + (b - a) * i / bins));
    } else {
        for (int i = 0; i <= bins; ++i) e.push_back(lo + (hi - lo) * i / bins);
    }
    return e;
}

void LatencyPlot::setHistogram(const LatencyHistogram* h, const QString& name) {
    hist_ = h;
    name_ = name;
    rebuild();
}

void LatencyPlot::setLogScale(bool on) {
    log_ = on;
    rebuild();
}

void LatencyPlot::setTheme(Palette::Theme theme, int basePt) {
    palette_ = Palette(theme);
    basePt_ = basePt;
    rebuild();
}

void LatencyPlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) rebuild(); // title, axis labels, markers, legend
    QCustomPlot::changeEvent(e);
}

void LatencyPlot::rebuild() {
    clearGraphs();
    clearItems();
    QFont f = font();
    f.setPointSize(basePt_);
    for (QCPAxis* a : {xAxis, yAxis, yAxis2}) {
        a->setTickLabelFont(f);
        a->setLabelFont(f);
        a->setBasePen(QPen(Qt::black, palette_.lineWidth()));
    }
    auto* title = qobject_cast<QCPTextElement*>(plotLayout()->element(0, 0));
    QFont tf = f;
    tf.setBold(true);
    tf.setPointSize(basePt_ + 2);
    if (title) title->setFont(tf);
    xAxis->setLabel(tr("latency"));
    yAxis->setLabel(tr("samples"));
    yAxis2->setLabel(tr("cumulative %"));
    if (!hist_ || hist_->count() == 0) {
        if (title) title->setText(tr("No latency samples in this run"));
        replot();
        return;
    }
    if (title)
        title->setText(tr("Latency: %1 (%n samples)", nullptr, int(hist_->count())).arg(name_) + QLatin1Char('\n') +
                       tr("p50 %1 · p90 %2 · p99 %3 · p99.9 %4 · max %5")
                           .arg(formatTime(double(hist_->percentile(50))), formatTime(double(hist_->percentile(90))),
                                formatTime(double(hist_->percentile(99))), formatTime(double(hist_->percentile(99.9))),
                                formatTime(double(hist_->max()))));
    // (value, how many) in ascending order: exact samples, or the buckets of a
    // long run's folded histogram
    const auto dist = hist_->distribution();
    const double total = double(hist_->count());
    const double lo = double(dist.front().first), hi = double(dist.back().first);
    const int bins = std::clamp(int(std::sqrt(total) * 2), 10, 80);
    const auto edges = binEdges(lo, hi, bins, log_);
    QVector<double> keys, counts;
    std::size_t k = 0;
    double maxCount = 1;
    for (int b = 0; b < bins; ++b) {
        double c = 0;
        while (k < dist.size() && (double(dist[k].first) < edges[std::size_t(b) + 1] || b == bins - 1))
            c += double(dist[k++].second);
        keys << edges[std::size_t(b)];
        counts << c;
        maxCount = std::max(maxCount, c);
    }
    keys << edges.back();
    counts << counts.back();
    const QColor histColor = palette_.presentation() ? QColor(0x00, 0x72, 0xB2) : QColor(0x3A, 0x7D, 0xC9);
    QCPGraph* hg = addGraph(xAxis, yAxis);
    hg->setName(tr("histogram"));
    hg->setLineStyle(QCPGraph::lsStepLeft);
    hg->setPen(QPen(histColor.darker(130), palette_.lineWidth()));
    QColor fill = histColor;
    fill.setAlpha(110);
    hg->setBrush(fill);
    hg->setData(keys, counts, true);

    // the CDF at about 600 points, whatever the number of samples
    QVector<double> ck, cv;
    const double step = std::max(1.0, total / 600);
    double seen = 0, nextPoint = 0;
    for (const auto& [value, n] : dist) {
        seen += double(n);
        if (seen < nextPoint) continue;
        ck << std::max(double(value), log_ ? 1.0 : -1e300);
        cv << 100.0 * seen / total;
        nextPoint = seen + step;
    }
    ck << hi;
    cv << 100.0;
    QCPGraph* cdf = addGraph(xAxis, yAxis2);
    cdf->setName(tr("CDF"));
    cdf->setLineStyle(QCPGraph::lsStepLeft);
    cdf->setPen(QPen(palette_.presentation() ? QColor(0xD5, 0x5E, 0x00) : QColor(0xD6, 0x27, 0x28),
                     palette_.lineWidth() * 1.6));
    cdf->setData(ck, cv, true);

    if (log_) {
        auto t = QSharedPointer<LogTimeTicker>::create();
        t->setLogBase(10);
        xAxis->setTicker(t);
        xAxis->setScaleType(QCPAxis::stLogarithmic);
        xAxis->setRange(std::max(1.0, lo * 0.9), hi * 1.1);
    } else {
        xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new TimeAxisTicker));
        xAxis->setScaleType(QCPAxis::stLinear);
        const double pad = std::max((hi - lo) * 0.05, 1.0);
        xAxis->setRange(std::max(0.0, lo - pad), hi + pad);
    }
    yAxis->setRange(0, maxCount * 1.25);
    yAxis2->setRange(0, 105);

    // Percentile labels never overlap: marks at the same value share one label
    // ("p99.9 · max"), and a label that would touch one already placed goes
    // one row lower.
    std::vector<std::pair<double, QString>> marks;
    for (const auto& [p, label] : std::initializer_list<std::pair<double, QString>>{
             {50, tr("p50")}, {90, tr("p90")}, {99, tr("p99")}, {99.9, tr("p99.9")}, {100, tr("max")}}) {
        const double x = double(p >= 100 ? hist_->max() : hist_->percentile(p));
        if (!marks.empty() && marks.back().first == x) marks.back().second += QStringLiteral(" \u00b7 ") + label;
        else marks.emplace_back(x, label);
    }
    const QFontMetricsF fm(f);
    struct Placed {
        double x0, x1;
        int row;
    };
    std::vector<Placed> placed;
    for (const auto& [x, label] : marks) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(QColor(0x33, 0x33, 0x33), palette_.lineWidth(), Qt::DashLine));
        const double px = xAxis->coordToPixel(x), half = fm.horizontalAdvance(label) / 2 + 8;
        int row = 0;
        while (std::any_of(placed.begin(), placed.end(),
                           [&](const Placed& o) { return o.row == row && px - half < o.x1 && px + half > o.x0; }))
            ++row;
        placed.push_back({px - half, px + half, row});
        auto* text = new QCPItemText(this);
        text->setClipToAxisRect(true);
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(x, 0.02 + 0.14 * row);
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        text->setPadding(QMargins(3, 1, 3, 1));
        text->setBrush(QColor(255, 255, 255, 220));
        text->setFont(f);
        text->setText(label);
    }
    legend->setVisible(true);
    legend->setFont(f);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignBottom);
    replot();
}

} // namespace irqscope::app
