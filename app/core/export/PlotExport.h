// Writing any QCustomPlot (timeline, latency, CPU time) to PNG, SVG or PDF at a
// chosen size, atomically, and copying it to the clipboard.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>

#include <optional>
#include <vector>

class QCustomPlot;

namespace irqscope::app {

enum class ImageFormat { Png, Svg, Pdf };
std::optional<ImageFormat> imageFormatFor(const QString& path);

QImage renderPlotImage(QCustomPlot* plot, QSize size);
bool exportPlot(QCustomPlot* plot, const QString& path, QSize size, QString* error);
// Several plots stacked top to bottom, sharing the height equally.
bool exportStacked(const std::vector<QCustomPlot*>& plots, const QString& path, QSize size, QString* error);
void copyPlotToClipboard(QCustomPlot* plot, QSize size);

} // namespace irqscope::app
