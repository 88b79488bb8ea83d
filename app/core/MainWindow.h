// The IRQ Scope main window: the timeline in the centre (and the comparison
// of two runs beside it), the what-if scenario panel on the left, details of
// the selection and the run list on the right, metrics at the bottom.
//
// It opens ready: the default preset is loaded and simulated at once.
#pragma once

#include "core/run/Autosave.h"
#include "core/run/RunList.h"
#include "core/timeline/Palette.h"

#include <QMainWindow>
#include <QPointer>
#include <QTimer>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QTabWidget;
class QTableView;
class QTextBrowser;

namespace irqscope::app {

class CompareView;
class KnobPanel;
class MachineStateView;
class PlayerBar;
class PlayerController;
class PartsPanel;
class ScenarioInfo;
class ScenarioTabs;
class LessonDock;
class MetricsPanel;
class SimulationRunner;
class TimelinePlot;
class TwinController;
struct FigureChoices;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        QString initial; // preset name or scenario file; empty: the default preset
        bool presentation = false;
        bool restoreState = true; // window geometry and dock layout from QSettings
        QString lesson;           // a lesson id ("intro") or file to start; empty: none
        int lessonStep = 0;       // its first step shown (0-based)
        // An autosave left by an unclean exit: ask, restore or not (tests).
        Autosave::Restore restoreAutosave = Autosave::Restore::Ask;
        int autosaveDelayMs = 1500; // after the last edit
    };
    explicit MainWindow(const Options& options, QWidget* parent = nullptr);
    MainWindow() : MainWindow(Options{}) {}
    ~MainWindow() override;

    // ---- what the menus do, callable directly (tests, lessons) ----
    bool loadPreset(const QString& name);
    bool openScenarioFile(const QString& path);
    // Show this scenario in the knob panel (as a preset, unmodified) and run it.
    void runScenario(const Scenario& s);
    bool saveScenarioTo(const QString& path, QString* error);
    bool importTraceFile(const QString& path, QString* error);
    // Adds an imported capture to the run list (sessions keep its path); its id.
    int addImportedRun(const QString& path, RunPtr run);
    QString importedPath(int runId) const { return imports_.count(runId) ? imports_.at(runId) : QString(); }
    TwinController* twin() const { return twin_; }
    void runNow();
    void showRun(int runId);
    bool compareRows(int rowA, int rowB);
    // ---- sessions (MainWindowSession.cpp) ----
    bool saveSessionTo(const QString& path, QString* error);
    // Replaces the runs with the file's: simulated runs are simulated again,
    // imports imported again from their paths. `note` says what did not come
    // back as saved (a moved capture, metrics a newer engine computes differently).
    bool openSessionFile(const QString& path, QString* error, QString* note = nullptr);
    // Edits in the panel that no run and no file keeps.
    bool hasUnkeptEdits() const;
    // Runs made since the session was last saved or opened (the start-up run does not count).
    bool hasUnsavedRuns() const { return unsavedRuns_; }
    // Before the panel's scenario is replaced (another preset, file, run or
    // session): asks when hasUnkeptEdits(). False: the user chose to stay.
    bool confirmLeaveEdits();
    QTableView* runTable() const { return runTable_; }
    bool exportTimelineImage(const QString& path, QSize size, bool wholeRun, QString* error);
    // As the export dialog chose (page, lanes, cursors, title).
    bool exportTimelineFigure(const FigureChoices& choices, QString* error);
    // "basics · gpu.bottom_half = tasklet": the run's scenario and what differs from its preset.
    QString runFigureTitle(const RunRecord& run) const;
    bool exportMetricsPlot(const QString& path, QSize size, QString* error);
    bool exportMetrics(const QString& path, QString* error);
    bool exportTrace(const QString& path, QString* error);
    void setPresentationMode(bool on);
    bool presentationMode() const { return presentation_; }

    TimelinePlot* timeline() const { return timeline_; }
    KnobPanel* knobs() const { return knobs_; }
    PartsPanel* parts() const;
    ScenarioTabs* scenarioTabs() const { return scenarioTabs_; }
    MetricsPanel* metrics() const { return metrics_; }
    CompareView* compare() const { return compare_; }
    RunList* runs() const { return runs_; }
    LessonDock* lessons() const { return lessons_; }
    SimulationRunner* runner() const { return runner_; }
    Autosave* autosave() const { return autosave_; }
    QTextBrowser* details() const { return details_; }
    PlayerController* player() const { return player_; }
    PlayerBar* playerBar() const { return playerBar_; }
    MachineStateView* machineState() const { return stateView_; }
    const RunRecord* currentRun() const;
    QTabWidget* centralTabs() const { return central_; }
    QAction* action(const QString& objectName) const;

protected:
    void closeEvent(QCloseEvent* e) override;
    void showEvent(QShowEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    // MainWindow.cpp
    void createDocks();
    void onRunFinished(int ticket, RunPtr result, const Scenario& scenario);
    void updateDetails();
    void updateTitle();
    void scenarioEdited();
    void setScenario(const Scenario& s, const QString& path);
    QString runSummary(const RunRecord& r) const;
    // MainWindowTexts.cpp: every text of the window, again on a language change
    void retranslateUi();
    void setTr(QObject* o, const char* property, const char* source);
    // MainWindowActions.cpp
    void createActions();
    void createMenus();
    void createToolBar();
    void updateActions();
    void showShortcuts();
    void showAbout();
    // MainWindowFiles.cpp
    void openScenarioDialog();
    void saveScenario();
    void saveScenarioAs();
    void importTraceDialog();
    void exportTimelineDialog();
    void exportMetricsPlotDialog();
    void exportCompareDialog();
    void exportMetricsDialog(const QString& suffix);
    void exportTraceDialog();
    void copyImage();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    QString exportDir() const;
    void rememberExportDir(const QString& path);
    void readSettings(bool restoreGeometry);
    void writeSettings();
    void error(const QString& title, const QString& message);
    // MainWindowSession.cpp
    void openSessionDialog();
    void saveSessionDialog();
    bool confirmDiscardRuns(); // quitting or opening a session with unsaved runs
    void runSelectionChanged();
    void selectRunRow(int runId);
    void showRunScenario(const RunRecord& r);

    RunList* runs_ = nullptr;
    SimulationRunner* runner_ = nullptr;
    Autosave* autosave_ = nullptr;
    TimelinePlot* timeline_ = nullptr;
    CompareView* compare_ = nullptr;
    QTabWidget* central_ = nullptr;
    KnobPanel* knobs_ = nullptr;
    ScenarioTabs* scenarioTabs_ = nullptr;
    ScenarioInfo* scenarioInfo_ = nullptr;
    // Dock sizes of the default layout, as shares of the window (applied when
    // the window is first shown, so they fit 1024 px as well as 1920).
    void applyDefaultDockSizes();
    bool defaultDockSizesPending_ = true;
    MetricsPanel* metrics_ = nullptr;
    QTextBrowser* details_ = nullptr;
    PlayerController* player_ = nullptr;
    PlayerBar* playerBar_ = nullptr;
    MachineStateView* stateView_ = nullptr;
    QTableView* runTable_ = nullptr;
    QComboBox* presetCombo_ = nullptr;
    LessonDock* lessons_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QTimer autoRunTimer_;
    QString scenarioPath_; // the file Save writes; empty for a preset
    bool modified_ = false;
    bool presentation_ = false;
    QFont fontBefore_; // the window's own font before presentation mode (none: a default QFont)
    QByteArray normalState_;
    int currentRunId_ = 0;
    Scenario baseScenario_;          // as loaded from the preset or file (modified_ = differs from it)
    std::map<int, QString> imports_; // run id -> capture path (sessions)
    bool unsavedRuns_ = false;
    bool startupRunPending_ = true; // the first run (the start-up preset) is not "unsaved work"
    bool syncingSelection_ = false;
    QHash<QString, QAction*> actions_;
    TwinController* twin_ = nullptr; // File ▸ Make twin (core/twin/)
};

} // namespace irqscope::app
