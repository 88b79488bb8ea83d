#include "core/timeline_image.h"

#include "core/export/PlotExport.h"
#include "core/timeline/Hatch.h"
#include "core/timeline/LaneRenderer.h"
#include "core/timeline/TimeAxisTicker.h"
#include "core/timeline/TimelinePlot.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace irqscope::app {

namespace {

bool presentationLook(const TimelineImageOptions& opt) {
    return opt.preset == FigurePreset::Slide || (opt.preset == FigurePreset::Custom && opt.presentation);
}
double baseFontPt(const TimelineImageOptions& opt) {
    if (opt.preset != FigurePreset::Custom) return figurePage(opt.preset).fontPt;
    return opt.presentation ? 16 : 9; // as the window's timeline
}

// The widget-free composition: title, lane labels, lanes, time axis, legend.
void compose(QPainter& p, QSize size, const Trace& t, const TimelineImageOptions& opt, const TimeRange& range) {
    const Palette palette(presentationLook(opt) ? Palette::Theme::Presentation : Palette::Theme::Standard);
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(baseFontPt(opt));
    QFont bold = font;
    bold.setBold(true);
    QFont titleFont = bold;
    titleFont.setPointSizeF(font.pointSizeF() * 1.25);
    const QFontMetricsF fm(font), fmb(bold), fmt(titleFont);

    LaneLayout layout;
    layout.build(t, opt.lanes);
    double labelW = 40;
    for (const LaneSlot& s : layout.laneSlots())
        labelW = std::max(labelW, fmb.horizontalAdvance(qstr(t.lane(s.lane).name)));

    const double titleH = opt.title.isEmpty() ? 8 : fmt.height() + 12;
    const double legendH = fm.height() + 14;
    const double axisH = fm.height() * 2 + 14;
    const QRectF plot(labelW + 20, titleH, size.width() - labelW - 36, size.height() - titleH - axisH - legendH);

    p.setPen(palette.text());
    if (!opt.title.isEmpty()) {
        p.setFont(titleFont);
        p.drawText(QRectF(0, 4, size.width(), titleH - 4), Qt::AlignCenter, opt.title);
    }

    LaneRenderContext c;
    c.trace = &t;
    c.layout = &layout;
    c.palette = palette;
    c.font = font;
    c.clip = plot;
    c.time.range = range;
    c.time.x0 = plot.left();
    c.time.width = plot.width();
    c.rows.y0 = plot.top();
    c.rows.rowPx = plot.height() / std::max(1.0, layout.totalRows());

    // grid and ticks (the GUI's TimeAxisTicker rules)
    const double step = TimeAxisTicker::niceStep(range.span(), 8);
    const double magnitude = std::max(std::abs(range.t0), std::abs(range.t1));
    p.setFont(font);
    for (double tick = std::ceil(range.t0 / step) * step; tick <= range.t1 + step * 1e-9; tick += step) {
        const double x = c.time.toPixel(tick);
        p.setPen(QPen(QColor(0, 0, 0, 35), 1, Qt::DotLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(QPen(Qt::black, palette.lineWidth()));
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 5));
        p.drawText(QRectF(x - 60, plot.bottom() + 6, 120, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   TimeAxisTicker::label(tick, step, magnitude));
    }
    p.setPen(QPen(Qt::black, palette.lineWidth()));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 8, plot.width(), fm.height()), Qt::AlignCenter,
               QCoreApplication::translate("TimelinePlot", "time"));

    LaneRenderer::drawLanes(p, c);

    p.setFont(bold);
    p.setPen(palette.text());
    for (const LaneSlot& s : layout.laneSlots())
        p.drawText(QRectF(4, c.rows.toY(s.rowsTop), labelW + 10, c.rows.toY(s.bottom) - c.rows.toY(s.rowsTop)),
                   Qt::AlignRight | Qt::AlignVCenter, qstr(t.lane(s.lane).name));

    // legend
    p.setFont(font);
    const double sw = fm.height() * 1.3, sh = fm.height() * 0.8;
    std::vector<std::pair<QColor, QString>> items;
    for (ContextKind k : Palette::legendKinds()) items.emplace_back(palette.kind(k), Palette::kindName(k));
    QColor off = palette.irqsOff();
    off.setAlpha(110);
    items.emplace_back(off, QCoreApplication::translate("TimelinePlot", "irqs off"));
    double total = 0;
    for (const auto& [col, name] : items) total += sw + 6 + fm.horizontalAdvance(name) + 18;
    double x = std::max(8.0, (size.width() - total) / 2);
    const double y = size.height() - legendH + 4;
    for (const auto& [col, name] : items) {
        const QRectF sq(x, y + (fm.height() - sh) / 2, sw, sh);
        p.fillRect(sq, col);
        if (&col == &items.back().first) { // irqs off
            Hatch hatch(QColor(0, 0, 0, 90), 4);
            hatch.add(p, sq);
            hatch.finish(p);
        }
        p.setPen(QPen(col.darker(160), 1));
        p.drawRect(sq);
        p.setPen(palette.text());
        p.drawText(QPointF(x + sw + 6, y + fm.ascent()), name);
        x += sw + 6 + fm.horizontalAdvance(name) + 18;
    }
}

bool composeToFile(const Trace& t, const TimelineImageOptions& opt, const TimeRange& range, const QString& path,
                   QString* error) {
    return writeFigure(
        path, figureExportPage(opt.preset, opt.size), opt.title,
        [&](QPainter& p, QSize layout) { compose(p, layout, t, opt, range); }, error);
}

} // namespace

bool saveTimelineImage(const Trace& trace, const Metrics&, const TimelineImageOptions& opt, const QString& path,
                       QString* error) {
    if (!imageFormatFor(path)) {
        if (error)
            *error = QCoreApplication::translate("PlotExport", "unsupported image type '%1' (use .png, .svg or .pdf)")
                         .arg(QFileInfo(path).suffix());
        return false;
    }
    TimeRange range{double(trace.startTime()), double(std::max(trace.endTime(), trace.startTime() + 1))};
    if (opt.t1 > opt.t0) range = {double(opt.t0), double(opt.t1)};

    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        return composeToFile(trace, opt, range, path, error);

    const ExportPage page = figureExportPage(opt.preset, opt.size);
    TimelinePlot plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.resize(page.size);
    if (presentationLook(opt)) plot.setTheme(Palette::Theme::Presentation);
    plot.setBaseFontSize(baseFontPt(opt));
    plot.setFigure(true);
    plot.setTrace(&trace, opt.title);
    plot.setLaneFilter(opt.lanes);
    plot.setView(range, false);
    if (opt.selection) plot.selectItem(opt.selection);
    plot.setHighlights(opt.highlights);
    plot.setCursorTime(opt.cursor);
    plot.setCursorB(opt.cursorB);
    return plot.exportImage(path, page, error);
}

TimelineImageOptions timelineFigureOptions(const TimelinePlot& shown, const FigureChoices& choices, bool presentation) {
    TimelineImageOptions opt;
    opt.title = choices.title;
    opt.size = choices.size;
    opt.preset = choices.preset;
    opt.presentation = presentation;
    if (!choices.wholeRun) {
        const TimeRange v = shown.view();
        opt.t0 = static_cast<Time>(std::floor(v.t0));
        opt.t1 = static_cast<Time>(std::ceil(v.t1));
    }
    if (choices.activeLanesOnly) {
        opt.lanes = shown.laneFilter();
    } else {
        // every lane of the kinds shown, none hidden, none folded
        const LaneFilter& f = shown.laneFilter();
        opt.lanes.cpus = f.cpus;
        opt.lanes.irqLines = f.irqLines;
        opt.lanes.tasks = f.tasks;
        opt.lanes.hideIdleCpus = false;
    }
    if (choices.overlays) {
        opt.selection = shown.selection();
        opt.highlights = shown.highlights();
        opt.cursor = shown.cursorTime();
        opt.cursorB = shown.cursorB();
    }
    return opt;
}

} // namespace irqscope::app
