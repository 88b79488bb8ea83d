#include "core/export/PlotExport.h"

#include "core/atomic_file.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QClipboard>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPdfWriter>
#include <QScreen>
#include <QSvgGenerator>

#include <cmath>

namespace irqscope::app {

std::optional<ImageFormat> imageFormatFor(const QString& path) {
    const QString s = QFileInfo(path).suffix().toLower();
    if (s == QLatin1String("png")) return ImageFormat::Png;
    if (s == QLatin1String("svg")) return ImageFormat::Svg;
    if (s == QLatin1String("pdf")) return ImageFormat::Pdf;
    return std::nullopt;
}

double layoutDpi() {
    if (const QScreen* s = QGuiApplication::primaryScreen()) return std::round(s->logicalDotsPerInchY());
    return 96;
}

QSize ExportPage::rasterSize() const {
    return QSize(static_cast<int>(std::lround(size.width() * rasterScale())),
                 static_cast<int>(std::lround(size.height() * rasterScale())));
}

ExportPage screenPage(QSize size) {
    const double dpi = layoutDpi();
    return ExportPage{size, dpi, dpi};
}

ExportPage physicalPage(QSizeF mm, double rasterDpi) {
    const double dpi = layoutDpi();
    const QSize px(static_cast<int>(std::lround(mm.width() / 25.4 * dpi)),
                   static_cast<int>(std::lround(mm.height() / 25.4 * dpi)));
    return ExportPage{px, dpi, rasterDpi};
}

QImage renderPlotImage(QCustomPlot* plot, QSize size) {
    return plot->toPixmap(size.width(), size.height(), 1.0).toImage();
}

bool writeFigure(const QString& path, const ExportPage& page, const QString& title, const PaintFigure& paint,
                 QString* error) {
    const auto fmt = imageFormatFor(path);
    if (!fmt) {
        if (error)
            *error = QCoreApplication::translate("PlotExport", "unsupported image type '%1' (use .png, .svg or .pdf)")
                         .arg(QFileInfo(path).suffix());
        return false;
    }
    if (page.size.isEmpty()) {
        if (error) *error = QCoreApplication::translate("PlotExport", "nothing to export");
        return false;
    }
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    switch (*fmt) {
    case ImageFormat::Png: {
        // Painted at the layout's dpi and scaled, so fonts and lines keep their
        // share of the picture; the file then says its real dpi.
        QImage img(page.rasterSize(), QImage::Format_RGB32);
        img.fill(Qt::white);
        {
            QCPPainter painter(&img);
            const double scale = page.rasterScale();
            if (std::abs(scale - 1) > 1e-6) {
                painter.setMode(QCPPainter::pmNonCosmetic, scale > 1);
                painter.scale(scale, scale);
            }
            paint(painter, page.size);
        }
        const int dpm = static_cast<int>(std::lround(page.rasterDpi / 0.0254));
        img.setDotsPerMeterX(dpm);
        img.setDotsPerMeterY(dpm);
        if (!img.save(&buf, "PNG")) {
            if (error) *error = QCoreApplication::translate("PlotExport", "could not encode the PNG image");
            return false;
        }
        break;
    }
    case ImageFormat::Svg: {
        QSvgGenerator gen;
        gen.setOutputDevice(&buf);
        gen.setResolution(static_cast<int>(std::lround(page.layoutDpi))); // width/height in mm follow from it
        gen.setSize(page.size);
        gen.setViewBox(QRect(QPoint(0, 0), page.size));
        gen.setTitle(title.isEmpty() ? QFileInfo(path).completeBaseName() : title);
        gen.setDescription(QCoreApplication::translate("PlotExport", "Exported from IRQ Scope"));
        QCPPainter painter(&gen);
        paint(painter, page.size);
        painter.end();
        break;
    }
    case ImageFormat::Pdf: {
        QPdfWriter pdf(&buf);
        pdf.setCreator(QStringLiteral("IRQ Scope"));
        if (!title.isEmpty()) pdf.setTitle(title);
        pdf.setResolution(static_cast<int>(std::lround(page.layoutDpi)));
        pdf.setPageSize(QPageSize(page.millimetres(), QPageSize::Millimeter));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QCPPainter painter(&pdf);
        paint(painter, page.size);
        painter.end();
        break;
    }
    }
    buf.close();
    return writeFileAtomically(path, bytes, error);
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

bool exportStackedOn(const std::vector<QCustomPlot*>& plots, const QString& path, const ExportPage& page,
                     QString* error, const QString& title = QString()) {
    if (plots.empty() && imageFormatFor(path)) {
        if (error) *error = QCoreApplication::translate("PlotExport", "nothing to export");
        return false;
    }
    return writeFigure(
        path, page, title, [&](QPainter& p, QSize layout) { paintStacked(static_cast<QCPPainter&>(p), plots, layout); },
        error);
}
} // namespace

bool exportPlot(QCustomPlot* plot, const QString& path, QSize size, QString* error) {
    return exportStackedOn({plot}, path, screenPage(size), error);
}

bool exportPlot(QCustomPlot* plot, const QString& path, const ExportPage& page, QString* error, const QString& title) {
    return exportStackedOn({plot}, path, page, error, title);
}

bool exportStacked(const std::vector<QCustomPlot*>& plots, const QString& path, QSize size, QString* error) {
    return exportStackedOn(plots, path, screenPage(size), error);
}

void copyPlotToClipboard(QCustomPlot* plot, QSize size) {
    QGuiApplication::clipboard()->setImage(renderPlotImage(plot, size));
}

} // namespace irqscope::app
