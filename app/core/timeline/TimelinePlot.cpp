#include "core/timeline/TimelinePlot.h"

#include "core/export/PlotExport.h"
#include "core/timeline/ElidedTitle.h"
#include "core/timeline/LaneTicker.h"
#include "core/timeline/SwatchLegendItem.h"
#include "core/timeline/TimeAxisTicker.h"
#include "core/timeline/TimelinePlottable.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRubberBand>
#include <QTextEdit>
#include <QToolTip>

#include <cmath>

namespace irqscope::app {

TimelinePlot::TimelinePlot(QWidget* parent) : QCustomPlot(parent) {
    setBackground(Qt::white);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setInteractions(QCP::Interactions());
    setMinimumSize(240, 120);

    plotLayout()->insertRow(0);
    title_ = new ElidedTitle(this, QString(), QFont(font().family(), 11, QFont::Bold));
    plotLayout()->addElement(0, 0, title_);

    xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new TimeAxisTicker));
    xAxis->setLabel(tr("time"));
    xAxis->grid()->setPen(QPen(QColor(0, 0, 0, 35), 1, Qt::DotLine));
    xAxis->grid()->setSubGridVisible(false);
    xAxis->setRange(0, 1);

    laneTicker_.reset(new LaneTicker(yAxis, LaneTicker::Thinning::EveryOther));
    depthTicker_.reset(new LaneTicker(yAxis2, LaneTicker::Thinning::AllOrNothing));
    yAxis->setTicker(laneTicker_);
    yAxis2->setTicker(depthTicker_);
    yAxis2->setVisible(true);
    for (QCPAxis* a : {yAxis, yAxis2}) {
        a->setRangeReversed(true);
        a->grid()->setVisible(false);
        a->setTickLength(0, 0);
        a->setSubTicks(false);
        a->setBasePen(Qt::NoPen);
        a->setTickPen(Qt::NoPen);
        a->setRange(0, 1);
    }
    yAxis2->setTickLabelColor(QColor(0x60, 0x60, 0x60));
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), yAxis2,
            qOverload<const QCPRange&>(&QCPAxis::setRange));

    lanes_ = new TimelinePlottable(xAxis, yAxis, &scene_);

    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    // legend centred under the plot: spacer | legend | spacer
    auto* legendRow = new QCPLayoutGrid;
    plotLayout()->addElement(2, 0, legendRow);
    legendRow->setMargins(QMargins(0, 0, 0, 0));
    legendRow->addElement(0, 0, new QCPLayoutElement(this));
    legendRow->addElement(0, 1, legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(this));
    legendRow->setColumnStretchFactors({1, 0.001, 1});
    plotLayout()->setRowStretchFactor(2, 0.001);
    plotLayout()->setRowStretchFactor(0, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMargins(QMargins(4, 2, 4, 4));
    rebuildLegend();
    applyFonts();

    recordTimer_.setSingleShot(true);
    recordTimer_.setInterval(350);
    connect(&recordTimer_, &QTimer::timeout, this, [this] {
        history_.push(view());
        emit historyChanged();
    });
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange&) { emit viewChanged(view()); });
    qApp->installEventFilter(this);
}

void TimelinePlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        xAxis->setLabel(tr("time"));
        rebuildLegend(); // context names and "irqs off"
        rebuildLanes();  // depth-row labels
        replot();
    }
    QCustomPlot::changeEvent(e);
}

void TimelinePlot::setTitle(const QString& title) {
    title_->setText(title);
    title_->setVisible(!title.isEmpty());
}

void TimelinePlot::setTitleVisible(bool on) {
    title_->setVisible(on && !title_->text().isEmpty());
    plotLayout()->simplify();
}

void TimelinePlot::setRun(RunPtr run, const QString& title) {
    setTrace(run ? &run->trace : nullptr, title);
    scene_.run = std::move(run);
    scene_.metrics = scene_.run ? &scene_.run->metrics : nullptr;
}

void TimelinePlot::setTrace(const Trace* trace, const QString& title) {
    scene_.run.reset();
    scene_.metrics = nullptr;
    scene_.tracePtr = trace;
    scene_.selection.reset();
    scene_.flows.clear();
    scene_.highlights.clear();
    setTitle(title);
    rebuildLanes();
    rebuildLegend(); // the markers this trace has
    history_.clear();
    setView(fullRange(), true);
    replot();
    emit selectionChanged();
}

QString TimelinePlot::markerLegendName(InstantKind k) {
    switch (k) {
    case InstantKind::IrqRaise: return tr("raise");
    case InstantKind::IrqAck: return tr("ack");
    case InstantKind::PriorityDrop: return tr("EOI");
    case InstantKind::Deactivate: return tr("DIR");
    case InstantKind::Mask: return tr("mask");
    case InstantKind::Unmask: return tr("unmask");
    case InstantKind::SoftirqRaise: return tr("raise softirq");
    case InstantKind::TaskletSchedule: return tr("schedule tasklet");
    case InstantKind::QueueWork: return tr("queue_work");
    case InstantKind::Wakeup: return tr("wake-up");
    case InstantKind::Ipi: return tr("IPI");
    case InstantKind::Warning: return tr("warning");
    case InstantKind::Count: break;
    }
    return {};
}

QString TimelinePlot::depthLabel(std::uint8_t roles) {
    QStringList parts;
    if (roles & kRoleTask) parts << tr("task");
    if (roles & kRoleSoftirq) parts << tr("softirq");
    if (roles & kRoleHardirq) parts << tr("hardirq");
    if (roles & kRoleLineState) parts << tr("state");
    if (roles & kRoleLineMask) parts << tr("mask");
    return parts.join(QLatin1Char('/'));
}

void TimelinePlot::rebuildLanes() {
    laneTicker_->clear();
    depthTicker_->clear();
    const Trace* t = scene_.trace();
    if (!t) {
        scene_.layout = LaneLayout{};
        yAxis->setRange(0, 1);
        return;
    }
    scene_.layout.build(*t, scene_.filter);
    for (const LaneSlot& s : scene_.layout.laneSlots()) {
        const QString pin = s.pinned ? QStringLiteral("\u25B4 ") : QString(); // a small up-pointing triangle
        laneTicker_->addTick((s.rowsTop + s.bottom) / 2, pin + qstr(t->lane(s.lane).name));
        if (s.collapsed) continue;
        for (int d = 0; d < s.depths; ++d)
            if (const QString l = depthLabel(s.roles[static_cast<std::size_t>(d)]); !l.isEmpty())
                depthTicker_->addTick(s.depthTop(d) + s.rowH / 2, l);
    }
    applyRows();
}

std::optional<std::uint32_t> TimelinePlot::laneAtY(double y) const {
    const auto hit = scene_.layout.hitTest(yAxis->pixelToCoord(y));
    if (!hit) return std::nullopt;
    return scene_.layout.laneSlots()[hit->slot].lane;
}

std::vector<std::string> TimelinePlot::shownLaneNames() const {
    std::vector<std::string> out;
    if (const Trace* t = scene_.trace())
        for (const LaneSlot& s : scene_.layout.laneSlots()) out.push_back(t->lane(s.lane).name);
    return out;
}

int TimelinePlot::laneLabelsShown() const {
    return laneTicker_->shownCount();
}
int TimelinePlot::depthLabelsShown() const {
    return depthTicker_->shownCount();
}

void TimelinePlot::rebuildLegend() {
    legend->clearItems();
    legend->setWrap(0);
    for (ContextKind k : Palette::legendKinds())
        legend->addItem(new SwatchLegendItem(legend, scene_.palette.kind(k), Palette::kindName(k)));
    QColor off = scene_.palette.irqsOff();
    off.setAlpha(110);
    legend->addItem(new SwatchLegendItem(legend, off, tr("irqs off"), true));
    // the instant markers this trace has, with their kernel names
    if (const Trace* t = scene_.trace()) {
        std::array<bool, static_cast<std::size_t>(InstantKind::Count)> present{};
        for (std::uint32_t l = 0; l < t->laneCount(); ++l)
            for (const Instant& in : t->instants(l)) present[static_cast<std::size_t>(in.kind)] = true;
        for (std::size_t k = 0; k < present.size(); ++k) {
            if (!present[k]) continue;
            const auto kind = static_cast<InstantKind>(k);
            const bool warning = kind == InstantKind::Warning;
            auto* item = new SwatchLegendItem(legend, warning ? QColor(0xFF, 0xC8, 0x00) : scene_.palette.instant(kind),
                                              markerLegendName(kind));
            item->setMarker(warning);
            legend->addItem(item);
        }
    }
    applyFonts();
    fitLegendTo(width());
}

void TimelinePlot::setLegendMaxRows(int rows) {
    legendMaxRows_ = std::max(1, rows);
    fitLegendTo(width());
}

void TimelinePlot::fitLegendTo(int w, int maxRows) {
    if (maxRows <= 0) maxRows = legendMaxRows_;
    // as many time ticks as labels of this font fit
    const int ticks = std::clamp(static_cast<int>((w - 150) / (baseFontPt_ * 11.0)), 3, 10);
    xAxis->ticker()->setTickCount(ticks);
    const int n = legend->itemCount();
    if (n == 0) return;
    // The most items per row whose columns (each as wide as its widest item)
    // fit in the width: a narrow page (a paper column) gets three or four rows
    // rather than squeezed, clipped names.
    std::vector<int> widths;
    int itemH = 0;
    for (int i = 0; i < n; ++i)
        if (QCPAbstractLegendItem* it = legend->item(i)) {
            widths.push_back(it->minimumOuterSizeHint().width());
            itemH = std::max(itemH, it->minimumOuterSizeHint().height());
        }
    const int items = static_cast<int>(widths.size());
    int wrap = 1;
    for (int k = items; k > 1; --k) {
        std::vector<int> col(static_cast<std::size_t>(k), 0);
        for (int i = 0; i < items; ++i)
            col[static_cast<std::size_t>(i % k)] =
                std::max(col[static_cast<std::size_t>(i % k)], widths[std::size_t(i)]);
        int total = 0;
        for (int c : col) total += c + legend->columnSpacing();
        if (total + 40 <= w) {
            wrap = k;
            break;
        }
    }
    wrap = std::max(wrap, (items + maxRows - 1) / maxRows); // a small window keeps its lanes
    if (legend->wrap() != wrap) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    // Reserve the legend's full height: left to the layout, the second row of
    // a wrapped legend lost its descenders at the bottom edge.
    const int rows = (items + wrap - 1) / wrap;
    const int h = rows * itemH + (rows - 1) * legend->rowSpacing() + legend->margins().top() +
                  legend->margins().bottom() + QFontMetrics(legend->font()).descent();
    if (auto* row = plotLayout()->element(plotLayout()->rowCount() - 1, 0)) row->setMinimumSize(0, h);
}

bool TimelinePlot::exportImage(const QString& path, QSize size, QString* error) {
    return exportImage(path, screenPage(size), error);
}

bool TimelinePlot::exportImage(const QString& path, const ExportPage& page, QString* error) {
    fitLegendTo(page.size.width(), 6); // a figure: every name whole
    const bool ok = exportPlot(this, path, page, error, title_->text());
    fitLegendTo(width());
    return ok;
}

void TimelinePlot::applyFonts() {
    QFont f = font();
    f.setPointSizeF(baseFontPt_);
    QFont bold = f;
    bold.setBold(true);
    xAxis->setTickLabelFont(f);
    xAxis->setLabelFont(f);
    yAxis->setTickLabelFont(bold);
    QFont small = f;
    small.setPointSizeF(std::max(6.5, baseFontPt_ * 0.8));
    yAxis2->setTickLabelFont(small);
    legend->setFont(f);
    // (a wrapped legend grid can hold empty cells: item() is null there)
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* it = legend->item(i)) it->setFont(f);
    legend->setIconSize(int(baseFontPt_ * 1.8), int(baseFontPt_ * 1.3));
    QFont tf = bold;
    tf.setPointSizeF(baseFontPt_ > 12 ? baseFontPt_ : baseFontPt_ * 1.25);
    title_->setFont(tf);
    QFont seg = f;
    seg.setPointSizeF(std::max(7.0, baseFontPt_ * 0.9));
    scene_.font = seg;
    const double w = scene_.palette.lineWidth();
    xAxis->setBasePen(QPen(Qt::black, w));
    xAxis->setTickPen(QPen(Qt::black, w));
    xAxis->setSubTickPen(QPen(Qt::black, std::max(1.0, w / 2)));
}

void TimelinePlot::setTheme(Palette::Theme theme) {
    scene_.palette = Palette(theme);
    rebuildLegend();
    replot();
}

void TimelinePlot::setFigure(bool on) {
    scene_.figure = on;
}

void TimelinePlot::setBaseFontSize(double pt) {
    baseFontPt_ = pt;
    applyFonts();
    fitLegendTo(width());
    replot();
}

void TimelinePlot::setLaneFilter(const LaneFilter& f) {
    if (f == scene_.filter) return;
    scene_.filter = f;
    rebuildLanes();
    replot();
    emit laneFilterChanged();
}

std::optional<TimelineItem> TimelinePlot::itemAt(const QPointF& pos) const {
    const Trace* t = scene_.trace();
    if (!t) return std::nullopt;
    const LaneRenderContext c = lanes_->context();
    if (!c.clip.contains(pos)) return std::nullopt;
    const auto hit = scene_.layout.hitTest(c.rows.toRow(pos.y()));
    if (!hit) return std::nullopt;
    const std::uint32_t lane = scene_.layout.laneSlots()[hit->slot].lane;
    const double tm = c.time.toTime(pos.x());
    const double tol = 4 * c.time.nsPerPixel();
    const Time a = static_cast<Time>(std::floor(tm - tol)), b = static_cast<Time>(std::ceil(tm + tol)) + 1;
    TimelineItem item;
    item.lane = lane;
    if (hit->depth < 0) {
        const auto [i, j] = t->instantRange(lane, a, b);
        if (i >= j) return std::nullopt;
        const auto all = t->instants(lane);
        std::size_t best = i;
        for (std::size_t k = i; k < std::min(j, i + 64); ++k)
            if (std::abs(double(all[k].t) - tm) < std::abs(double(all[best].t) - tm)) best = k;
        item.type = TimelineItem::Type::Instant;
        item.instant = all[best];
        return item;
    }
    if (auto s = t->segmentAt(lane, hit->depth, static_cast<Time>(tm)); s && s->kind != ContextKind::Idle) {
        item.segment = *s;
        return item;
    }
    // Narrower than a pixel or two: the nearest segment within a few pixels.
    const auto [i, j] = t->segmentRange(lane, hit->depth, a, b);
    std::optional<Segment> best;
    double bestDist = 0;
    for (std::size_t k = i; k < std::min(j, i + 64); ++k) {
        const Segment s = t->segment(lane, hit->depth, k);
        if (s.kind == ContextKind::Idle) continue;
        const double d = tm < double(s.start) ? double(s.start) - tm : tm > double(s.end) ? tm - double(s.end) : 0;
        if (!best || d < bestDist) best = s, bestDist = d;
    }
    if (!best) {
        if (auto s = t->segmentAt(lane, hit->depth, static_cast<Time>(tm))) best = *s; // idle
        else return std::nullopt;
    }
    item.segment = *best;
    return item;
}

std::optional<QPointF> TimelinePlot::pixelOf(std::uint32_t lane, int depth, Time t) const {
    const LaneRenderContext c = lanes_->context();
    const auto y = LaneRenderer::depthCenterY(c, lane, depth);
    if (!y) return std::nullopt;
    return QPointF(c.time.toPixel(double(t)), *y);
}

} // namespace irqscope::app
