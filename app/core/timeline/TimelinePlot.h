// The timeline: one lane per CPU (and per IRQ line / task when the trace has
// them), nested contexts stacked, a legend, a time axis in ns/µs/ms/s, instant
// markers and the selected item's cause -> effect arrows.
//
// Navigation follows Perfetto: wheel zooms at the cursor (Shift+wheel pans),
// drag pans, W/S zoom and A/D pan, Shift+drag or right-drag box-zooms,
// double-click zooms to an item; every settled view goes to a back/forward
// history.
//
// Rows never get thinner than minRowPx() (a lane's name fits beside it): when
// the lanes shown do not fit the height, the timeline scrolls vertically
// (scroll bar, Ctrl+wheel or the wheel over the lane names, Up/Down), and only
// the lanes in view are painted. An export draws every lane shown.
#pragma once

#include "core/export/PlotExport.h"
#include "core/timeline/TimelineScene.h"
#include "core/timeline/ViewHistory.h"

#include <qcustomplot.h>

#include <QTimer>

class QRubberBand;
class QScrollBar;

namespace irqscope::app {

class TimelinePlottable;
class SwatchLegendItem;
class LaneTicker;

class TimelinePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit TimelinePlot(QWidget* parent = nullptr);

    void setRun(RunPtr run, const QString& title);
    // Show a trace owned elsewhere that outlives the plot (offscreen export).
    void setTrace(const Trace* trace, const QString& title);
    const RunPtr& run() const { return scene_.run; }
    const TimelineScene& scene() const { return scene_; }
    void setTitle(const QString& title);
    void setTitleVisible(bool on);

    TimeRange view() const;
    TimeRange fullRange() const;
    // Clamped to the trace; `record` puts it in the back/forward history.
    void setView(const TimeRange& r, bool record = true);
    const ViewHistory& history() const { return history_; }

    void setLaneFilter(const LaneFilter& f);
    LaneFilter laneFilter() const { return scene_.filter; }
    // The lane drawn at pixel row y (labels included), if any.
    std::optional<std::uint32_t> laneAtY(double y) const;
    // Names of the lanes on screen, top to bottom.
    std::vector<std::string> shownLaneNames() const;
    // Lane and depth-row labels shown after the last replot (tests: no overprinting).
    int laneLabelsShown() const;
    int depthLabelsShown() const;
    void setTheme(Palette::Theme theme);
    void setBaseFontSize(double pt);
    // A figure for a paper or a slide (an offscreen export): no hints that
    // name the window's menus.
    void setFigure(bool on);

    // Export what is shown to PNG/SVG/PDF at `size`, legend laid out for that width.
    bool exportImage(const QString& path, QSize size, QString* error);
    bool exportImage(const QString& path, const ExportPage& page, QString* error);
    // As few legend rows as fit their names whole in `width` pixels, at most
    // `maxRows` (0: the plot's own limit, setLegendMaxRows()).
    void fitLegendTo(int width, int maxRows = 0);
    // On screen the legend takes as many rows as keep every name whole (at
    // most six, a phone-narrow window); a small plot of the compare view keeps
    // its lanes with two, where names may be cut.
    void setLegendMaxRows(int rows);

    std::optional<TimelineItem> itemAt(const QPointF& pos) const;
    const std::optional<TimelineItem>& selection() const { return scene_.selection; }
    void selectItem(const std::optional<TimelineItem>& item);
    // Segments to point at (a lesson step): outlined like the selection, with a
    // marker above. A new trace clears them.
    void setHighlights(std::vector<SegmentRef> items);
    const std::vector<SegmentRef>& highlights() const { return scene_.highlights; }
    // Pixel centre of the given depth row of a lane at time t (nullopt: hidden).
    std::optional<QPointF> pixelOf(std::uint32_t lane, int depth, Time t) const;
    // The player's time cursor (nullopt: none drawn).
    void setCursorTime(std::optional<Time> t);
    std::optional<Time> cursorTime() const;
    // The second cursor (Ctrl+click; Esc clears it) and the time from the first to it.
    void setCursorB(std::optional<Time> t);
    std::optional<Time> cursorB() const;
    std::optional<Time> cursorDelta() const;
    // Vertical scrolling, in rows (LaneLayout units); one step (wheel notch,
    // Up/Down) is about one CPU lane.
    static constexpr double kScrollStepRows = 4.25;
    double minRowPx() const;
    bool scrollable() const { return scrollable_; }
    QCPRange rowsInView() const { return yAxis->range(); }
    void scrollRowsBy(double rows);
    void scrollToRow(double row);
    // Scrolls (if needed) so that the whole lane is in view.
    void ensureLaneVisible(std::uint32_t lane);
    // W/S/A/D reach the timeline whenever the pointer is over it, whichever
    // widget has the keyboard focus (unless one that takes text).
    bool hovered() const { return hovered_; }

public slots:
    void zoomIn();
    void zoomOut();
    void panLeft();
    void panRight();
    void fitAll();
    void zoomToSelection();
    void back();
    void forward();
    // Centre on t (keeping the zoom unless it is wider than `span`) and select
    // what ran on that CPU then.
    void jumpTo(irqscope::Time t, int cpu);

signals:
    void viewChanged(const irqscope::app::TimeRange& range);
    void selectionChanged();
    void historyChanged();
    // A plain click (no drag) at time t inside the plot area: the player puts its cursor there.
    void timeClicked(irqscope::Time t);
    void laneFilterChanged();
    // A right-click (no drag) on a lane or its label: the lane menu.
    void laneMenuRequested(std::uint32_t lane, const QPoint& globalPos);

protected:
    void changeEvent(QEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void enterEvent(QEnterEvent* e) override;
    void leaveEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;
    // Every layout (screen or export) fits the rows to the height first.
    void updateLayout() override;
    // An export (toPainter, toPixmap): every lane shown, not the scrolled window.
    void draw(QCPPainter* painter) override;

private:
    enum class Drag { None, Pan, Box };
    void rebuildLanes();
    static QString depthLabel(std::uint8_t roles);
    static QString markerLegendName(InstantKind k);
    void rebuildLegend();
    void applyFonts();
    void zoomBy(double factor, std::optional<double> anchorX);
    double anchorOrCentre(std::optional<double> x) const;
    void recordSoon();
    // Sets the vertical range (and the scroll bar) for the axis rect's height;
    // true when the range or the reserved margin changed (lay out again).
    bool applyRows();

    TimelineScene scene_;
    TimelinePlottable* lanes_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QSharedPointer<LaneTicker> laneTicker_;
    QSharedPointer<LaneTicker> depthTicker_;
    ViewHistory history_;
    QTimer recordTimer_;
    QRubberBand* band_ = nullptr;
    Drag drag_ = Drag::None;
    QPointF pressPos_;
    TimeRange pressView_;
    bool moved_ = false;
    double baseFontPt_ = 9;
    int legendMaxRows_ = 6;
    bool hovered_ = false;
    double scrollRow_ = 0; // first row in view
    bool allRows_ = false; // during an export
    bool scrollable_ = false;
    QScrollBar* vbar_ = nullptr;
};

} // namespace irqscope::app
