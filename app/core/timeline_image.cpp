#include "core/timeline_image.h"

#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace irqscope::app {

namespace {
QColor kindColor(ContextKind k) {
    switch (k) {
    case ContextKind::Hardirq: return QColor(0xd6, 0x27, 0x28);
    case ContextKind::Softirq: return QColor(0xff, 0x7f, 0x0e);
    case ContextKind::Tasklet: return QColor(0xbc, 0xbd, 0x22);
    case ContextKind::IrqThread: return QColor(0x94, 0x67, 0xbd);
    case ContextKind::Kworker: return QColor(0x17, 0xbe, 0xcf);
    case ContextKind::Ksoftirqd: return QColor(0x8c, 0x56, 0x4b);
    case ContextKind::Kthread: return QColor(0x7f, 0x7f, 0x7f);
    case ContextKind::User: return QColor(0x1f, 0x77, 0xb4);
    default: return QColor(0xee, 0xee, 0xee);
    }
}

void paint(QPainter& p, const Trace& t, const TimelineImageOptions& opt, QSize size) {
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    const Time t0 = opt.t1 > opt.t0 ? opt.t0 : t.startTime();
    const Time t1 = opt.t1 > opt.t0 ? opt.t1 : t.endTime();
    const int left = 120, top = 50, right = 20;
    const int w = size.width() - left - right;
    const int lanes = static_cast<int>(t.laneCount());
    const int laneH = std::max(20, (size.height() - top - 40) / std::max(lanes, 1));
    p.setPen(Qt::black);
    p.drawText(QRect(0, 0, size.width(), top), Qt::AlignCenter, opt.title);
    std::vector<TraceBin> bins;
    for (int lane = 0; lane < lanes; ++lane) {
        const int y = top + lane * laneH;
        p.drawText(QRect(0, y, left - 8, laneH), Qt::AlignRight | Qt::AlignVCenter,
                   QString::fromStdString(t.lane(static_cast<std::uint32_t>(lane)).name));
        const int depths = std::max(1, t.depthCount(static_cast<std::uint32_t>(lane)));
        const double rowH = double(laneH - 4) / depths;
        for (int d = 0; d < depths; ++d) {
            t.queryBins(static_cast<std::uint32_t>(lane), d, t0, t1, w, bins);
            for (int x = 0; x < w; ++x) {
                const TraceBin& b = bins[static_cast<std::size_t>(x)];
                if (b.count == 0 || b.kind == ContextKind::Idle) continue;
                QColor c = kindColor(b.kind);
                p.fillRect(QRectF(left + x, y + laneH - 2 - (d + 1) * rowH, 1, rowH), c);
            }
        }
    }
}
} // namespace

bool saveTimelineImage(const Trace& trace, const Metrics&, const TimelineImageOptions& opt, const QString& path,
                       QString* error) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) {
        QImage img(opt.size, QImage::Format_RGB32);
        QPainter p(&img);
        paint(p, trace, opt, opt.size);
        p.end();
        if (!img.save(path)) {
            if (error) *error = QStringLiteral("could not write PNG");
            return false;
        }
        return true;
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator gen;
        gen.setFileName(path);
        gen.setSize(opt.size);
        gen.setViewBox(QRect(QPoint(0, 0), opt.size));
        QPainter p(&gen);
        paint(p, trace, opt, opt.size);
        return p.end();
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(QSizeF(opt.size), QPageSize::Point));
        pdf.setResolution(72);
        QPainter p(&pdf);
        paint(p, trace, opt, opt.size);
        return p.end();
    }
    if (error) *error = QStringLiteral("unsupported image type '%1' (use .png, .svg or .pdf)").arg(suffix);
    return false;
}

} // namespace irqscope::app
