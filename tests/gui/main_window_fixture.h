// The real main window as GUI tests open it: settings of their own, no
// remembered layout, 1366x768, shown, the default preset's first run on the
// timeline. A test class derives from QObject and this, calls openWindow()
// from initTestCase() and resets w_ in cleanupTestCase().
#pragma once

#include "core/MainWindow.h"
#include "core/run/SimulationRunner.h"
#include "core/timeline/TimelinePlot.h"
#include "test_settings.h"

#include <QtTest>

#include <memory>

namespace irqscope::test {

class MainWindowFixture {
protected:
    std::unique_ptr<app::MainWindow> w_;

    app::TimelinePlot* plot() const { return w_->timeline(); }

    // QVERIFY inside: initTestCase stops when it fails.
    void openWindow(const char* testName, QSize size = QSize(1366, 768)) {
        useOwnSettings(testName);
        app::MainWindow::Options opt;
        opt.restoreState = false;
        w_ = std::make_unique<app::MainWindow>(opt);
        w_->resize(size);
        w_->show();
        QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
        QVERIFY(w_->runner()->waitForIdle(20000));
        QTRY_VERIFY(plot()->scene().trace());
    }

    // A preset name or a scenario file, run and on the timeline.
    void open(const QString& what) {
        if (what.endsWith(QStringLiteral(".json"))) QVERIFY(w_->openScenarioFile(what));
        else QVERIFY(w_->loadPreset(what));
        QVERIFY(w_->runner()->waitForIdle(60000));
        QTRY_VERIFY(plot()->scene().trace() && plot()->scene().trace() == &w_->currentRun()->result->trace);
    }

    // IRQSCOPE_SCREENSHOTS=DIR: the window as the user guide shows it, saved as DIR/name.
    void snapshot(const QString& name) {
        const QString dir = qEnvironmentVariable("IRQSCOPE_SCREENSHOTS");
        if (dir.isEmpty()) return;
        plot()->replot();
        QTest::qWait(300); // docks and queued replots settle
        QVERIFY(w_->grab().save(dir + QLatin1Char('/') + name));
    }
};

} // namespace irqscope::test
