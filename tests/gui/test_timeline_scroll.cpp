// 256 CPU lanes on a 1366x768-sized timeline: rows keep a
// readable minimum height, the lanes scroll vertically (Ctrl+wheel, the wheel
// over the lane names, Up/Down, the scroll bar) down to the last CPU, the plain
// wheel still zooms, and an export still draws every lane shown.
#include "core/timeline/TimelinePlot.h"

#include <QScrollBar>
#include <QtTest>

#include <memory>

using namespace irqscope;
using namespace irqscope::app;

namespace {
// `cpus` CPU lanes, each with a task, a softirq and a hardirq row.
std::unique_ptr<Trace> makeTrace(int cpus) {
    auto t = std::make_unique<Trace>();
    const StringId task = t->intern("worker"), net = t->intern("NET_RX"), irq = t->intern("IRQ 45");
    for (int c = 0; c < cpus; ++c) {
        const auto lane = t->addLane(LaneType::Cpu, "CPU " + std::to_string(c), c);
        for (Time now = 0; now < 1'000'000; now += 10'000) {
            t->addSegment(lane, 0, now, now + 8'000, ContextKind::User, task);
            t->addSegment(lane, 1, now + 2'000, now + 6'000, ContextKind::Softirq, net);
            t->addSegment(lane, 2, now + 2'100, now + 2'400, ContextKind::Hardirq, irq);
        }
    }
    t->setTimeRange(0, 1'000'000);
    t->finalize();
    return t;
}

void wheel(TimelinePlot* p, QPointF at, int dy, Qt::KeyboardModifiers mods = Qt::NoModifier) {
    QWheelEvent e(at, p->mapToGlobal(at), QPoint(), QPoint(0, dy), Qt::NoButton, mods, Qt::NoScrollPhase, false);
    QApplication::sendEvent(p, &e);
}
} // namespace

class TestTimelineScroll : public QObject {
    Q_OBJECT
    std::unique_ptr<Trace> trace_;
    std::unique_ptr<TimelinePlot> plot_;

    double rowPx() const { return std::abs(plot_->yAxis->coordToPixel(1) - plot_->yAxis->coordToPixel(0)); }
    // Names of the lanes whose label row is inside the plot area, top to bottom.
    QStringList lanesInView() const {
        QStringList out;
        const QRect r = plot_->axisRect()->rect();
        std::optional<std::uint32_t> last;
        for (int y = r.top(); y <= r.bottom(); ++y)
            if (const auto l = plot_->laneAtY(y); l && l != last) {
                out << QString::fromStdString(trace_->lane(*l).name);
                last = l;
            }
        return out;
    }
    void show(int cpus) {
        plot_.reset();
        trace_ = makeTrace(cpus);
        plot_ = std::make_unique<TimelinePlot>();
        plot_->resize(1366, 640);
        plot_->show();
        QVERIFY(QTest::qWaitForWindowExposed(plot_.get()));
        plot_->setTrace(trace_.get(), QStringLiteral("scroll"));
        plot_->replot();
    }

private slots:
    void fewLanesFillTheHeight() {
        show(8);
        QVERIFY(!plot_->scrollable());
        QCOMPARE(plot_->rowsInView().lower, 0.0);
        QCOMPARE(plot_->rowsInView().upper, plot_->scene().layout.totalRows());
        QVERIFY(rowPx() > plot_->minRowPx());
        QCOMPARE(lanesInView().size(), 8);
        auto* bar = plot_->findChild<QScrollBar*>(QStringLiteral("laneScroll"));
        QVERIFY(!bar || !bar->isVisible());
    }

    void manyLanesScrollToTheLast() {
        show(256);
        QVERIFY(plot_->scrollable());
        // rows at the minimum height, a lane name fits beside each lane
        QVERIFY2(std::abs(rowPx() - plot_->minRowPx()) < 0.01, qPrintable(QString::number(rowPx())));
        const double label = QFontMetricsF(plot_->yAxis->tickLabelFont()).height();
        QVERIFY(plot_->minRowPx() * 4.25 >= label * 0.92); // a CPU lane: marker, three rows, gap
        QVERIFY(plot_->minRowPx() >= 4);
        QStringList inView = lanesInView();
        QVERIFY2(inView.size() >= 8 && inView.size() < 64, qPrintable(inView.join(u',')));
        QCOMPARE(inView.front(), QStringLiteral("CPU 0"));
        // every lane in view is labelled (no thinning at the minimum height)
        QVERIFY(plot_->laneLabelsShown() >= inView.size() - 1);
        auto* bar = plot_->findChild<QScrollBar*>(QStringLiteral("laneScroll"));
        QVERIFY(bar && bar->isVisible());
        QVERIFY(bar->geometry().left() >= plot_->axisRect()->rect().right()); // beside the lanes, not over them

        // the plain wheel still zooms, and scrolls nothing
        const TimeRange full = plot_->view();
        const QPointF mid = plot_->axisRect()->rect().center();
        wheel(plot_.get(), mid, 120);
        QVERIFY(plot_->view().span() < full.span());
        QCOMPARE(plot_->rowsInView().lower, 0.0);
        plot_->fitAll();
        // Ctrl+wheel scrolls about one lane per notch
        wheel(plot_.get(), mid, -120, Qt::ControlModifier);
        QCOMPARE(plot_->rowsInView().lower, TimelinePlot::kScrollStepRows);
        QCOMPARE(plot_->view(), full);
        // the wheel over the lane names scrolls too
        const QPointF names(plot_->axisRect()->rect().left() - 10, mid.y());
        wheel(plot_.get(), names, 120);
        QCOMPARE(plot_->rowsInView().lower, 0.0);
        // Down: to the end, which shows the last CPU whole
        for (int i = 0; i < 300; ++i) QTest::keyClick(plot_.get(), Qt::Key_Down);
        plot_->replot();
        QCOMPARE(plot_->rowsInView().upper, plot_->scene().layout.totalRows());
        inView = lanesInView();
        QCOMPARE(inView.back(), QStringLiteral("CPU 255"));
        QCOMPARE(bar->value(), bar->maximum());
        // the scroll bar back to the top
        bar->setValue(0);
        plot_->replot();
        QCOMPARE(lanesInView().front(), QStringLiteral("CPU 0"));
        // selecting an item on a lane out of view brings it into view
        TimelineItem it;
        it.lane = static_cast<std::uint32_t>(trace_->laneCount() - 1);
        it.segment = trace_->segment(it.lane, 0, 0);
        plot_->selectItem(it);
        plot_->replot();
        QVERIFY(lanesInView().contains(QStringLiteral("CPU 255")));
    }

    // An export draws every lane shown (a figure does not scroll), and the
    // window keeps its scrolled view.
    void exportDrawsEveryLane() {
        QVERIFY(plot_->scrollable());
        plot_->scrollToRow(100);
        plot_->replot();
        const QCPRange before = plot_->rowsInView();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("all.svg"));
        QString err;
        // tall enough for every lane's name
        QVERIFY2(plot_->exportImage(path, QSize(1200, 12000), &err), qPrintable(err));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        for (const char* name : {">CPU 0</text>", ">CPU 128</text>", ">CPU 255</text>"})
            QVERIFY2(svg.contains(name), name);
        QCOMPARE(plot_->rowsInView().lower, before.lower);
        plot_->replot();
        QCOMPARE(plot_->rowsInView().lower, before.lower);
        QCOMPARE(plot_->rowsInView().upper, before.upper);
    }

    void cleanupTestCase() { plot_.reset(); }
};

QTEST_MAIN(TestTimelineScroll)
#include "test_timeline_scroll.moc"
