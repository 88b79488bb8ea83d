// Switching the language at runtime retranslates the whole window without a
// restart: menus, docks, tabs, the knob panel, metrics headers; the choice is
// remembered in QSettings.
#include "../gui/test_settings.h"
#include "core/MainWindow.h"
#include "core/i18n/Language.h"
#include "core/metrics/MetricsPanel.h"
#include "core/scenario/KnobPanel.h"

#include <QAction>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

using namespace irqscope::app;

class TestLanguageSwitch : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w_;

    QString menuTitle(int i) const { return w_->menuBar()->actions().value(i)->text(); }
    QString dockTitle(const char* name) const {
        auto* d = w_->findChild<QDockWidget*>(QString::fromLatin1(name));
        return d ? d->windowTitle() : QStringLiteral("<no dock %1>").arg(QString::fromLatin1(name));
    }
    QString filterPlaceholder() const { return w_->knobs()->findChild<QLineEdit*>()->placeholderText(); }
    QString tasksHeader() const {
        // the tasks table: Task, PID, Charged CPU time, ...
        return w_->metrics()->tasksTable()->horizontalHeaderItem(2)->text();
    }
    // Qt delivers LanguageChange through the event loop.
    void switchTo(const QString& code) {
        QVERIFY(!Language::choose(code).isEmpty());
        QCoreApplication::processEvents();
    }

private slots:
    void initTestCase() {
        irqscope::test::useOwnSettings("test_language_switch");
        QSettings().clear();
        Language::apply(QStringLiteral("en"));
        MainWindow::Options opt;
        opt.restoreState = false;
        w_ = std::make_unique<MainWindow>(opt);
        w_->show();
        QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
        QCOMPARE(menuTitle(0), QStringLiteral("&File"));
    }

    void germanAtRuntime() {
        switchTo(QStringLiteral("de"));
        QTRY_COMPARE(menuTitle(0), QStringLiteral("&Datei"));
        QCOMPARE(menuTitle(1), QStringLiteral("&Ansicht"));
        QCOMPARE(dockTitle("ScenarioDock"), QStringLiteral("Szenario"));
        QCOMPARE(dockTitle("MetricsDock"), QStringLiteral("Messwerte"));
        QCOMPARE(w_->centralTabs()->tabText(0), QStringLiteral("Zeitleiste"));
        QCOMPARE(w_->action(QStringLiteral("open"))->text(), QStringLiteral("Szenario ö&ffnen…"));
        QCOMPARE(w_->action(QStringLiteral("presentation"))->iconText(), QStringLiteral("Präsentieren"));
        QCOMPARE(filterPlaceholder(), QStringLiteral("Parameter filtern (Name oder Erklärung)…"));
        QCOMPARE(w_->metrics()->tabText(0), QStringLiteral("Latenz"));
        QCOMPARE(tasksHeader(), QStringLiteral("Angerechnete CPU-Zeit"));
        QCOMPARE(w_->runs()->headerData(RunList::Changes, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("Änderungen"));
        QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("de"));
        QCOMPARE(Language::savedChoice(), QStringLiteral("de"));
    }

    void chineseAtRuntime() {
        switchTo(QStringLiteral("zh_CN"));
        QTRY_COMPARE(menuTitle(0), QStringLiteral("文件(&F)"));
        QCOMPARE(dockTitle("ScenarioDock"), QStringLiteral("场景"));
        // toolbar buttons drop the whole Chinese-style mnemonic "(&R)", not just the '&'
        QCOMPARE(w_->action(QStringLiteral("run"))->iconText(), QStringLiteral("运行"));
        QCOMPARE(w_->action(QStringLiteral("fitAll"))->iconText(), QStringLiteral("显示全部"));
    }

    void backToEnglish() {
        switchTo(QStringLiteral("en"));
        QTRY_COMPARE(menuTitle(0), QStringLiteral("&File"));
        QCOMPARE(dockTitle("ScenarioDock"), QStringLiteral("Scenario"));
        QCOMPARE(w_->centralTabs()->tabText(0), QStringLiteral("Timeline"));
        QCOMPARE(filterPlaceholder(), QStringLiteral("Filter parameters (name or explanation)…"));
        QCOMPARE(w_->metrics()->tabText(0), QStringLiteral("Latency"));
    }

    void languageMenuOffersEveryChoice() {
        QMenu* menu = w_->findChild<QMenu*>(QStringLiteral("languageMenu"));
        QVERIFY(menu);
        QStringList texts;
        for (QAction* a : menu->actions())
            if (!a->isSeparator()) texts << a->text();
        QCOMPARE(texts, (QStringList{QStringLiteral("System default"), QStringLiteral("English"),
                                     QStringLiteral("Deutsch"), QStringLiteral("简体中文")}));
        // triggering a menu entry switches and checks it
        QAction* de = menu->findChild<QAction*>(QStringLiteral("language_de"));
        QVERIFY(de);
        de->trigger();
        QCoreApplication::processEvents();
        QTRY_COMPARE(menuTitle(0), QStringLiteral("&Datei"));
        QVERIFY(de->isChecked());
        QCOMPARE(menu->title(), QStringLiteral("&Sprache"));
        switchTo(QString()); // system default: the offscreen test runs in whatever locale; English
                             // or a shipped one
        QVERIFY(!Language::current().isEmpty());
        switchTo(QStringLiteral("en"));
    }

    void cleanupTestCase() {
        w_.reset();
        QSettings().clear();
    }
};

QTEST_MAIN(TestLanguageSwitch)
#include "test_language_switch.moc"
