// Trace-viewer basics on the real window: W/S/A/D act
// whenever the pointer is over the timeline, whichever widget has the focus
// (but never while one takes text), and a second cursor (Ctrl+click) measures
// the time from the first.
#include "core/events/EventList.h"
#include "core/metrics/LatencyPlot.h"
#include "core/metrics/MetricsPanel.h"
#include "core/timeline/LaneBar.h"
#include "core/timeline/SwatchLegendItem.h"
#include "main_window_fixture.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QTableView>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

class TestTimelineBasics : public QObject, irqscope::test::MainWindowFixture {
    Q_OBJECT
    QPoint inside() const { return plot()->axisRect()->rect().center(); }

private slots:
    void initTestCase() { openWindow("test_timeline_basics"); }

    void wsadWhileHovered() {
        QTableView* other = w_->runTable();
        other->setFocus();
        QTRY_VERIFY(other->hasFocus());
        const TimeRange full = plot()->view();
        // pointer elsewhere: the key is the table's
        QTest::keyClick(other, Qt::Key_W);
        QCOMPARE(plot()->view(), full);
        // pointer over the timeline, focus still in the table
        QTest::mouseMove(plot(), inside());
        QTRY_VERIFY(plot()->hovered());
        QVERIFY(other->hasFocus());
        QTest::keyClick(other, Qt::Key_W);
        QVERIFY(plot()->view().span() < full.span() * 0.9);
        const TimeRange zoomed = plot()->view();
        QTest::keyClick(other, Qt::Key_D);
        QVERIFY(plot()->view().t0 > zoomed.t0);
        QTest::keyClick(other, Qt::Key_A);
        QTest::keyClick(other, Qt::Key_S);
        QVERIFY(plot()->view().span() > zoomed.span());
        QVERIFY(other->hasFocus()); // no focus stolen, no selection made
        // a text field keeps its letters
        QLineEdit* filter = w_->findChild<LaneBar*>()->filterEdit();
        filter->setFocus();
        QTRY_VERIFY(filter->hasFocus());
        const TimeRange before = plot()->view();
        QTest::keyClick(filter, Qt::Key_W);
        QCOMPARE(filter->text(), QStringLiteral("w"));
        QCOMPARE(plot()->view(), before);
        filter->clear();
    }

    void twoCursorsAndTheTimeBetween() {
        plot()->fitAll();
        const QPoint a = inside() - QPoint(100, 0), b = inside() + QPoint(150, 0);
        QTest::mouseClick(plot(), Qt::LeftButton, {}, a);
        QTRY_VERIFY(plot()->cursorTime().has_value());
        QVERIFY(!plot()->cursorB());
        QTest::mouseClick(plot(), Qt::LeftButton, Qt::ControlModifier, b);
        QVERIFY(plot()->cursorB().has_value());
        const double nsPerPx = plot()->view().span() / plot()->axisRect()->width();
        QVERIFY(plot()->cursorDelta().has_value());
        QVERIFY(std::abs(double(*plot()->cursorDelta()) - 250 * nsPerPx) <= 2 * nsPerPx);
        QTest::keyClick(plot(), Qt::Key_Escape);
        QVERIFY(!plot()->cursorB());
    }

    // The event list and the timeline select together; next / previous / longest of a kind on a CPU.
    void eventListLinkedToTimeline() {
        auto* dock = w_->findChild<QDockWidget*>(QStringLiteral("EventsDock"));
        QVERIFY(dock);
        dock->raise();
        auto* list = w_->findChild<EventList*>();
        QTRY_VERIFY(list->model()->rowCount() > 0);
        const int all = list->model()->rowCount();
        list->kindCombo()->setCurrentIndex(list->kindCombo()->findData(int(ContextKind::Hardirq)));
        list->cpuCombo()->setCurrentIndex(list->cpuCombo()->findData(0));
        list->reload();
        const int n = list->model()->rowCount();
        QVERIFY(n >= 3 && n < all);
        for (int i = 0; i < n; ++i) QCOMPARE(list->model()->segment(i).kind, ContextKind::Hardirq);

        // list -> timeline
        list->selectRow(1);
        const Segment s1 = list->model()->segment(1);
        QVERIFY(plot()->selection());
        QCOMPARE(plot()->selection()->segment.start, s1.start);
        QCOMPARE(plot()->selection()->segment.kind, ContextKind::Hardirq);
        QVERIFY(plot()->view().t0 <= double(s1.start) && plot()->view().t1 >= double(s1.end));
        if (qEnvironmentVariableIsSet("IRQSCOPE_SCREENSHOTS")) {
            plot()->setCursorTime(s1.start - 3000);
            plot()->setCursorB(s1.end);
            snapshot(QStringLiteral("user-guide-events.png"));
            plot()->setCursorB(std::nullopt);
        }
        // timeline -> list
        TimelineItem it;
        it.lane = list->model()->rows()[2].lane;
        it.segment = list->model()->segment(2);
        plot()->selectItem(it);
        QCOMPARE(list->selectedRow(), 2);
        // next / previous of the kind on the CPU
        list->next();
        QCOMPARE(list->selectedRow(), 3);
        QVERIFY(plot()->selection()->segment.start > it.segment.start);
        list->previous();
        list->previous();
        QCOMPARE(list->selectedRow(), 1);
        // the longest
        list->longest();
        Time longest = 0;
        for (int i = 0; i < n; ++i)
            longest = std::max(longest, list->model()->segment(i).end - list->model()->segment(i).start);
        QCOMPARE(plot()->selection()->segment.end - plot()->selection()->segment.start, longest);
        // search by name
        const QString name = list->model()->data(list->model()->index(0, 3), Qt::DisplayRole).toString();
        list->kindCombo()->setCurrentIndex(0);
        const QString word = name.section(QChar(0xB7), 0, 0).trimmed();
        list->searchEdit()->setText(word);
        list->reload();
        QVERIFY(list->model()->rowCount() > 0);
        QVERIFY(list->model()->rowCount() < all);
        for (int i = 0; i < list->model()->rowCount(); ++i)
            QVERIFY(list->model()
                        ->data(list->model()->index(i, 3), Qt::DisplayRole)
                        .toString()
                        .contains(word, Qt::CaseInsensitive));
        list->searchEdit()->clear();
        list->cpuCombo()->setCurrentIndex(0);
        list->reload();
        QCOMPARE(list->model()->rowCount(), all);
    }

    // The legend names the instant markers the run has.
    void markerLegend() {
        QStringList names;
        for (int i = 0; i < plot()->legend->itemCount(); ++i)
            if (auto* it = qobject_cast<SwatchLegendItem*>(plot()->legend->item(i))) names << it->text();
        for (const char* m : {"raise", "ack", "DIR", "wake-up"})
            QVERIFY2(names.contains(QString::fromLatin1(m)), qPrintable(names.join(QLatin1Char(','))));
    }

    // The latency plot's percentile labels never overlap:
    // in basics p99.9 and max are the same sample.
    void percentileLabelsApart() {
        LatencyPlot* lp = w_->metrics()->latencyPlot();
        lp->replot();
        std::vector<QRectF> rects;
        QStringList texts;
        for (int i = 0; i < lp->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(lp->item(i))) {
                rects.emplace_back(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
                texts << t->text();
            }
        QVERIFY2(rects.size() >= 3, qPrintable(texts.join(QLatin1Char('|'))));
        for (std::size_t i = 0; i < rects.size(); ++i)
            for (std::size_t j = i + 1; j < rects.size(); ++j)
                QVERIFY2(!rects[i].intersects(rects[j]), qPrintable(texts.join(QLatin1Char('|'))));
    }

    void cleanupTestCase() { w_.reset(); }
};

QTEST_MAIN(TestTimelineBasics)
#include "test_timeline_basics.moc"
