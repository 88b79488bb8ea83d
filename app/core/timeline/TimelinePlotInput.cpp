// The timeline's navigation and input: the visible range (zoom, pan, history,
// jump), the two cursors and the selection, and the mouse, wheel and keys
// (W/S/A/D whenever the pointer is over the plot). Drawing and lanes are in
// TimelinePlot.cpp.
#include "core/timeline/TimelinePlot.h"

#include "core/timeline/ElidedTitle.h"

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
constexpr double kMinSpanNs = 20;    // the narrowest view
constexpr double kPanFraction = 0.2; // of the view, per A/D or arrow key
constexpr double kKeyZoom = 0.7;     // span factor per W/S
} // namespace

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
    if (item) ensureLaneVisible(item->lane);
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
    if (!scene_.highlights.empty()) ensureLaneVisible(scene_.highlights.front().lane);
    replot(QCustomPlot::rpQueuedReplot);
}

void TimelinePlot::wheelEvent(QWheelEvent* e) {
    const QPoint d = e->angleDelta();
    // Ctrl+wheel, or the wheel over the lane names (left or right of the
    // lanes): scroll the lanes when they do not all fit.
    const double x = e->position().x();
    const bool overNames = x < axisRect()->left() || x > axisRect()->right();
    if (scrollable_ && std::abs(d.y()) >= std::abs(d.x()) && ((e->modifiers() & Qt::ControlModifier) || overNames)) {
        scrollRowsBy(-d.y() / 120.0 * kScrollStepRows);
        e->accept();
        return;
    }
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
    case Qt::Key_Up:
    case Qt::Key_Down:
        if (!scrollable_) {
            QCustomPlot::keyPressEvent(e);
            return;
        }
        scrollRowsBy(e->key() == Qt::Key_Up ? -kScrollStepRows : kScrollStepRows);
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
