// MainWindow: actions, menus and the toolbar.
#include "core/MainWindow.h"

#include "core/compare/CompareView.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
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

QAction* MainWindow::action(const QString& objectName) const { return actions_.value(objectName); }

void MainWindow::createActions() {
    auto make = [this](const char* id, const QString& text, const QKeySequence& key = {}, const QString& icon = {}) {
        auto* a = new QAction(text, this);
        a->setObjectName(QString::fromLatin1(id));
        if (!key.isEmpty()) a->setShortcut(key);
        if (icon.startsWith(QLatin1Char(':'))) a->setIcon(QIcon(icon));
        else if (!icon.isEmpty()) a->setIcon(QIcon::fromTheme(icon));
        actions_.insert(a->objectName(), a);
        return a;
    };
    connect(make("open", tr("&Open scenario…"), QKeySequence::Open, QStringLiteral("document-open")),
            &QAction::triggered, this, &MainWindow::openScenarioDialog);
    connect(make("save", tr("&Save scenario"), QKeySequence::Save, QStringLiteral("document-save")),
            &QAction::triggered, this, &MainWindow::saveScenario);
    connect(make("saveAs", tr("Save scenario &as…"), QKeySequence::SaveAs, QStringLiteral("document-save-as")),
            &QAction::triggered, this, &MainWindow::saveScenarioAs);
    connect(make("import", tr("&Import ftrace capture…"), QKeySequence(tr("Ctrl+I"))), &QAction::triggered, this,
            &MainWindow::importTraceDialog);
    connect(make("exportTimeline", tr("Timeline &image (PNG, SVG, PDF)…"), QKeySequence(tr("Ctrl+E"))),
            &QAction::triggered, this, &MainWindow::exportTimelineDialog);
    connect(make("exportPlot", tr("Current &metrics plot image…")), &QAction::triggered, this,
            &MainWindow::exportMetricsPlotDialog);
    connect(make("exportCompare", tr("&Comparison image…")), &QAction::triggered, this,
            &MainWindow::exportCompareDialog);
    connect(make("exportCsv", tr("Metrics as &CSV…")), &QAction::triggered, this,
            [this] { exportMetricsDialog(QStringLiteral("csv")); });
    connect(make("exportJson", tr("Metrics as &JSON…")), &QAction::triggered, this,
            [this] { exportMetricsDialog(QStringLiteral("json")); });
    connect(make("exportTrace", tr("Trace for &Perfetto (Chrome JSON)…")), &QAction::triggered, this,
            &MainWindow::exportTraceDialog);
    connect(make("copyImage", tr("&Copy image"), QKeySequence(tr("Ctrl+Shift+C")), QStringLiteral("edit-copy")),
            &QAction::triggered, this, &MainWindow::copyImage);
    connect(make("quit", tr("&Quit"), QKeySequence::Quit, QStringLiteral("application-exit")), &QAction::triggered,
            this, &QWidget::close);

    connect(make("run", tr("&Run"), QKeySequence(tr("Ctrl+R")), QStringLiteral(":/icons/run.svg")),
            &QAction::triggered, this, &MainWindow::runNow);
    connect(make("cancel", tr("&Cancel run"), QKeySequence(tr("Ctrl+.")), QStringLiteral(":/icons/cancel.svg")),
            &QAction::triggered, runner_, &SimulationRunner::cancel);
    QAction* autoRun = make("autoRun", tr("&Auto-run after each edit"), {}, QStringLiteral(":/icons/autorun.svg"));
    autoRun->setCheckable(true);
    connect(make("compare", tr("Co&mpare selected runs"), QKeySequence(tr("Ctrl+M")), QStringLiteral(":/icons/compare.svg")), &QAction::triggered, this,
            [this] {
                const auto rows = runTable_->selectionModel()->selectedRows();
                if (rows.size() == 2) compareRows(rows[0].row(), rows[1].row());
                else if (runs_->size() >= 2) compareRows(runs_->size() - 2, runs_->size() - 1);
            });

    // W/S/A/D act when the timeline has focus; the menu shows them as hints.
    connect(make("zoomIn", tr("Zoom &in\tW"), {}, QStringLiteral("zoom-in")), &QAction::triggered, timeline_,
            &TimelinePlot::zoomIn);
    connect(make("zoomOut", tr("Zoom &out\tS"), {}, QStringLiteral("zoom-out")), &QAction::triggered, timeline_,
            &TimelinePlot::zoomOut);
    connect(make("panLeft", tr("Pan &left\tA")), &QAction::triggered, timeline_, &TimelinePlot::panLeft);
    connect(make("panRight", tr("Pan &right\tD")), &QAction::triggered, timeline_, &TimelinePlot::panRight);
    connect(make("fitAll", tr("&Fit all"), QKeySequence(tr("Ctrl+0")), QStringLiteral(":/icons/fit.svg")),
            &QAction::triggered, timeline_, &TimelinePlot::fitAll);
    connect(make("zoomSel", tr("Zoom to &selection\tF"), {}, QStringLiteral(":/icons/zoom-selection.svg")), &QAction::triggered,
            timeline_, &TimelinePlot::zoomToSelection);
    connect(make("back", tr("&Back"), QKeySequence::Back, QStringLiteral(":/icons/back.svg")), &QAction::triggered,
            timeline_, &TimelinePlot::back);
    connect(make("forward", tr("For&ward"), QKeySequence::Forward, QStringLiteral(":/icons/forward.svg")), &QAction::triggered,
            timeline_, &TimelinePlot::forward);
    QAction* pres = make("presentation", tr("&Presentation mode"), QKeySequence(Qt::Key_F11),
                         QStringLiteral(":/icons/presentation.svg"));
    pres->setCheckable(true);
    connect(pres, &QAction::toggled, this, &MainWindow::setPresentationMode);
    auto laneToggle = [&](const char* id, const QString& text, bool LaneFilter::*field) {
        QAction* a = make(id, text);
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, [this, field](bool on) {
            LaneFilter f = timeline_->laneFilter();
            f.*field = on;
            timeline_->setLaneFilter(f);
        });
    };
    laneToggle("lanesIrq", tr("Interrupt-line lanes"), &LaneFilter::irqLines);
    laneToggle("lanesTask", tr("Task lanes"), &LaneFilter::tasks);
    connect(make("shortcuts", tr("&Keyboard and mouse…"), QKeySequence::HelpContents), &QAction::triggered, this,
            &MainWindow::showShortcuts);
    connect(make("about", tr("&About IRQ Scope")), &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(action(QStringLiteral("open")));
    recentMenu_ = file->addMenu(tr("Open &recent"));
    file->addAction(action(QStringLiteral("save")));
    file->addAction(action(QStringLiteral("saveAs")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("import")));
    QMenu* exp = file->addMenu(tr("&Export"));
    for (const char* id : {"exportTimeline", "exportPlot", "exportCompare"}) exp->addAction(action(QString::fromLatin1(id)));
    exp->addSeparator();
    for (const char* id : {"exportCsv", "exportJson", "exportTrace"}) exp->addAction(action(QString::fromLatin1(id)));
    file->addAction(action(QStringLiteral("copyImage")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("quit")));
    rebuildRecentMenu();

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (const char* id : {"zoomIn", "zoomOut", "panLeft", "panRight", "fitAll", "zoomSel", "back", "forward"})
        view->addAction(action(QString::fromLatin1(id)));
    view->addSeparator();
    view->addAction(action(QStringLiteral("lanesIrq")));
    view->addAction(action(QStringLiteral("lanesTask")));
    view->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());
    view->addSeparator();
    view->addAction(action(QStringLiteral("presentation")));

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    for (const char* id : {"run", "cancel", "autoRun"}) run->addAction(action(QString::fromLatin1(id)));
    run->addSeparator();
    run->addAction(action(QStringLiteral("compare")));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(action(QStringLiteral("shortcuts")));
    help->addAction(action(QStringLiteral("about")));
}

void MainWindow::createToolBar() {
    QToolBar* tb = addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("MainToolBar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tb->addWidget(new QLabel(tr(" Preset: "), tb));
    presetCombo_ = new QComboBox(tb);
    presetCombo_->setObjectName(QStringLiteral("presetCombo"));
    for (const auto& p : listPresets()) {
        presetCombo_->addItem(QString::fromStdString(p.name), QString::fromStdString(p.name));
        presetCombo_->setItemData(presetCombo_->count() - 1, QString::fromStdString(p.title), Qt::ToolTipRole);
    }
    presetCombo_->setToolTip(tr("Load a built-in scenario and run it"));
    presetCombo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(presetCombo_, &QComboBox::activated, this,
            [this](int i) { loadPreset(presetCombo_->itemData(i).toString()); });
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
    action(QStringLiteral("zoomSel"))->setIconText(tr("Zoom to selection"));
    action(QStringLiteral("compare"))->setIconText(tr("Compare"));
    action(QStringLiteral("autoRun"))->setIconText(tr("Auto-run"));
    action(QStringLiteral("cancel"))->setIconText(tr("Cancel"));
    action(QStringLiteral("presentation"))->setIconText(tr("Present"));
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
    for (const char* id : {"exportTimeline", "exportPlot", "exportCsv", "exportJson", "exportTrace", "copyImage"})
        action(QString::fromLatin1(id))->setEnabled(haveRun);
}

void MainWindow::showShortcuts() {
    QDialog dlg(this);
    dlg.setWindowTitle(tr("Keyboard and mouse"));
    auto* v = new QVBoxLayout(&dlg);
    const std::pair<QString, QString> rows[] = {
        {tr("Mouse wheel"), tr("zoom at the cursor")},
        {tr("Shift + wheel"), tr("pan")},
        {tr("Drag"), tr("pan")},
        {tr("Shift + drag, or right-drag"), tr("zoom to the dragged time range")},
        {tr("Click"), tr("select: details and cause → effect arrows")},
        {tr("Double-click"), tr("select and zoom to it")},
        {tr("W / S"), tr("zoom in / out")},
        {tr("A / D"), tr("pan left / right")},
        {tr("F"), tr("zoom to the selection")},
        {tr("Home, Ctrl+0"), tr("fit the whole run")},
        {tr("Backspace, Alt+Left / Alt+Right"), tr("back / forward through views")},
        {tr("Esc"), tr("clear the selection")},
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
