#include "core/MainWindow.h"
#include "core/twin/TwinController.h"

#include "core/compare/CompareView.h"
#include "core/events/EventList.h"
#include "core/lessons/LessonDock.h"
#include "core/metrics/MetricsPanel.h"
#include "core/player/MachineStateView.h"
#include "core/player/PlayerBar.h"
#include "core/player/PlayerController.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/scenario/PartsModel.h"
#include "core/scenario/ScenarioInfo.h"
#include "core/scenario/ScenarioTabs.h"
#include "core/timeline/TimelinePlot.h"
#include "core/util/TimeFormat.h"
#include "irqscope/presets.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

// Resources of a static library must be registered explicitly.
static void initIrqscopeResources() {
    Q_INIT_RESOURCE(irqscope);
}

namespace irqscope::app {

MainWindow::MainWindow(const Options& options, QWidget* parent) : QMainWindow(parent) {
    initIrqscopeResources();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/irqscope.svg")));
    runs_ = new RunList(this);
    runner_ = new SimulationRunner(this);

    central_ = new QTabWidget(this);
    central_->setDocumentMode(true);
    timeline_ = new TimelinePlot(central_);
    compare_ = new CompareView(central_);
    central_->addTab(timeline_, QString()); // tab texts: retranslateUi()
    central_->addTab(compare_, QString());
    // The compare view is a tab behind the timeline: its own minimum (two plots
    // beside the metrics table) would take the scenario column's room at
    // 1024x768; like the timeline it may be squeezed on a small screen.
    compare_->setMinimumWidth(240);
    setCentralWidget(central_);

    createDocks();
    createActions();
    createMenus();
    createToolBar();

    status_ = new QLabel(this);
    statusBar()->addWidget(status_, 1);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(220);
    setTr(progress_, "format", QT_TR_NOOP("simulating… %p%"));
    progress_->hide();
    statusBar()->addPermanentWidget(progress_);

    connect(runner_, &SimulationRunner::started, this, [this](int) {
        progress_->setValue(0);
        progress_->show();
        status_->setText(tr("Simulating %1…").arg(QString::fromStdString(knobs_->scenario().name())));
        updateActions();
    });
    connect(runner_, &SimulationRunner::progress, this,
            [this](int, double f) { progress_->setValue(static_cast<int>(f * 1000)); });
    connect(runner_, &SimulationRunner::finished, this, &MainWindow::onRunFinished);
    connect(runner_, &SimulationRunner::failed, this, [this](int, const QString& msg) {
        progress_->hide();
        status_->setText(tr("The run failed: %1").arg(msg));
        updateActions();
    });
    connect(runner_, &SimulationRunner::cancelled, this, [this](int) {
        progress_->hide();
        status_->setText(tr("Run cancelled."));
        updateActions();
    });
    connect(timeline_, &TimelinePlot::selectionChanged, this, &MainWindow::updateDetails);
    connect(timeline_, &TimelinePlot::historyChanged, this, &MainWindow::updateActions);
    connect(metrics_, &MetricsPanel::warningActivated, this, [this](Time t, int cpu) {
        central_->setCurrentWidget(timeline_);
        timeline_->jumpTo(t, cpu);
    });
    connect(knobs_, &KnobPanel::scenarioEdited, this, &MainWindow::scenarioEdited);
    autosave_ = new Autosave(QString(), this);
    autosave_->setDelay(options.autosaveDelayMs);
    connect(knobs_, &KnobPanel::scenarioEdited, this, [this] { autosave_->schedule(knobs_->scenario()); });
    connect(autosave_, &Autosave::saveFailed, this, [this](const QString& m) { statusBar()->showMessage(m, 15000); });
    connect(autosave_, &Autosave::disabled, this, [this](const QString& m) { statusBar()->showMessage(m, 15000); });
    // A notice (restore, bad settings) covers the run summary until it times out.
    connect(statusBar(), &QStatusBar::messageChanged, this,
            [this](const QString& m) { status_->setVisible(m.isEmpty()); });

    autoRunTimer_.setSingleShot(true);
    autoRunTimer_.setInterval(300);
    connect(&autoRunTimer_, &QTimer::timeout, this, &MainWindow::runNow);

    twin_ = new TwinController(this);
    retranslateUi();
    readSettings(options.restoreState);

    const QString initial = options.initial.isEmpty() ? QString::fromStdString(defaultPresetName()) : options.initial;
    bool isPreset = false;
    for (const auto& p : listPresets()) isPreset = isPreset || QString::fromStdString(p.name) == initial;
    if (!(isPreset ? loadPreset(initial) : openScenarioFile(initial)))
        loadPreset(QString::fromStdString(defaultPresetName()));
    if (autosave_->beginSession()) { // the last session ended uncleanly with unsaved edits
        QString note;
        if (auto restored = autosave_->offerRestore(this, options.restoreAutosave, &note)) {
            runScenario(*restored);
            modified_ = true;
            updateTitle();
        }
        statusBar()->showMessage(note, 15000);
    }
    if (options.presentation) setPresentationMode(true);
    if (!options.lesson.isEmpty()) {
        QString err;
        if (!lessons_->startLesson(options.lesson, options.lessonStep, &err)) status_->setText(err);
    }
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    auto* scenarioDock = new QDockWidget(this);
    setTr(scenarioDock, "windowTitle", QT_TR_NOOP("Scenario"));
    scenarioDock->setObjectName(QStringLiteral("ScenarioDock"));
    auto* sc = new QWidget(scenarioDock);
    auto* sv = new QVBoxLayout(sc);
    sv->setContentsMargins(4, 4, 4, 0);
    // The description can be long (a seed's whole story): its first sentences,
    // and "more…" for the rest, so the parameters keep the column.
    scenarioInfo_ = new ScenarioInfo(sc);
    sv->addWidget(scenarioInfo_);
    scenarioTabs_ = new ScenarioTabs(sc); // Parameters | Parts
    knobs_ = scenarioTabs_->knobs();
    // seven lines of story, three on the Parts tab: the part's form needs the height
    // (and the tab bar took the room of two lines: the window still fits 1024x650)
    connect(scenarioTabs_, &QTabWidget::currentChanged, this,
            [this](int tab) { scenarioInfo_->setMaxLines(tab == 1 ? 3 : 7); });
    sv->addWidget(scenarioTabs_, 1);
    scenarioDock->setWidget(sc);
    addDockWidget(Qt::LeftDockWidgetArea, scenarioDock);

    auto* detailsDock = new QDockWidget(this);
    setTr(detailsDock, "windowTitle", QT_TR_NOOP("Details"));
    detailsDock->setObjectName(QStringLiteral("DetailsDock"));
    details_ = new QTextBrowser(detailsDock);
    details_->setOpenLinks(false);
    detailsDock->setWidget(details_);
    addDockWidget(Qt::RightDockWidgetArea, detailsDock);

    auto* runsDock = new QDockWidget(this);
    setTr(runsDock, "windowTitle", QT_TR_NOOP("Runs"));
    runsDock->setObjectName(QStringLiteral("RunsDock"));
    runTable_ = new QTableView(runsDock);
    runTable_->setModel(runs_);
    runTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    runTable_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    runTable_->verticalHeader()->hide();
    // The dock is narrow and "what changed" is the column people read: the
    // scenario name gets a fixed share (elided, full text in the tooltip),
    // the numbers fit their contents, the changes take the rest.
    QHeaderView* header = runTable_->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RunList::Name, QHeaderView::Interactive);
    header->resizeSection(RunList::Name, fontMetrics().horizontalAdvance(QLatin1Char('x')) * 11);
    header->setSectionResizeMode(RunList::Changes, QHeaderView::Stretch);
    header->setMinimumSectionSize(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 4);
    runTable_->setTextElideMode(Qt::ElideRight);
    runTable_->setWordWrap(false);
    // ResizeToContents alone measures only the rows on screen when the header
    // lays out, which can be none while the dock is being placed ("998.0 m…"):
    // the number columns are fitted again whenever runs are added or change.
    auto fitNumbers = [this] {
        for (int c : {int(RunList::Id), int(RunList::Latency), int(RunList::MaxLatency), int(RunList::Warnings),
                      int(RunList::SimTime)})
            runTable_->resizeColumnToContents(c);
    };
    for (int c : {int(RunList::Id), int(RunList::Latency), int(RunList::MaxLatency), int(RunList::Warnings),
                  int(RunList::SimTime)})
        header->setSectionResizeMode(c, QHeaderView::Interactive);
    // The table is the timer's context: a window closed before the timer fires
    // cancels it (without one, the fit ran on a destroyed table and crashed).
    connect(runs_, &QAbstractItemModel::rowsInserted, this,
            [this, fitNumbers] { QTimer::singleShot(0, runTable_, fitNumbers); });
    connect(runs_, &QAbstractItemModel::dataChanged, this,
            [this, fitNumbers] { QTimer::singleShot(0, runTable_, fitNumbers); });
    setTr(runTable_, "toolTip",
          QT_TR_NOOP("Select a run to show it and its scenario; select two and press Ctrl+M to compare them."));
    connect(runTable_, &QTableView::doubleClicked, this,
            [this](const QModelIndex& i) { showRun(runs_->at(i.row()).id); });
    // The selection is the run shown: selecting one run shows it and its scenario (asking first when the
    // panel has edits no run keeps); showing a run by any other way selects it.
    connect(runTable_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::runSelectionChanged);
    runsDock->setWidget(runTable_);
    addDockWidget(Qt::RightDockWidgetArea, runsDock);

    auto* metricsDock = new QDockWidget(this);
    setTr(metricsDock, "windowTitle", QT_TR_NOOP("Metrics"));
    metricsDock->setObjectName(QStringLiteral("MetricsDock"));
    metrics_ = new MetricsPanel(metricsDock);
    metricsDock->setWidget(metrics_);
    addDockWidget(Qt::BottomDockWidgetArea, metricsDock);

    // The lesson dock appears when a lesson starts (Lessons menu).
    lessons_ = new LessonDock(this);
    addDockWidget(Qt::RightDockWidgetArea, lessons_);
    splitDockWidget(lessons_, detailsDock, Qt::Vertical);
    lessons_->hide();

    // The slow-motion player: its toolbar (added in createToolBar) and the state at its cursor.
    player_ = new PlayerController(timeline_, this);
    playerBar_ = new PlayerBar(player_, this);
    auto* stateDock = new QDockWidget(this);
    setTr(stateDock, "windowTitle", QT_TR_NOOP("Machine state"));
    stateDock->setObjectName(QStringLiteral("MachineStateDock"));
    stateView_ = new MachineStateView(stateDock);
    stateDock->setWidget(stateView_);
    addDockWidget(Qt::RightDockWidgetArea, stateDock);
    tabifyDockWidget(detailsDock, stateDock);
    auto* eventsDock = new QDockWidget(this);
    setTr(eventsDock, "windowTitle", QT_TR_NOOP("Events"));
    eventsDock->setObjectName(QStringLiteral("EventsDock"));
    eventsDock->setWidget(new EventList(timeline_, eventsDock));
    // (a tab behind Machine state: its row of buttons must not widen the column at 1024x768)
    eventsDock->widget()->setMinimumWidth(220);
    addDockWidget(Qt::RightDockWidgetArea, eventsDock);
    tabifyDockWidget(stateDock, eventsDock);
    stateDock->raise();
    connect(player_, &PlayerController::cursorChanged, stateView_, &MachineStateView::showTime);
    connect(timeline_, &TimelinePlot::timeClicked, player_, &PlayerController::setCursor);
}

void MainWindow::showEvent(QShowEvent* e) {
    QMainWindow::showEvent(e);
    if (defaultDockSizesPending_) applyDefaultDockSizes();
}

void MainWindow::applyDefaultDockSizes() {
    defaultDockSizesPending_ = false;
    auto dock = [this](const char* name) { return findChild<QDockWidget*>(QLatin1String(name)); };
    QDockWidget *scenario = dock("ScenarioDock"), *details = dock("DetailsDock"), *runs = dock("RunsDock"),
                *metrics = dock("MetricsDock");
    // Side columns of 22 % each (240-380 px): the timeline keeps over half of a
    // 1024 px window; the metrics a third of the height, at most 300 px.
    const int side = std::clamp(width() * 22 / 100, 240, 380);
    resizeDocks({scenario, details}, {side, side}, Qt::Horizontal);
    resizeDocks({metrics}, {std::clamp(height() * 30 / 100, 170, 300)}, Qt::Vertical);
    resizeDocks({details, runs}, {3, 2}, Qt::Vertical);
}

PartsPanel* MainWindow::parts() const {
    return scenarioTabs_->parts();
}

const RunRecord* MainWindow::currentRun() const {
    return runs_->byId(currentRunId_);
}

void MainWindow::setScenario(const Scenario& s, const QString& path) {
    knobs_->setScenario(s);
    baseScenario_ = s;
    scenarioPath_ = path;
    modified_ = false;
    const QString title = QString::fromStdString(s.title());
    const QString desc = QString::fromStdString(s.description());
    scenarioInfo_->setStory(title.isEmpty() ? QString::fromStdString(s.name()) : title, desc);
    if (presetCombo_) {
        presetCombo_->blockSignals(true);
        presetCombo_->setCurrentIndex(path.isEmpty() ? presetCombo_->findData(QString::fromStdString(s.name())) : -1);
        presetCombo_->blockSignals(false);
    }
    updateTitle();
}

bool MainWindow::loadPreset(const QString& name) {
    auto s = irqscope::loadPreset(name.toStdString());
    if (!s) {
        error(tr("Cannot load preset"), QString::fromStdString(s.error().toString()));
        return false;
    }
    setScenario(*s, QString());
    runNow();
    return true;
}

void MainWindow::runScenario(const Scenario& s) {
    setScenario(s, QString());
    runNow();
}

void MainWindow::scenarioEdited() {
    modified_ = true;
    updateTitle();
    if (action(QStringLiteral("autoRun"))->isChecked() && knobs_->validationError().isEmpty()) autoRunTimer_.start();
}

void MainWindow::runNow() {
    autoRunTimer_.stop();
    if (const QString err = knobs_->validationError(); !err.isEmpty()) {
        status_->setText(tr("Not run: %1").arg(err));
        return;
    }
    runner_->start(knobs_->scenario());
}

void MainWindow::onRunFinished(int, RunPtr result, const Scenario& scenario) {
    progress_->hide();
    const RunRecord& r = runs_->addRun(scenario, result);
    if (startupRunPending_) startupRunPending_ = false; // the window opening is not work to lose
    else unsavedRuns_ = true;
    showRun(r.id);
    status_->setText(runSummary(r));
    updateActions();
}

QString MainWindow::runSummary(const RunRecord& r) const {
    const Metrics& m = r.result->metrics;
    if (!r.scenario) return tr("%1: imported trace, %2 long").arg(r.label, formatTime(double(m.simTimeNs)));
    return tr("Run %1: %2 simulated in %3 s, %4 events%5")
        .arg(r.label, formatTime(double(m.simTimeNs)))
        .arg(m.wallTimeS, 0, 'f', 2)
        .arg(m.events)
        .arg(m.droppedSegments ? tr(" (%1 trace records dropped by the memory budget)").arg(m.droppedSegments)
                               : QString());
}

void MainWindow::showRun(int runId) {
    const RunRecord* r = runs_->byId(runId);
    if (!r) return;
    // Keep the zoom when re-running the same scenario: what-if is easier to see in place.
    const RunRecord* prev = currentRun();
    const TimeRange view = timeline_->view();
    const bool keepView = prev && timeline_->view() != timeline_->fullRange() && prev->result &&
                          prev->result->trace.endTime() == r->result->trace.endTime();
    currentRunId_ = runId;
    const QString title = r->scenario && !r->scenario->title().empty()
                              ? tr("%1 — %2").arg(r->label, QString::fromStdString(r->scenario->title()))
                              : r->label;
    timeline_->setRun(r->result, title);
    if (keepView) timeline_->setView(view);
    stateView_->setRun(r->result);
    player_->setRun(r->result);
    QStringList probes;
    if (r->scenario)
        for (const std::string& p : probeNames(*r->scenario)) probes << QString::fromStdString(p);
    metrics_->setRun(r->result, probes);
    central_->setCurrentWidget(timeline_);
    selectRunRow(runId);
    updateDetails();
    updateTitle();
    updateActions();
}

bool MainWindow::compareRows(int rowA, int rowB) {
    if (rowA < 0 || rowB < 0 || rowA >= runs_->size() || rowB >= runs_->size() || rowA == rowB) return false;
    compare_->setRuns(runs_->at(std::min(rowA, rowB)), runs_->at(std::max(rowA, rowB)));
    central_->setCurrentWidget(compare_);
    updateActions();
    return true;
}

void MainWindow::updateDetails() {
    const auto& sel = timeline_->selection();
    const Trace* t = timeline_->scene().trace();
    if (!sel || !t) {
        details_->setHtml(tr("<p style='color:#555'>Click anything on the timeline to see its full record and what "
                             "caused it. Hover for a quick summary.</p>"));
        return;
    }
    const CausalChain chain = sel->type == TimelineItem::Type::Segment ? causalChain(*t, sel->ref()) : CausalChain{};
    details_->setHtml(ItemText::detailsHtml(*t, *sel, chain));
}

void MainWindow::updateTitle() {
    const QString name = scenarioPath_.isEmpty() ? QString::fromStdString(knobs_->scenario().name())
                                                 : QFileInfo(scenarioPath_).fileName();
    setWindowTitle(tr("%1%2 — IRQ Scope").arg(name, modified_ ? QStringLiteral("*") : QString()));
}

void MainWindow::setPresentationMode(bool on) {
    if (on == presentation_) return;
    presentation_ = on;
    const Palette::Theme theme = on ? Palette::Theme::Presentation : Palette::Theme::Standard;
    const int pt = on ? 16 : 9;
    if (on) {
        // given back exactly when it ends: none of its own (inherit) unless it had one
        fontBefore_ = testAttribute(Qt::WA_SetFont) ? font() : QFont();
        QFont f = font();
        f.setPointSize(15);
        setFont(f);
    } else {
        setFont(fontBefore_);
    }
    timeline_->setTheme(theme);
    timeline_->setBaseFontSize(pt);
    compare_->setTheme(theme, pt);
    metrics_->setTheme(theme, on ? 14 : 9);
    if (on) {
        normalState_ = saveState();
        // the projector gets the timeline: metrics and the run list step aside
        for (const char* dock : {"MetricsDock", "RunsDock"})
            if (auto* d = findChild<QDockWidget*>(QString::fromLatin1(dock))) d->hide();
        showFullScreen();
    } else {
        showNormal();
        if (!normalState_.isEmpty()) restoreState(normalState_);
    }
    lessons_->applyLessonLayout(); // during a lesson (F11) the lesson dock stays
    if (QAction* a = action(QStringLiteral("presentation"))) a->setChecked(on);
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!confirmDiscardRuns() || !confirmLeaveEdits()) {
        e->ignore();
        return;
    }
    runner_->cancel();
    writeSettings();
    e->accept();
}

void MainWindow::error(const QString& title, const QString& message) {
    status_->setText(message);
    if (!QApplication::platformName().contains(QLatin1String("offscreen"))) QMessageBox::warning(this, title, message);
}

} // namespace irqscope::app
