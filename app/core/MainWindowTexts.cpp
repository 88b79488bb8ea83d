// MainWindow: its texts, set again whenever the language changes.
//
// Texts built in code are tagged with setTr(object, property, source): the
// untranslated source is kept on the object as a dynamic property "tr:<property>"
// and retranslateUi() translates every tagged object of the window again. This
// is what Qt Designer's generated retranslateUi() does, without a .ui file.
#include "core/MainWindow.h"

#include "core/compare/CompareView.h"
#include "core/run/SimulationRunner.h"
#include "core/timeline/TimelinePlot.h"

#include <QAction>
#include <QEvent>
#include <QLabel>
#include <QRegularExpression>
#include <QTabWidget>

namespace irqscope::app {

namespace {
constexpr char kTagPrefix[] = "tr:";

// A menu text as a toolbar button shows it. Qt derives an action's icon text
// by dropping '&' only, which turns the Chinese convention "运行(&R)" into
// "运行(R)"; drop the whole "(&R)", the shortcut hint after a tab and "…".
QString withoutMnemonic(QString s) {
    static const QRegularExpression cjkMnemonic(QStringLiteral("\\(&[^&]\\)"));
    s = s.section(QLatin1Char('\t'), 0, 0);
    s.remove(cjkMnemonic);
    s.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    s.remove(QLatin1Char('&'));
    s.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    s.remove(QStringLiteral("…"));
    return s.trimmed();
}
} // namespace

void MainWindow::setTr(QObject* o, const char* property, const char* source) {
    o->setProperty(QByteArray(kTagPrefix + QByteArray(property)).constData(), QByteArray(source));
    o->setProperty(property, QCoreApplication::translate(metaObject()->className(), source));
}

void MainWindow::retranslateUi() {
    QList<QObject*> tagged = findChildren<QObject*>();
    tagged.prepend(this);
    for (QObject* o : std::as_const(tagged)) {
        for (const QByteArray& name : o->dynamicPropertyNames()) {
            if (!name.startsWith(kTagPrefix)) continue;
            const QByteArray source = o->property(name.constData()).toByteArray();
            o->setProperty(name.mid(int(sizeof(kTagPrefix)) - 1).constData(),
                           QCoreApplication::translate(metaObject()->className(), source.constData()));
        }
    }
    for (QAction* a : std::as_const(actions_))
        if (!a->property("tr:iconText").isValid()) a->setIconText(withoutMnemonic(a->text()));
    central_->setTabText(central_->indexOf(timeline_), tr("Timeline"));
    central_->setTabText(central_->indexOf(compare_), tr("Compare runs"));
    runs_->retranslate();
    rebuildRecentMenu();
    updateDetails();
    updateTitle();
    // The status line describes the shown run; a run in progress reports itself when it ends.
    if (const RunRecord* r = currentRun(); r && !runner_->isRunning()) status_->setText(runSummary(*r));
}

void MainWindow::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QMainWindow::changeEvent(e);
}

} // namespace irqscope::app
