#include "core/export/PlotExport.h"

#include "core/atomic_file.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QClipboard>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace irqscope::app {

std::optional<ImageFormat> imageFormatFor(const QString& path) {
    const QString s = QFileInfo(path).suffix().toLower();
    if (s == QLatin1String("png")) return ImageFormat::Png;
    if (s == QLatin1String("svg")) return ImageFormat::Svg;
    if (s == QLatin1String("pdf")) return ImageFormat::Pdf;
    return std::nullopt;
}

QImage renderPlotImage(QCustomPlot* plot, QSize size) {
    return plot->toPixmap(size.width(), size.height(), 1.0).toImage();
}

namespace {
void paintStacked(QCPPainter& painter, const std::vector<QCustomPlot*>& plots, QSize size) {
    const int n = static_cast<int>(plots.size());
    int y = 0;
    for (int i = 0; i < n; ++i) {
        const int h = (size.height() - y) / (n - i);
        painter.save();
        painter.translate(0, y);
        plots[std::size_t(i)]->toPainter(&painter, size.width(), h);
        painter.restore();
        y += h;
    }
}
} // namespace

bool exportPlot(QCustomPlot* plot, const QString& path, QSize size, QString* error) {
    return exportStacked({plot}, path, size, error);
}

bool exportStacked(const std::vector<QCustomPlot*>& plots, const QString& path, QSize size, QString* error) {
    const auto fmt = imageFormatFor(path);
    if (!fmt) {
        if (error)
            *error = QCoreApplication::translate("PlotExport", "unsupported image type '%1' (use .png, .svg or .pdf)")
                         .arg(QFileInfo(path).suffix());
        return false;
    }
    if (plots.empty() || size.isEmpty()) {
        if (error) *error = QCoreApplication::translate("PlotExport", "nothing to export");
        return false;
    }
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    switch (*fmt) {
    case ImageFormat::Png: {
        QImage img = plots.size() == 1 ? renderPlotImage(plots.front(), size) : QImage(size, QImage::Format_RGB32);
        if (plots.size() > 1) {
            img.fill(Qt::white);
            QCPPainter painter(&img);
            paintStacked(painter, plots, size);
        }
        if (!img.save(&buf, "PNG")) {
            if (error) *error = QCoreApplication::translate("PlotExport", "could not encode the PNG image");
            return false;
        }
        break;
    }
    case ImageFormat::Svg: {
        QSvgGenerator gen;
        gen.setOutputDevice(&buf);
        gen.setSize(size);
        gen.setViewBox(QRect(QPoint(0, 0), size));
        gen.setTitle(QFileInfo(path).completeBaseName());
        gen.setDescription(QCoreApplication::translate("PlotExport", "Exported from IRQ Scope"));
        QCPPainter painter(&gen);
        paintStacked(painter, plots, size);
        painter.end();
        break;
    }
    case ImageFormat::Pdf: {
        QPdfWriter pdf(&buf);
        pdf.setCreator(QStringLiteral("IRQ Scope"));
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(72);
        QCPPainter painter(&pdf);
        paintStacked(painter, plots, size);
        painter.end();
        break;
    }
    }
    buf.close();
    return writeFileAtomically(path, bytes, error);
}

void copyPlotToClipboard(QCustomPlot* plot, QSize size) {
    QGuiApplication::clipboard()->setImage(renderPlotImage(plot, size));
}

} // namespace irqscope::app
