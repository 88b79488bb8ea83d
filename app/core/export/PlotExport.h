// Writing any QCustomPlot (timeline, latency, CPU time) to PNG, SVG or PDF at a
// chosen size, atomically, and copying it to the clipboard.
#pragma once

#include <QImage>
#include <QSize>
#include <QSizeF>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

class QCustomPlot;
class QPainter;

namespace irqscope::app {

enum class ImageFormat { Png, Svg, Pdf };
std::optional<ImageFormat> imageFormatFor(const QString& path);

// The dpi fonts are measured at when a plot lays itself out (the primary
// screen's logical dpi; QFontMetrics without a device uses it).
double layoutDpi();

// Where a figure's pixels go. The plot is laid out at `size` pixels of
// `layoutDpi`; an SVG or a PDF is then size / layoutDpi inches (so a 9 pt font
// is 9 pt on paper, as on the screen), and a PNG has rasterDpi / layoutDpi as
// many pixels each way, with rasterDpi written into the file.
struct ExportPage {
    QSize size;
    double layoutDpi = 96;
    double rasterDpi = 96;
    double rasterScale() const { return rasterDpi / layoutDpi; }
    QSizeF millimetres() const { return QSizeF(size) * (25.4 / layoutDpi); }
    QSize rasterSize() const;
};
// `size` screen pixels; a PNG of exactly that many pixels.
ExportPage screenPage(QSize size);
// A physical size: laid out at the screen's dpi, a PNG at `rasterDpi`.
ExportPage physicalPage(QSizeF millimetres, double rasterDpi);

// Paints a figure of `layout` pixels into `path` (format by suffix), atomically.
using PaintFigure = std::function<void(QPainter& painter, QSize layout)>;
bool writeFigure(const QString& path, const ExportPage& page, const QString& title, const PaintFigure& paint,
                 QString* error);

QImage renderPlotImage(QCustomPlot* plot, QSize size);
bool exportPlot(QCustomPlot* plot, const QString& path, QSize size, QString* error);
// `title`: the SVG's and the PDF's title (empty: the file's name).
bool exportPlot(QCustomPlot* plot, const QString& path, const ExportPage& page, QString* error,
                const QString& title = QString());
// Several plots stacked top to bottom, sharing the height equally.
bool exportStacked(const std::vector<QCustomPlot*>& plots, const QString& path, QSize size, QString* error);
void copyPlotToClipboard(QCustomPlot* plot, QSize size);

} // namespace irqscope::app
