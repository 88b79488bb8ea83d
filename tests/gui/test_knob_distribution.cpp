// A parameter given as a distribution (cost.irq_exit_ns, as a twin writes it)
// shows in the Parameters panel as its JSON, which the field reads back
// unchanged when the user leaves it; an edited distribution is validated by
// the engine like any value, and a plain duration still shows as one.
#include "core/scenario/KnobPanel.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

namespace {
const char* kDoc = R"({"schema": "irqscope.scenario/1", "name": "exit",
  "cost": {"irq_exit_ns": {"empirical": [["3us", 98], ["900us", 2]]}}})";
}

class TestKnobDistribution : public QObject {
    Q_OBJECT
private slots:
    void aDistributionShowsAndReadsBackAsJson() {
        auto s = Scenario::fromJsonText(kDoc, "exit.json");
        QVERIFY(s);
        KnobPanel panel;
        panel.setScenario(*s);
        auto* le = qobject_cast<QLineEdit*>(panel.editorFor(QStringLiteral("cost.irq_exit_ns")));
        QVERIFY(le);
        const QString shown = le->text();
        QVERIFY2(shown.contains(QLatin1String("empirical")) && shown.contains(QLatin1String("900us")),
                 qPrintable(shown));
        // leaving the field as it is changes nothing
        QSignalSpy edited(&panel, &KnobPanel::scenarioEdited);
        emit le->editingFinished();
        QCOMPARE(edited.count(), 0);
        QVERIFY(panel.errorAt(QStringLiteral("cost.irq_exit_ns")).isEmpty());
        QVERIFY(panel.scenario().getDistribution("cost.irq_exit_ns") == s->getDistribution("cost.irq_exit_ns"));

        // another distribution, then a bad one (kept out, the error at the field), then a duration
        QVERIFY(panel.edit(QStringLiteral("cost.irq_exit_ns"), QStringLiteral(R"({"uniform": ["1us", "5us"]})")));
        QCOMPARE(panel.scenario().getDuration("cost.irq_exit_ns"), 3 * kUs);
        QVERIFY(!panel.edit(QStringLiteral("cost.irq_exit_ns"), QStringLiteral(R"({"uniform": ["5us"]})")));
        QVERIFY(!panel.errorAt(QStringLiteral("cost.irq_exit_ns")).isEmpty());
        QCOMPARE(panel.scenario().getDuration("cost.irq_exit_ns"), 3 * kUs);
        QVERIFY(panel.edit(QStringLiteral("cost.irq_exit_ns"), QStringLiteral("4us")));
        QVERIFY(panel.scenario().getDistribution("cost.irq_exit_ns").is_null());
        QCOMPARE(le->text(), QStringLiteral("4us"));
    }
};

QTEST_MAIN(TestKnobDistribution)
#include "test_knob_distribution.moc"
