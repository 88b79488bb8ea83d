// MainWindow: actions, menus and the toolbar.
#include "core/MainWindow.h"

#include "core/compare/CompareView.h"
#include "core/i18n/LanguageMenu.h"
#include "core/lessons/LessonDock.h"
#include "core/player/PlayerBar.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/timeline/LaneBar.h"
#include "core/timeline/TimelinePlot.h"
#include "irqscope/presets.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QTableView>
#include <QTableWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace irqscope::app {

QAction* MainWindow::action(const QString& objectName) const {
    return actions_.value(objectName);
}

void MainWindow::createActions() {
    // Texts are QT_TR_NOOP sources: setTr() translates them now and again on
    // every language change (retranslateUi() in MainWindowTexts.cpp).
    auto make = [this](const char* id, const char* text, const QKeySequence& key = {}, const QString& icon = {}) {
        auto* a = new QAction(this);
        setTr(a, "text", text);
        a->setObjectName(QString::fromLatin1(id));
        if (!key.isEmpty()) a->setShortcut(key);
        if (icon.startsWith(QLatin1Char(':'))) a->setIcon(QIcon(icon));
        else if (!icon.isEmpty()) a->setIcon(QIcon::fromTheme(icon));
        actions_.insert(a->objectName(), a);
        return a;
    };
    connect(make("open", QT_TR_NOOP("&Open scenario…"), QKeySequence::Open, QStringLiteral("document-open")),
            &QAction::triggered, this, &MainWindow::openScenarioDialog);
    connect(make("save", QT_TR_NOOP("&Save scenario"), QKeySequence::Save, QStringLiteral("document-save")),
            &QAction::triggered, this, &MainWindow::saveScenario);
    connect(make("saveAs", QT_TR_NOOP("Save scenario &as…"), QKeySequence::SaveAs, QStringLiteral("document-save-as")),
            &QAction::triggered, this, &MainWindow::saveScenarioAs);
    connect(make("openSession", QT_TR_NOOP("Open sessio&n…")), &QAction::triggered, this,
            &MainWindow::openSessionDialog);
    connect(make("saveSession", QT_TR_NOOP("Save sessi&on…")), &QAction::triggered, this,
            &MainWindow::saveSessionDialog);
    connect(make("import", QT_TR_NOOP("&Import ftrace capture…"), QKeySequence(QStringLiteral("Ctrl+I"))),
            &QAction::triggered, this, &MainWindow::importTraceDialog);
    connect(
        make("exportTimeline", QT_TR_NOOP("Timeline &image (PNG, SVG, PDF)…"), QKeySequence(QStringLiteral("Ctrl+E"))),
        &QAction::triggered, this, &MainWindow::exportTimelineDialog);
    connect(make("exportPlot", QT_TR_NOOP("Current &metrics plot image…")), &QAction::triggered, this,
            &MainWindow::exportMetricsPlotDialog);
    connect(make("exportCompare", QT_TR_NOOP("&Comparison image…")), &QAction::triggered, this,
            &MainWindow::exportCompareDialog);
    connect(make("exportCsv", QT_TR_NOOP("Metrics as &CSV…")), &QAction::triggered, this,
            [this] { exportMetricsDialog(QStringLiteral("csv")); });
    connect(make("exportJson", QT_TR_NOOP("Metrics as &JSON…")), &QAction::triggered, this,
            [this] { exportMetricsDialog(QStringLiteral("json")); });
    connect(make("exportTrace", QT_TR_NOOP("Trace for &Perfetto (Chrome JSON)…")), &QAction::triggered, this,
            &MainWindow::exportTraceDialog);
    connect(make("copyImage", QT_TR_NOOP("&Copy image"), QKeySequence(QStringLiteral("Ctrl+Shift+C")),
                 QStringLiteral("edit-copy")),
            &QAction::triggered, this, &MainWindow::copyImage);
    connect(make("quit", QT_TR_NOOP("&Quit"), QKeySequence::Quit, QStringLiteral("application-exit")),
            &QAction::triggered, this, &QWidget::close);

    connect(make("run", QT_TR_NOOP("&Run"), QKeySequence(QStringLiteral("Ctrl+R")), QStringLiteral(":/icons/run.svg")),
            &QAction::triggered, this, &MainWindow::runNow);
    connect(make("cancel", QT_TR_NOOP("&Cancel run"), QKeySequence(QStringLiteral("Ctrl+.")),
                 QStringLiteral(":/icons/cancel.svg")),
            &QAction::triggered, runner_, &SimulationRunner::cancel);
    QAction* autoRun =
        make("autoRun", QT_TR_NOOP("&Auto-run after each edit"), {}, QStringLiteral(":/icons/autorun.svg"));
    autoRun->setCheckable(true);
    connect(make("compare", QT_TR_NOOP("Co&mpare selected runs"), QKeySequence(QStringLiteral("Ctrl+M")),
                 QStringLiteral(":/icons/compare.svg")),
            &QAction::triggered, this, [this] {
                const auto rows = runTable_->selectionModel()->selectedRows();
                if (rows.size() == 2) compareRows(rows[0].row(), rows[1].row());
                else if (runs_->size() >= 2) compareRows(runs_->size() - 2, runs_->size() - 1);
            });

    // W/S/A/D act when the timeline has focus; the menu shows them as hints.
    connect(make("zoomIn", QT_TR_NOOP("Zoom &in\tW"), {}, QStringLiteral("zoom-in")), &QAction::triggered, timeline_,
            &TimelinePlot::zoomIn);
    connect(make("zoomOut", QT_TR_NOOP("Zoom &out\tS"), {}, QStringLiteral("zoom-out")), &QAction::triggered, timeline_,
            &TimelinePlot::zoomOut);
    connect(make("panLeft", QT_TR_NOOP("Pan &left\tA")), &QAction::triggered, timeline_, &TimelinePlot::panLeft);
    connect(make("panRight", QT_TR_NOOP("Pan &right\tD")), &QAction::triggered, timeline_, &TimelinePlot::panRight);
    connect(make("fitAll", QT_TR_NOOP("&Fit all"), QKeySequence(QStringLiteral("Ctrl+0")),
                 QStringLiteral(":/icons/fit.svg")),
            &QAction::triggered, timeline_, &TimelinePlot::fitAll);
    connect(make("zoomSel", QT_TR_NOOP("Zoom to &selection\tF"), {}, QStringLiteral(":/icons/zoom-selection.svg")),
            &QAction::triggered, timeline_, &TimelinePlot::zoomToSelection);
    connect(make("back", QT_TR_NOOP("&Back"), QKeySequence::Back, QStringLiteral(":/icons/back.svg")),
            &QAction::triggered, timeline_, &TimelinePlot::back);
    connect(make("forward", QT_TR_NOOP("For&ward"), QKeySequence::Forward, QStringLiteral(":/icons/forward.svg")),
            &QAction::triggered, timeline_, &TimelinePlot::forward);
    QAction* pres = make("presentation", QT_TR_NOOP("&Presentation mode"), QKeySequence(Qt::Key_F11),
                         QStringLiteral(":/icons/presentation.svg"));
    pres->setCheckable(true);
    connect(pres, &QAction::toggled, this, &MainWindow::setPresentationMode);
    // The lanes toolbar owns the lane switches; the View menu shows them too.
    auto* laneBar = new LaneBar(timeline_, this);
    for (QAction* a :
         {laneBar->tasksAction(), laneBar->irqLinesAction(), laneBar->hideIdleAction(), laneBar->resetAction()})
        actions_.insert(a->objectName(), a);
    // The player's actions live on its toolbar; their keys act while the timeline has focus.
    for (QAction* a : {playerBar_->previousAction(), playerBar_->playAction(), playerBar_->nextAction()}) {
        actions_.insert(a->objectName(), a);
        timeline_->addAction(a);
    }
    connect(make("shortcuts", QT_TR_NOOP("&Keyboard and mouse…"), QKeySequence::HelpContents), &QAction::triggered,
            this, &MainWindow::showShortcuts);
    connect(make("about", QT_TR_NOOP("&About IRQ Scope")), &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(QString());
    setTr(file, "title", QT_TR_NOOP("&File"));
    file->addAction(action(QStringLiteral("open")));
    recentMenu_ = file->addMenu(QString());
    setTr(recentMenu_, "title", QT_TR_NOOP("Open &recent"));
    file->addAction(action(QStringLiteral("save")));
    file->addAction(action(QStringLiteral("saveAs")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("openSession")));
    file->addAction(action(QStringLiteral("saveSession")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("import")));
    QMenu* exp = file->addMenu(QString());
    setTr(exp, "title", QT_TR_NOOP("&Export"));
    for (const char* id : {"exportTimeline", "exportPlot", "exportCompare"})
        exp->addAction(action(QString::fromLatin1(id)));
    exp->addSeparator();
    for (const char* id : {"exportCsv", "exportJson", "exportTrace"}) exp->addAction(action(QString::fromLatin1(id)));
    file->addAction(action(QStringLiteral("copyImage")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("quit")));
    rebuildRecentMenu();

    QMenu* view = menuBar()->addMenu(QString());
    setTr(view, "title", QT_TR_NOOP("&View"));
    for (const char* id : {"zoomIn", "zoomOut", "panLeft", "panRight", "fitAll", "zoomSel", "back", "forward"})
        view->addAction(action(QString::fromLatin1(id)));
    view->addSeparator();
    view->addAction(action(QStringLiteral("lanesIrq")));
    view->addAction(action(QStringLiteral("lanesTask")));
    view->addAction(action(QStringLiteral("lanesHideIdle")));
    view->addAction(action(QStringLiteral("lanesReset")));
    view->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());
    view->addSeparator();
    for (const char* id : {"playPause", "stepPrev", "stepNext"}) view->addAction(action(QString::fromLatin1(id)));
    view->addSeparator();
    view->addAction(action(QStringLiteral("presentation")));
    view->addSeparator();
    view->addMenu(new LanguageMenu(this));

    QMenu* run = menuBar()->addMenu(QString());
    setTr(run, "title", QT_TR_NOOP("&Run"));
    for (const char* id : {"run", "cancel", "autoRun"}) run->addAction(action(QString::fromLatin1(id)));
    run->addSeparator();
    run->addAction(action(QStringLiteral("compare")));

    menuBar()->addMenu(lessons_->menu());

    QMenu* help = menuBar()->addMenu(QString());
    setTr(help, "title", QT_TR_NOOP("&Help"));
    help->addAction(action(QStringLiteral("shortcuts")));
    help->addAction(action(QStringLiteral("about")));
}

void MainWindow::createToolBar() {
    QToolBar* tb = addToolBar(QString());
    setTr(tb, "windowTitle", QT_TR_NOOP("Main"));
    tb->setObjectName(QStringLiteral("MainToolBar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    auto* presetLabel = new QLabel(tb);
    setTr(presetLabel, "text", QT_TR_NOOP(" Preset: "));
    tb->addWidget(presetLabel);
    presetCombo_ = new QComboBox(tb);
    presetCombo_->setObjectName(QStringLiteral("presetCombo"));
    for (const auto& p : listPresets()) {
        presetCombo_->addItem(QString::fromStdString(p.name), QString::fromStdString(p.name));
        presetCombo_->setItemData(presetCombo_->count() - 1, QString::fromStdString(p.title), Qt::ToolTipRole);
    }
    setTr(presetCombo_, "toolTip", QT_TR_NOOP("Load a built-in scenario and run it"));
    presetCombo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(presetCombo_, &QComboBox::activated, this, [this](int i) {
        if (confirmLeaveEdits()) loadPreset(presetCombo_->itemData(i).toString());
        else presetCombo_->setCurrentIndex(presetCombo_->findData(QString::fromStdString(baseScenario_.name())));
    });
    tb->addWidget(presetCombo_);
    tb->addSeparator();
    tb->addAction(action(QStringLiteral("run")));
    tb->addAction(action(QStringLiteral("cancel")));
    tb->addAction(action(QStringLiteral("autoRun")));
    tb->addSeparator();
    for (const char* id : {"back", "forward", "fitAll", "zoomSel"}) tb->addAction(action(QString::fromLatin1(id)));
    tb->addSeparator();
    tb->addAction(action(QStringLiteral("compare")));
    tb->addAction(action(QStringLiteral("presentation")));
    setTr(action(QStringLiteral("zoomSel")), "iconText", QT_TR_NOOP("Zoom to selection"));
    setTr(action(QStringLiteral("compare")), "iconText", QT_TR_NOOP("Compare"));
    setTr(action(QStringLiteral("autoRun")), "iconText", QT_TR_NOOP("Auto-run"));
    setTr(action(QStringLiteral("cancel")), "iconText", QT_TR_NOOP("Cancel"));
    setTr(action(QStringLiteral("presentation")), "iconText", QT_TR_NOOP("Present"));
    addToolBarBreak();
    addToolBar(playerBar_);
    addToolBar(findChild<LaneBar*>());
}

void MainWindow::updateActions() {
    if (actions_.isEmpty() || !runTable_) return;
    const bool haveRun = currentRun() != nullptr;
    action(QStringLiteral("cancel"))->setEnabled(runner_->isRunning());
    action(QStringLiteral("back"))->setEnabled(timeline_->history().canBack());
    action(QStringLiteral("forward"))->setEnabled(timeline_->history().canForward());
    action(QStringLiteral("zoomSel"))->setEnabled(timeline_->selection().has_value());
    action(QStringLiteral("compare"))->setEnabled(runs_->size() >= 2);
    action(QStringLiteral("exportCompare"))->setEnabled(compare_->hasRuns());
    for (const char* id : {"exportTimeline", "exportPlot", "exportCsv", "exportJson", "exportTrace", "copyImage",
                           "playPause", "stepPrev", "stepNext"})
        action(QString::fromLatin1(id))->setEnabled(haveRun);
}

void MainWindow::showShortcuts() {
    QDialog dlg(this);
    dlg.setWindowTitle(tr("Keyboard and mouse"));
    auto* v = new QVBoxLayout(&dlg);
    const std::pair<QString, QString> rows[] = {
        {tr("Mouse wheel"), tr("zoom at the cursor")},
        {tr("Shift + wheel"), tr("pan")},
        {tr("Ctrl + wheel, or wheel over the lane names; Up / Down"),
         tr("scroll the lanes (when they do not all fit the height)")},
        {tr("Drag"), tr("pan")},
        {tr("Shift + drag, or right-drag"), tr("zoom to the dragged time range")},
        {tr("Click"), tr("select: details and cause → effect arrows; puts the player's cursor there")},
        {tr("Double-click"), tr("select and zoom to it")},
        {tr("W / S"), tr("zoom in / out")},
        {tr("A / D"), tr("pan left / right")},
        {tr("F"), tr("zoom to the selection")},
        {tr("Home, Ctrl+0"), tr("fit the whole run")},
        {tr("Backspace, Alt+Left / Alt+Right"), tr("back / forward through views")},
        {tr("Esc"), tr("clear the selection")},
        {tr("Space"), tr("play / pause the slow-motion player")},
        {tr(". / ,"), tr("cursor to the next / previous event on the visible lanes")},
        {tr("Ctrl+R"), tr("run the scenario")},
        {tr("Ctrl+M"), tr("compare the two selected runs")},
        {tr("F11"), tr("presentation mode")},
    };
    auto* t = new QTableWidget(int(std::size(rows)), 2, &dlg);
    t->setHorizontalHeaderLabels({tr("Input"), tr("Action")});
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int i = 0; i < int(std::size(rows)); ++i) {
        t->setItem(i, 0, new QTableWidgetItem(rows[i].first));
        t->setItem(i, 1, new QTableWidgetItem(rows[i].second));
    }
    t->resizeColumnsToContents();
    v->addWidget(t);
    auto* bb = new QDialogButtonBox(QDialogButtonBox::Close, &dlg);
    connect(bb, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
    v->addWidget(bb);
    dlg.resize(520, 480);
    dlg.exec();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About IRQ Scope"),
                       tr("<h3>IRQ Scope</h3><p>An explorer of Linux interrupt handling: a discrete-event "
                          "simulation of hardirq, softirq, tasklets, threaded IRQs and workqueues, drawn as "
                          "timelines you can change, re-run and compare.</p>"));
}

} // namespace irqscope::app
