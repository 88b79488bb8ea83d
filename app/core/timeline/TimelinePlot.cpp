#include "core/timeline/TimelinePlot.h"

#include "core/export/PlotExport.h"
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

namespace {
constexpr double kMinSpanNs = 20;
constexpr double kPanFraction = 0.2;
constexpr double kKeyZoom = 0.7;

// The run title, elided on the right to the plot's width: a long scenario
// title must not widen the layout (QCPTextElement asks for its full text
// width) and end up centred and cut at both edges. text() stays the full title.
class ElidedTitle : public QCPTextElement {
public:
    using QCPTextElement::QCPTextElement;
    bool isElided() const { return elided_; }

protected:
    QSize minimumOuterSizeHint() const override {
        QSize s = QCPTextElement::minimumOuterSizeHint();
        s.setWidth(mMargins.left() + mMargins.right());
        return s;
    }
    void draw(QCPPainter* painter) override {
        painter->setFont(mainFont());
        painter->setPen(QPen(mainTextColor()));
        const QString shown = painter->fontMetrics().elidedText(mText, Qt::ElideRight, mRect.width());
        elided_ = shown != mText;
        painter->drawText(mRect, mTextFlags, shown, &mTextBoundingRect);
    }

private:
    bool elided_ = false;
};
} // namespace

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

void TimelinePlot::enterEvent(QEnterEvent* e) {
    hovered_ = true;
    QCustomPlot::enterEvent(e);
}

void TimelinePlot::leaveEvent(QEvent* e) {
    hovered_ = false;
    QCustomPlot::leaveEvent(e);
}

bool TimelinePlot::eventFilter(QObject* watched, QEvent* e) {
    if (e->type() != QEvent::KeyPress || !hovered_ || !isVisible() || watched == this) return false;
    auto* k = static_cast<QKeyEvent*>(e);
    if (k->modifiers() & ~Qt::KeypadModifier) return false;
    if (k->key() != Qt::Key_W && k->key() != Qt::Key_S && k->key() != Qt::Key_A && k->key() != Qt::Key_D) return false;
    QWidget* focus = QApplication::focusWidget();
    if (focus == this) return false; // delivered to us anyway
    if (qobject_cast<QLineEdit*>(focus) || qobject_cast<QAbstractSpinBox*>(focus) || qobject_cast<QTextEdit*>(focus) ||
        qobject_cast<QPlainTextEdit*>(focus) ||
        (qobject_cast<QComboBox*>(focus) && static_cast<QComboBox*>(focus)->isEditable()))
        return false;                   // typing
    if (watched != focus) return false; // once, at the focus widget
    keyPressEvent(k);
    return k->isAccepted();
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
    yAxis->setRange(0, std::max(1.0, scene_.layout.totalRows()));
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

void TimelinePlot::fitLegendTo(int w) {
    // as many time ticks as labels of this font fit
    const int ticks = std::clamp(static_cast<int>((w - 150) / (baseFontPt_ * 11.0)), 3, 10);
    xAxis->ticker()->setTickCount(ticks);
    const int n = legend->itemCount();
    if (n == 0) return;
    int total = 0;
    int itemH = 0;
    for (int i = 0; i < n; ++i)
        if (QCPAbstractLegendItem* it = legend->item(i)) {
            total += it->minimumOuterSizeHint().width() + legend->columnSpacing();
            itemH = std::max(itemH, it->minimumOuterSizeHint().height());
        }
    const int wrap = total + 40 <= w ? n : (n + 1) / 2;
    if (legend->wrap() != wrap) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    // Reserve the legend's full height: left to the layout, the second row of
    // a wrapped legend lost its descenders at the bottom edge.
    const int rows = (n + wrap - 1) / wrap;
    const int h = rows * itemH + (rows - 1) * legend->rowSpacing() + legend->margins().top() +
                  legend->margins().bottom() + QFontMetrics(legend->font()).descent();
    if (auto* row = plotLayout()->element(plotLayout()->rowCount() - 1, 0)) row->setMinimumSize(0, h);
}

bool TimelinePlot::exportImage(const QString& path, QSize size, QString* error) {
    fitLegendTo(size.width());
    const bool ok = exportPlot(this, path, size, error);
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

void TimelinePlot::setBaseFontSize(int pt) {
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

TimeRange TimelinePlot::view() const {
    return {xAxis->range().lower, xAxis->range().upper};
}

TimeRange TimelinePlot::fullRange() const {
    const Trace* t = scene_.trace();
    if (!t || t->endTime() <= t->startTime()) return {0, 1};
    return {double(t->startTime()), double(t->endTime())};
}

void TimelinePlot::setView(const TimeRange& r, bool record) {
    const TimeRange full = fullRange();
    const TimeRange c = r.clamped(full.t0, full.t1, std::min(kMinSpanNs, full.span()));
    xAxis->setRange(c.t0, c.t1);
    replot(QCustomPlot::rpQueuedReplot);
    if (record) {
        recordTimer_.stop();
        history_.push(c);
        emit historyChanged();
    }
}

void TimelinePlot::recordSoon() {
    recordTimer_.start();
}

double TimelinePlot::anchorOrCentre(std::optional<double> x) const {
    const TimeRange v = view();
    if (x && *x >= axisRect()->left() && *x <= axisRect()->right()) return xAxis->pixelToCoord(*x);
    return (v.t0 + v.t1) / 2;
}

void TimelinePlot::zoomBy(double factor, std::optional<double> anchorX) {
    setView(view().zoomedAt(anchorOrCentre(anchorX), factor), false);
    recordSoon();
}

void TimelinePlot::zoomIn() {
    zoomBy(kKeyZoom, std::nullopt);
}
void TimelinePlot::zoomOut() {
    zoomBy(1 / kKeyZoom, std::nullopt);
}
void TimelinePlot::panLeft() {
    setView(view().panned(-view().span() * kPanFraction), false);
    recordSoon();
}
void TimelinePlot::panRight() {
    setView(view().panned(view().span() * kPanFraction), false);
    recordSoon();
}
void TimelinePlot::fitAll() {
    setView(fullRange(), true);
}

void TimelinePlot::zoomToSelection() {
    if (!scene_.selection) return;
    const TimelineItem& it = *scene_.selection;
    double a = double(it.time()), b = a;
    if (it.type == TimelineItem::Type::Segment) b = double(it.segment.end);
    for (const Flow& f : scene_.flows) {
        a = std::min({a, double(f.srcTime), double(f.dstTime)});
        b = std::max({b, double(f.srcTime), double(f.dstTime)});
    }
    const double span = std::max(b - a, 2000.0);
    setView({a - span * 0.15, a + span * 1.15 - (span - (b - a))}, true);
}

void TimelinePlot::back() {
    recordTimer_.stop();
    if (auto r = history_.back()) setView(*r, false);
    emit historyChanged();
}

void TimelinePlot::forward() {
    if (auto r = history_.forward()) setView(*r, false);
    emit historyChanged();
}

void TimelinePlot::jumpTo(Time t, int cpu) {
    const Trace* tr = scene_.trace();
    if (!tr) return;
    const double span = std::min(view().span(), std::max(fullRange().span() / 50, 20000.0));
    setView({double(t) - span / 2, double(t) + span / 2}, true);
    for (std::uint32_t l = 0; l < tr->laneCount(); ++l) {
        if (tr->lane(l).type != LaneType::Cpu || tr->lane(l).cpu != cpu) continue;
        if (auto s = tr->topSegmentAt(l, t)) {
            TimelineItem it;
            it.lane = l;
            it.segment = *s;
            selectItem(it);
        }
        break;
    }
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

void TimelinePlot::setCursorTime(std::optional<Time> t) {
    if (lanes_->cursor() == t) return;
    lanes_->setCursor(t);
    replot(QCustomPlot::rpQueuedReplot);
}

std::optional<Time> TimelinePlot::cursorTime() const {
    return lanes_->cursor();
}

void TimelinePlot::setCursorB(std::optional<Time> t) {
    lanes_->setCursorB(t);
    replot(QCustomPlot::rpQueuedReplot);
}

std::optional<Time> TimelinePlot::cursorB() const {
    return lanes_->cursorB();
}

std::optional<Time> TimelinePlot::cursorDelta() const {
    if (!lanes_->cursor() || !lanes_->cursorB()) return std::nullopt;
    const Time a = *lanes_->cursor(), b = *lanes_->cursorB();
    return b > a ? b - a : a - b;
}

void TimelinePlot::selectItem(const std::optional<TimelineItem>& item) {
    scene_.selection = item;
    scene_.flows.clear();
    if (item && item->type == TimelineItem::Type::Segment && scene_.trace()) {
        const CausalChain chain = causalChain(*scene_.trace(), item->ref());
        scene_.flows = chain.causes;
        scene_.flows.insert(scene_.flows.end(), chain.effects.begin(), chain.effects.end());
    }
    replot(QCustomPlot::rpQueuedReplot);
    emit selectionChanged();
}

void TimelinePlot::setHighlights(std::vector<SegmentRef> items) {
    scene_.highlights = std::move(items);
    replot(QCustomPlot::rpQueuedReplot);
}

void TimelinePlot::wheelEvent(QWheelEvent* e) {
    const QPoint d = e->angleDelta();
    if (e->modifiers() & Qt::ShiftModifier || std::abs(d.x()) > std::abs(d.y())) {
        const int steps = std::abs(d.x()) > std::abs(d.y()) ? d.x() : d.y();
        setView(view().panned(-view().span() * 0.1 * steps / 120.0), false);
    } else {
        setView(view().zoomedAt(anchorOrCentre(e->position().x()), std::pow(0.8, d.y() / 120.0)), false);
    }
    recordSoon();
    e->accept();
}

void TimelinePlot::mousePressEvent(QMouseEvent* e) {
    setFocus(Qt::MouseFocusReason);
    QToolTip::hideText();
    pressPos_ = e->position();
    pressView_ = view();
    moved_ = false;
    if (e->button() == Qt::RightButton || (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ShiftModifier)))
        drag_ = Drag::Box;
    else if (e->button() == Qt::LeftButton) drag_ = Drag::Pan;
    e->accept();
}

void TimelinePlot::mouseMoveEvent(QMouseEvent* e) {
    hovered_ = true;
    const QPointF pos = e->position();
    if (drag_ == Drag::None) {
        if (auto item = itemAt(pos); item && scene_.trace())
            QToolTip::showText(e->globalPosition().toPoint(), ItemText::tooltipHtml(*scene_.trace(), *item), this);
        else if (title_->visible() && title_->rect().contains(pos.toPoint()) &&
                 static_cast<ElidedTitle*>(title_)->isElided())
            QToolTip::showText(e->globalPosition().toPoint(), title_->text(), this); // the full title
        else QToolTip::hideText();
        return;
    }
    if ((pos - pressPos_).manhattanLength() > 3) moved_ = true;
    if (!moved_) return;
    if (drag_ == Drag::Pan) {
        const double nsPerPx = pressView_.span() / std::max(1, axisRect()->width());
        setView(pressView_.panned(-(pos.x() - pressPos_.x()) * nsPerPx), false);
    } else {
        if (!band_) band_ = new QRubberBand(QRubberBand::Rectangle, this);
        const int x0 = std::clamp(int(std::min(pos.x(), pressPos_.x())), axisRect()->left(), axisRect()->right());
        const int x1 = std::clamp(int(std::max(pos.x(), pressPos_.x())), axisRect()->left(), axisRect()->right());
        band_->setGeometry(QRect(QPoint(x0, axisRect()->top()), QPoint(x1, axisRect()->bottom())));
        band_->show();
    }
}

void TimelinePlot::mouseReleaseEvent(QMouseEvent* e) {
    const Drag d = drag_;
    drag_ = Drag::None;
    if (band_) band_->hide();
    if (!moved_) {
        if (d == Drag::Box && e->button() == Qt::RightButton) {
            if (const auto lane = laneAtY(e->position().y()))
                emit laneMenuRequested(*lane, e->globalPosition().toPoint());
            return;
        }
        if (d == Drag::Pan && (e->modifiers() & Qt::ControlModifier)) {
            if (axisRect()->rect().contains(e->position().toPoint()))
                setCursorB(static_cast<Time>(std::llround(xAxis->pixelToCoord(e->position().x()))));
            return;
        }
        if (d == Drag::Pan) {
            selectItem(itemAt(e->position()));
            if (axisRect()->rect().contains(e->position().toPoint()))
                emit timeClicked(static_cast<Time>(std::llround(xAxis->pixelToCoord(e->position().x()))));
        }
        return;
    }
    if (d == Drag::Pan) {
        setView(view(), true);
    } else if (d == Drag::Box) {
        const double a = xAxis->pixelToCoord(std::min(e->position().x(), pressPos_.x()));
        const double b = xAxis->pixelToCoord(std::max(e->position().x(), pressPos_.x()));
        if (b > a) setView({a, b}, true);
    }
}

void TimelinePlot::mouseDoubleClickEvent(QMouseEvent* e) {
    if (auto item = itemAt(e->position())) {
        selectItem(item);
        zoomToSelection();
    }
}

void TimelinePlot::keyPressEvent(QKeyEvent* e) {
    const QPointF mouse = mapFromGlobal(QCursor::pos());
    const std::optional<double> anchor =
        rect().contains(mouse.toPoint()) ? std::optional<double>(mouse.x()) : std::nullopt;
    switch (e->key()) {
    case Qt::Key_W:
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(kKeyZoom, anchor); break;
    case Qt::Key_S:
    case Qt::Key_Minus: zoomBy(1 / kKeyZoom, anchor); break;
    case Qt::Key_A: panLeft(); break;
    case Qt::Key_D: panRight(); break;
    case Qt::Key_Left:
        if (e->modifiers() & Qt::AltModifier) back();
        else panLeft();
        break;
    case Qt::Key_Right:
        if (e->modifiers() & Qt::AltModifier) forward();
        else panRight();
        break;
    case Qt::Key_Home:
    case Qt::Key_0: fitAll(); break;
    case Qt::Key_F: zoomToSelection(); break;
    case Qt::Key_Backspace: back(); break;
    case Qt::Key_Escape:
        selectItem(std::nullopt);
        setCursorB(std::nullopt);
        break;
    default: QCustomPlot::keyPressEvent(e); return;
    }
    e->accept();
}

void TimelinePlot::resizeEvent(QResizeEvent* e) {
    fitLegendTo(width());
    QCustomPlot::resizeEvent(e);
}

} // namespace irqscope::app
