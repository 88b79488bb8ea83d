// MainWindow: scenario, run and view kept together (the run list's selection
// shows that run and its scenario; leaving unkept edits asks first) and
// sessions (File ▸ Save session…, Open session…; format in core/run/Session.h).
#include "core/MainWindow.h"

#include "core/atomic_file.h"
#include "core/compare/CompareView.h"
#include "core/run/Session.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/twin/TwinController.h"
#include "irqscope/engine.h"
#include "irqscope/ftrace.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>

namespace irqscope::app {

namespace {
const QString kSessionSuffix = QStringLiteral(".irqscope-session.json");

bool sameScenario(const Scenario& a, const Scenario& b) {
    return a.name() == b.name() && diffScenarios(a, b).empty();
}
} // namespace

bool MainWindow::hasUnkeptEdits() const {
    if (!modified_) return false;
    const Scenario s = knobs_->scenario();
    for (int i = 0; i < runs_->size(); ++i)
        if (const auto& sc = runs_->at(i).scenario; sc && sameScenario(*sc, s)) return false;
    return true;
}

bool MainWindow::confirmLeaveEdits() {
    if (!hasUnkeptEdits()) return true;
    QMessageBox box(QMessageBox::Question, tr("Unsaved scenario edits"),
                    tr("The scenario %1 has edits that are neither saved nor run. Save them before leaving it?")
                        .arg(QString::fromStdString(knobs_->scenario().name())),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("leaveEditsPrompt"));
    box.setDefaultButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::Save: saveScenario(); return !modified_; // the save dialog may have been cancelled
    case QMessageBox::Discard: return true;
    default: return false;
    }
}

bool MainWindow::confirmDiscardRuns() {
    if (!unsavedRuns_) return true;
    QMessageBox box(
        QMessageBox::Question, tr("Unsaved runs"),
        tr("This session has %n run(s) not saved in a session file. Save the session first?", nullptr, runs_->size()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("unsavedRunsPrompt"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save: saveSessionDialog(); return !unsavedRuns_;
    case QMessageBox::Discard: return true;
    default: return false;
    }
}

void MainWindow::runSelectionChanged() {
    updateActions();
    if (syncingSelection_) return;
    const auto rows = runTable_->selectionModel()->selectedRows();
    if (rows.size() != 1) return; // two selected: a comparison is being chosen
    const RunRecord& r = runs_->at(rows[0].row());
    if (r.id == currentRunId_) return;
    if (r.scenario && !sameScenario(*r.scenario, knobs_->scenario())) {
        if (!confirmLeaveEdits()) {
            selectRunRow(currentRunId_); // stay: the selection goes back to the run shown
            return;
        }
        showRunScenario(r);
    }
    showRun(r.id);
}

void MainWindow::selectRunRow(int runId) {
    const int row = runs_->rowOf(runId);
    if (row < 0 || !runTable_) return;
    const auto sel = runTable_->selectionModel()->selectedRows();
    if (sel.size() == 1 && sel[0].row() == row) return;
    syncingSelection_ = true;
    runTable_->selectRow(row);
    runTable_->scrollTo(runs_->index(row, 0));
    syncingSelection_ = false;
}

void MainWindow::showRunScenario(const RunRecord& r) {
    if (!r.scenario) return;
    if (r.scenario->name() == baseScenario_.name()) {
        // the same preset or file, other values: the panel shows them as edits of it
        const Scenario base = baseScenario_;
        knobs_->setScenario(*r.scenario);
        modified_ = !diffScenarios(base, *r.scenario).empty();
        updateTitle();
    } else {
        setScenario(*r.scenario, QString());
    }
}

bool MainWindow::saveSessionTo(const QString& path, QString* err) {
    Session s = Session::capture(*runs_, imports_);
    s.currentRunId = currentRunId_;
    if (compare_->hasRuns()) {
        s.compareA = compare_->runIdA();
        s.compareB = compare_->runIdB();
    }
    s.twin = twin_->sessionEntry();
    s.panel = knobs_->scenario();
    s.panelPath = scenarioPath_;
    if (!writeFileAtomically(path, QByteArray::fromStdString(s.toJson().dump(1) + "\n"), err)) return false;
    unsavedRuns_ = false;
    return true;
}

bool MainWindow::openSessionFile(const QString& path, QString* err, QString* note) {
    const auto s = Session::readFile(path, err);
    if (!s) return false;
    runner_->cancel();
    runner_->waitForIdle(10000);
    runs_->clear();
    imports_.clear();
    compare_->clear();
    currentRunId_ = 0;
    std::map<int, int> newId; // saved id -> id in this window
    QStringList problems;
    int n = 0;
    for (const SessionRun& sr : s->runs) {
        status_->setText(tr("Opening session: run %1 of %2…").arg(++n).arg(s->runs.size()));
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        if (sr.scenario) {
            auto res = irqscope::run(*sr.scenario);
            if (!res) {
                problems << tr("run #%1 could not be simulated: %2")
                                .arg(sr.id)
                                .arg(QString::fromStdString(res.error().toString()));
                continue;
            }
            auto result = std::make_shared<RunResult>(std::move(*res));
            if (!sr.metrics.is_null() && Session::metricsDigest(result->metrics) != sr.metrics)
                problems
                    << tr("run #%1 gives other metrics than when it was saved (a different engine version)").arg(sr.id);
            newId[sr.id] = runs_->addRun(*sr.scenario, std::move(result)).id;
        } else {
            QString e;
            if (!importTraceFile(sr.capture, &e)) {
                problems << tr("capture %1 of run #%2 is missing or unreadable: %3").arg(sr.capture).arg(sr.id).arg(e);
                continue;
            }
            newId[sr.id] = runs_->at(runs_->size() - 1).id;
        }
    }
    if (s->panel) setScenario(*s->panel, s->panelPath);
    auto mapped = [&](int id) { return newId.count(id) ? newId[id] : 0; };
    const int cur = mapped(s->currentRunId) ? mapped(s->currentRunId) : (runs_->size() ? runs_->at(0).id : 0);
    if (cur) showRun(cur);
    if (mapped(s->compareA) && mapped(s->compareB))
        compareRows(runs_->rowOf(mapped(s->compareA)), runs_->rowOf(mapped(s->compareB)));
    if (s->twin) twin_->restore(*s->twin, mapped, problems);
    unsavedRuns_ = false;
    startupRunPending_ = false;
    const QString summary =
        problems.isEmpty() ? tr("Opened session %1: %n run(s)", nullptr, runs_->size()).arg(QFileInfo(path).fileName())
                           : tr("Opened session %1 with problems: %2")
                                 .arg(QFileInfo(path).fileName(), problems.join(QStringLiteral("; ")));
    status_->setText(summary);
    if (note) *note = problems.join(QLatin1Char('\n'));
    updateActions();
    return true;
}

void MainWindow::saveSessionDialog() {
    const QString p = QFileDialog::getSaveFileName(
        this, tr("Save session"), QDir(exportDir()).filePath(QStringLiteral("session") + kSessionSuffix),
        tr("IRQ Scope sessions (*%1);;All files (*)").arg(kSessionSuffix));
    if (p.isEmpty()) return;
    rememberExportDir(p);
    QString err;
    if (!saveSessionTo(p, &err)) error(tr("Cannot save session"), err);
    else status_->setText(tr("Saved session %1").arg(p));
}

void MainWindow::openSessionDialog() {
    if (!confirmDiscardRuns() || !confirmLeaveEdits()) return;
    const QString p = QFileDialog::getOpenFileName(this, tr("Open session"), exportDir(),
                                                   tr("IRQ Scope sessions (*%1);;All files (*)").arg(kSessionSuffix));
    if (p.isEmpty()) return;
    QString err, note;
    if (!openSessionFile(p, &err, &note)) error(tr("Cannot open session"), err);
    else if (!note.isEmpty() && !QApplication::platformName().contains(QLatin1String("offscreen")))
        QMessageBox::information(this, tr("Session opened with problems"), note);
}

} // namespace irqscope::app
