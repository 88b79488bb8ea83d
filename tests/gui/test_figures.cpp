// Figures for a paper or a slide, exported from the real
// window: without the cursors and the selection when asked, titled with the
// scenario and the setting that changed, only the lanes shown, the paper and
// slide pages at their physical sizes and type, and the interrupts-off
// hatching as vector lines in SVG and PDF.
#include "core/export/ImageExportDialog.h"
#include "core/scenario/KnobPanel.h"
#include "main_window_fixture.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace irqscope;
using namespace irqscope::app;

namespace {
QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// width and height of an SVG in millimetres, its viewBox width
struct SvgSize {
    double wMm = 0, hMm = 0, viewW = 0;
};
SvgSize svgSize(const QByteArray& svg) {
    SvgSize s;
    const QString text = QString::fromUtf8(svg);
    static const QRegularExpression w(QStringLiteral("width=\"([0-9.]+)mm\"")),
        h(QStringLiteral("height=\"([0-9.]+)mm\"")), box(QStringLiteral("viewBox=\"0 0 ([0-9.]+) ([0-9.]+)\""));
    if (auto m = w.match(text); m.hasMatch()) s.wMm = m.captured(1).toDouble();
    if (auto m = h.match(text); m.hasMatch()) s.hMm = m.captured(1).toDouble();
    if (auto m = box.match(text); m.hasMatch()) s.viewW = m.captured(1).toDouble();
    return s;
}

// Each drawn text of an SVG with its type size in points.
std::vector<std::pair<QString, double>> svgTexts(const QByteArray& svg) {
    const SvgSize s = svgSize(svg);
    std::vector<std::pair<QString, double>> out;
    static const QRegularExpression text(QStringLiteral("<text[^>]*font-size=\"([0-9.]+)\"[^>]*>([^<]*)</text>"));
    for (auto it = text.globalMatch(QString::fromUtf8(svg)); it.hasNext();) {
        const auto m = it.next();
        const double units = m.captured(1).toDouble();
        out.emplace_back(m.captured(2).trimmed(), units * s.wMm / s.viewW / 25.4 * 72);
    }
    return out;
}
double ptOf(const std::vector<std::pair<QString, double>>& texts, const QString& what) {
    for (const auto& [t, pt] : texts)
        if (t == what) return pt;
    return 0;
}

// Hatching lines: straight segments "M x,y L x',y'" falling on x + y = const.
int hatchSegments(const QByteArray& svg) {
    static const QRegularExpression seg(
        QStringLiteral("M\\s*(-?[0-9.]+)[ ,](-?[0-9.]+)\\s*L\\s*(-?[0-9.]+)[ ,](-?[0-9.]+)"));
    int n = 0;
    for (auto it = seg.globalMatch(QString::fromUtf8(svg)); it.hasNext();) {
        const auto m = it.next();
        const double x0 = m.captured(1).toDouble(), y0 = m.captured(2).toDouble();
        const double x1 = m.captured(3).toDouble(), y1 = m.captured(4).toDouble();
        if (std::abs(x1 - x0) > 0.5 && std::abs((x1 - x0) + (y1 - y0)) < 0.05) ++n;
    }
    return n;
}

// A PDF's page size in points.
QSizeF pdfPage(const QByteArray& pdf) {
    static const QRegularExpression box(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
    const auto m = box.match(QString::fromLatin1(pdf));
    return m.hasMatch() ? QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QSizeF();
}
} // namespace

class TestFigures : public QObject, irqscope::test::MainWindowFixture {
    Q_OBJECT
    QTemporaryDir dir_;
    QString file(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }

    QByteArray exportSvg(FigureChoices c, const char* name) {
        c.path = file(name);
        QString err;
        if (!w_->exportTimelineFigure(c, &err)) qWarning("%s", qPrintable(err));
        return readAll(c.path);
    }

private slots:
    void initTestCase() {
        openWindow("test_figures");
        open(QStringLiteral("basics"));
        // one setting changed from the preset
        QVERIFY(w_->knobs()->edit(QStringLiteral("net.rate_hz"), QStringLiteral("12000")));
        w_->runNow();
        QVERIFY(w_->runner()->waitForIdle(20000));
        QTRY_VERIFY(plot()->scene().trace() == &w_->currentRun()->result->trace);
    }

    // The title names the scenario and the changed setting, never the run's number.
    void titleNamesTheChangedSetting() {
        const QString title = w_->runFigureTitle(*w_->currentRun());
        QCOMPARE(title, QStringLiteral("basics · net.rate_hz = 12000"));
        ImageExportDialog dlg(file("d.svg"), QSize(1600, 900), true, w_.get(), title);
        QCOMPARE(dlg.titleEdit()->text(), title);
        FigureChoices c = dlg.choices();
        const QByteArray svg = exportSvg(c, "titled.svg");
        QVERIFY(svg.contains("<title>basics · net.rate_hz = 12000</title>"));
        QVERIFY(svg.contains(">basics · net.rate_hz = 12000</text>")); // drawn, not only named
        QVERIFY(!svg.contains(w_->currentRun()->label.toUtf8()));      // "#2 basics"
        c.title.clear();
        QVERIFY(!exportSvg(c, "untitled.svg").contains(">basics · net.rate_hz"));
    }

    // Without cursors and selection: neither the cursor's line nor the selection outline is drawn.
    void withoutCursorAndSelection() {
        const Trace* t = plot()->scene().trace();
        const Time mid = (t->startTime() + t->endTime()) / 2;
        plot()->setCursorTime(mid);
        std::optional<TimelineItem> busy;
        for (std::size_t i = 0; !busy && i < t->segmentCount(0, 0); ++i)
            if (const Segment s = t->segment(0, 0, i); s.kind != ContextKind::Idle) {
                TimelineItem it;
                it.lane = 0;
                it.segment = s;
                busy = it;
            }
        QVERIFY(busy);
        plot()->selectItem(busy);
        plot()->setView({double(busy->segment.start) - 20000, double(busy->segment.end) + 20000});
        plot()->setCursorTime(busy->segment.start);
        const QByteArray cursorColour = QColor(0xB0, 0x10, 0x10).name().toLatin1();
        const QByteArray selectionColour = plot()->scene().palette.selection().name().toLatin1();
        FigureChoices c;
        c.overlays = true;
        const QByteArray with = exportSvg(c, "with.svg");
        QVERIFY2(with.contains(cursorColour), "the cursor is drawn when asked");
        QVERIFY2(with.contains(selectionColour), "the selection is drawn when asked");
        c.overlays = false;
        const QByteArray without = exportSvg(c, "without.svg");
        QVERIFY2(!without.contains(cursorColour), "no cursor line");
        QVERIFY2(!without.contains(selectionColour), "no selection outline");
        // the window keeps both
        QCOMPARE(plot()->cursorTime(), std::optional<Time>(busy->segment.start));
        QVERIFY(plot()->selection());
        plot()->selectItem(std::nullopt);
        plot()->setCursorTime(std::nullopt);
        plot()->fitAll();
    }

    // Only the lanes shown, or every lane.
    void activeLanesOnly() {
        LaneFilter f = plot()->laneFilter();
        f.match = "1";
        plot()->setLaneFilter(f);
        FigureChoices c;
        const QByteArray shown = exportSvg(c, "shown.svg");
        QVERIFY(shown.contains(">CPU 1</text>"));
        QVERIFY(!shown.contains(">CPU 0</text>"));
        c.activeLanesOnly = false;
        const QByteArray all = exportSvg(c, "all.svg");
        QVERIFY(all.contains(">CPU 0</text>") && all.contains(">CPU 1</text>"));
        f.match.clear();
        plot()->setLaneFilter(f);
    }

    // Interrupts-off hatching is made of vector lines in SVG and PDF, no bitmap.
    void vectorHatching() {
        FigureChoices c;
        c.wholeRun = true;
        const QByteArray svg = exportSvg(c, "hatch.svg");
        QVERIFY(!svg.contains("<image"));
        const int lines = hatchSegments(svg);
        QVERIFY2(lines >= 20, qPrintable(QString::number(lines)));
        c.path = file("hatch.pdf");
        QString err;
        QVERIFY2(w_->exportTimelineFigure(c, &err), qPrintable(err));
        const QByteArray pdf = readAll(c.path);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY2(!pdf.contains("/Subtype /Image") && !pdf.contains("/ImageMask"), "a bitmap in the PDF");
    }

    // Paper: 17 cm wide, 8-9 pt type, a 300 dpi PNG; slide: 16:9, large type, 1920 x 1080.
    void paperAndSlidePages() {
        FigureChoices c;
        c.preset = FigurePreset::Paper;
        const QByteArray paper = exportSvg(c, "paper.svg");
        const SvgSize ps = svgSize(paper);
        QVERIFY2(std::abs(ps.wMm - 170) < 1 && std::abs(ps.hMm - 95) < 1,
                 qPrintable(QStringLiteral("%1 x %2 mm").arg(ps.wMm).arg(ps.hMm)));
        const auto paperTexts = svgTexts(paper);
        QVERIFY(paperTexts.size() > 10);
        const double lanePt = ptOf(paperTexts, QStringLiteral("CPU 0")),
                     axisPt = ptOf(paperTexts, QStringLiteral("time"));
        QVERIFY2(lanePt >= 8 && lanePt <= 9.5, qPrintable(QString::number(lanePt)));
        QVERIFY2(axisPt >= 8 && axisPt <= 9.5, qPrintable(QString::number(axisPt)));
        for (const auto& [t, pt] : paperTexts)
            QVERIFY2(pt >= 6.5 && pt <= 11.5, qPrintable(t + QLatin1Char(' ') + QString::number(pt)));

        QString err;
        c.path = file("paper.png");
        QVERIFY2(w_->exportTimelineFigure(c, &err), qPrintable(err));
        const QImage png(c.path);
        QVERIFY2(std::abs(png.width() - 2008) <= 3, qPrintable(QString::number(png.width())));
        QVERIFY(std::abs(png.dotsPerMeterX() * 0.0254 - 300) < 1);
        c.path = file("paper.pdf");
        QVERIFY2(w_->exportTimelineFigure(c, &err), qPrintable(err));
        const QSizeF page = pdfPage(readAll(c.path));
        QVERIFY2(std::abs(page.width() - 170 / 25.4 * 72) < 3, qPrintable(QString::number(page.width())));

        c.preset = FigurePreset::Slide;
        const QByteArray slide = exportSvg(c, "slide.svg");
        const SvgSize ss = svgSize(slide);
        QVERIFY2(std::abs(ss.wMm / ss.hMm - 16.0 / 9) < 0.01, qPrintable(QString::number(ss.wMm / ss.hMm)));
        const double slideLanePt = ptOf(svgTexts(slide), QStringLiteral("CPU 0"));
        QVERIFY2(slideLanePt >= 16, qPrintable(QString::number(slideLanePt)));
        c.path = file("slide.png");
        QVERIFY2(w_->exportTimelineFigure(c, &err), qPrintable(err));
        QVERIFY2(std::abs(QImage(c.path).width() - 1920) <= 2 && std::abs(QImage(c.path).height() - 1080) <= 2,
                 qPrintable(QStringLiteral("%1x%2").arg(QImage(c.path).width()).arg(QImage(c.path).height())));
        c.path = file("slide.pdf");
        QVERIFY2(w_->exportTimelineFigure(c, &err), qPrintable(err));
        const QSizeF sp = pdfPage(readAll(c.path));
        QVERIFY2(std::abs(sp.width() - 960) < 3 && std::abs(sp.height() - 540) < 3,
                 qPrintable(QStringLiteral("%1 x %2").arg(sp.width()).arg(sp.height())));
        if (const QString out = qEnvironmentVariable("IRQSCOPE_SCREENSHOTS"); !out.isEmpty()) {
            QFile::remove(out + QStringLiteral("/figure-paper.png"));
            QFile::copy(file("paper.png"), out + QStringLiteral("/figure-paper.png"));
            QFile::remove(out + QStringLiteral("/figure-slide.png"));
            QFile::copy(file("slide.png"), out + QStringLiteral("/figure-slide.png"));
        }
    }

    // The dialog: a preset fixes the size and leaves the cursors out; the choices come back as set.
    void dialogChoices() {
        ImageExportDialog dlg(file("x.svg"), QSize(1600, 900), true, w_.get(), QStringLiteral("t"));
        QVERIFY(dlg.overlaysBox()->isChecked());
        dlg.presetCombo()->setCurrentIndex(dlg.presetCombo()->findData(int(FigurePreset::Paper)));
        QVERIFY(!dlg.overlaysBox()->isChecked());
        dlg.activeLanesBox()->setChecked(false);
        const FigureChoices c = dlg.choices();
        QCOMPARE(c.preset, FigurePreset::Paper);
        QVERIFY(!c.overlays);
        QVERIFY(!c.activeLanesOnly);
        QCOMPARE(c.title, QStringLiteral("t"));
        QVERIFY(std::abs(c.size.width() - 2008) <= 3);
    }

    void cleanupTestCase() { w_.reset(); }
};

QTEST_MAIN(TestFigures)
#include "test_figures.moc"
