// MainWindow: scenario files, recent files, import, export and settings.
#include "core/MainWindow.h"

#include "core/atomic_file.h"
#include "core/compare/CompareView.h"
#include "core/export/ImageExportDialog.h"
#include "core/export/MetricsExport.h"
#include "core/export/PlotExport.h"
#include "core/lessons/LessonDock.h"
#include "core/metrics/CpuTimePlot.h"
#include "core/metrics/LatencyPlot.h"
#include "core/metrics/MetricsPanel.h"
#include "core/run/SettingsReader.h"
#include "core/scenario/KnobPanel.h"
#include "core/timeline/TimelinePlot.h"
#include "core/timeline_image.h"
#include "irqscope/ftrace.h"

#include <algorithm>
#include <map>
#include <vector>

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>

namespace irqscope::app {

namespace {
constexpr int kMaxRecent = 8;
const QString kScenarioFilter = QStringLiteral("*.json");
} // namespace

void MainWindow::openScenarioDialog() {
    if (!confirmLeaveEdits()) return;
    const QString p = QFileDialog::getOpenFileName(this, tr("Open scenario"), exportDir(),
                                                   tr("Scenario files (%1);;All files (*)").arg(kScenarioFilter));
    if (!p.isEmpty()) openScenarioFile(p);
}

bool MainWindow::openScenarioFile(const QString& path) {
    auto s = Scenario::fromFile(path.toStdString());
    if (!s) {
        error(tr("Cannot open scenario"), QString::fromStdString(s.error().toString()));
        return false;
    }
    if (s->name().empty()) s->setName(QFileInfo(path).completeBaseName().toStdString());
    setScenario(*s, path);
    addRecent(path);
    runNow();
    return true;
}

bool MainWindow::saveScenarioTo(const QString& path, QString* err) {
    Scenario s = knobs_->scenario();
    const QByteArray text = QByteArray::fromStdString(s.document().dump(2) + "\n");
    if (!writeFileAtomically(path, text, err)) return false;
    scenarioPath_ = path;
    baseScenario_ = s;
    modified_ = false;
    addRecent(path);
    updateTitle();
    return true;
}

void MainWindow::saveScenario() {
    // an rt-app task set is not overwritten with the scenario language: Save as
    if (scenarioPath_.isEmpty() || scenarioPath_.toStdString() == knobs_->scenario().rtappFile())
        return saveScenarioAs();
    QString err;
    if (!saveScenarioTo(scenarioPath_, &err)) error(tr("Cannot save scenario"), err);
    else status_->setText(tr("Saved %1").arg(scenarioPath_));
}

void MainWindow::saveScenarioAs() {
    const QString suggested =
        // *.irqscope.json: the name the desktop's file type (application/x-irqscope-scenario) is known by
        QDir(exportDir())
            .filePath(QString::fromStdString(knobs_->scenario().name()) + QStringLiteral(".irqscope.json"));
    const QString p = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggested,
                                                   tr("Scenario files (%1)").arg(kScenarioFilter));
    if (p.isEmpty()) return;
    rememberExportDir(p);
    QString err;
    if (!saveScenarioTo(p, &err)) error(tr("Cannot save scenario"), err);
    else status_->setText(tr("Saved %1").arg(p));
}

void MainWindow::addRecent(const QString& path) {
    QSettings s;
    QStringList list = SettingsReader(s).stringList(QStringLiteral("recentFiles"));
    const QString abs = QFileInfo(path).absoluteFilePath();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMaxRecent) list.removeLast();
    s.setValue(QStringLiteral("recentFiles"), list);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    if (!recentMenu_) return;
    recentMenu_->clear();
    QSettings settings;
    const QStringList list = SettingsReader(settings).stringList(QStringLiteral("recentFiles"));
    for (int i = 0; i < list.size(); ++i) {
        const QString p = list[i];
        QAction* a = recentMenu_->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(p).fileName()));
        a->setToolTip(p);
        connect(a, &QAction::triggered, this, [this, p] {
            if (confirmLeaveEdits()) openScenarioFile(p);
        });
    }
    if (list.isEmpty()) recentMenu_->addAction(tr("(none yet)"))->setEnabled(false);
    else {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear list"), this, [this] {
            QSettings().remove(QStringLiteral("recentFiles"));
            rebuildRecentMenu();
        });
    }
}

void MainWindow::importTraceDialog() {
    const QString p = QFileDialog::getOpenFileName(this, tr("Import ftrace capture"), exportDir(),
                                                   tr("ftrace text (*.txt *.trace *.dat.txt);;All files (*)"));
    if (p.isEmpty()) return;
    QString err;
    if (!importTraceFile(p, &err)) error(tr("Cannot import trace"), err);
}

bool MainWindow::importTraceFile(const QString& path, QString* err) {
    auto r = importFtraceFile(path.toStdString());
    if (!r) {
        if (err) *err = QString::fromStdString(r.error().toString());
        return false;
    }
    auto run = std::make_shared<RunResult>();
    run->trace = std::move(r->trace);
    run->metrics = std::move(r->metrics);
    showRun(addImportedRun(path, std::move(run)));
    // What the importer could not read and what it had to repair to rebuild
    // the context stacks, as the CLI's import report says it: totals, then
    // the most frequent kinds.
    const ImportReport& rep = r->report;
    const auto mostFrequent = [](const std::map<std::string, std::uint64_t>& kinds) {
        const auto v = byFrequency(kinds);
        QStringList out;
        for (std::size_t i = 0; i < v.size() && i < 3; ++i)
            out << QStringLiteral("%1 %2").arg(QString::fromStdString(validUtf8(v[i].first))).arg(v[i].second);
        return out.join(QStringLiteral(", "));
    };
    QString text = tr("Imported %1: %2 events understood, %3 skipped, %4 repaired")
                       .arg(path)
                       .arg(rep.events)
                       .arg(totalCount(rep.skipped))
                       .arg(totalCount(rep.notes));
    if (!rep.notes.empty()) text += tr(" (repaired: %1)").arg(mostFrequent(rep.notes));
    if (!rep.skipped.empty()) text += tr(" (skipped: %1)").arg(mostFrequent(rep.skipped));
    if (rep.lostEvents) text += tr("; events lost by the kernel: %1").arg(rep.lostEvents);
    status_->setText(text);
    return true;
}

int MainWindow::addImportedRun(const QString& path, RunPtr run) {
    const RunRecord& rec = runs_->addImported(QFileInfo(path).fileName(), std::move(run));
    imports_[rec.id] = QFileInfo(path).absoluteFilePath();
    unsavedRuns_ = true;
    return rec.id;
}

QString MainWindow::exportDir() const {
    QSettings s;
    return SettingsReader(s).string(QStringLiteral("exportDir"),
                                    QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
}

void MainWindow::rememberExportDir(const QString& path) {
    QSettings().setValue(QStringLiteral("exportDir"), QFileInfo(path).absolutePath());
}

bool MainWindow::exportTimelineImage(const QString& path, QSize size, bool wholeRun, QString* err) {
    FigureChoices c;
    c.path = path;
    c.size = size;
    c.wholeRun = wholeRun;
    if (const RunRecord* r = currentRun()) c.title = runFigureTitle(*r);
    return exportTimelineFigure(c, err);
}

QString MainWindow::runFigureTitle(const RunRecord& r) const {
    return r.scenario ? figureTitle(*r.scenario) : r.name;
}

bool MainWindow::exportTimelineFigure(const FigureChoices& choices, QString* err) {
    const RunRecord* r = currentRun();
    if (!r) {
        if (err) *err = tr("there is no run to export");
        return false;
    }
    const TimelineImageOptions opt = timelineFigureOptions(*timeline_, choices, presentation_);
    return saveTimelineImage(r->result->trace, r->result->metrics, opt, choices.path, err);
}

bool MainWindow::exportMetricsPlot(const QString& path, QSize size, QString* err) {
    QCustomPlot* plot = metrics_->currentPlot();
    if (!plot) plot = metrics_->latencyPlot();
    return exportPlot(plot, path, size, err);
}

bool MainWindow::exportMetrics(const QString& path, QString* err) {
    const RunRecord* r = currentRun();
    if (!r) {
        if (err) *err = tr("there is no run to export");
        return false;
    }
    return saveMetrics(r->result->metrics, path, err);
}

bool MainWindow::exportTrace(const QString& path, QString* err) {
    const RunRecord* r = currentRun();
    if (!r) {
        if (err) *err = tr("there is no run to export");
        return false;
    }
    return saveChromeTrace(r->result->trace, path, err);
}

void MainWindow::exportTimelineDialog() {
    const RunRecord* r = currentRun();
    if (!r) return;
    ImageExportDialog dlg(QDir(exportDir()).filePath(r->name + QStringLiteral("-timeline.svg")), QSize(1600, 900), true,
                          this, runFigureTitle(*r));
    if (dlg.exec() != QDialog::Accepted) return;
    rememberExportDir(dlg.path());
    QString err;
    if (!exportTimelineFigure(dlg.choices(), &err)) error(tr("Cannot export"), err);
    else status_->setText(tr("Exported %1").arg(dlg.path()));
}

void MainWindow::exportMetricsPlotDialog() {
    const RunRecord* r = currentRun();
    if (!r) return;
    const QString which =
        metrics_->currentPlot() == metrics_->cpuTimePlot() ? QStringLiteral("-cputime") : QStringLiteral("-latency");
    ImageExportDialog dlg(QDir(exportDir()).filePath(r->name + which + QStringLiteral(".svg")), QSize(1200, 700), false,
                          this);
    if (dlg.exec() != QDialog::Accepted) return;
    rememberExportDir(dlg.path());
    QString err;
    if (!exportMetricsPlot(dlg.path(), dlg.imageSize(), &err)) error(tr("Cannot export"), err);
    else status_->setText(tr("Exported %1").arg(dlg.path()));
}

void MainWindow::exportCompareDialog() {
    if (!compare_->hasRuns()) return;
    ImageExportDialog dlg(QDir(exportDir()).filePath(QStringLiteral("comparison.svg")), QSize(1600, 1100), false, this);
    if (dlg.exec() != QDialog::Accepted) return;
    rememberExportDir(dlg.path());
    QString err;
    if (!compare_->exportImage(dlg.path(), dlg.imageSize(), &err)) error(tr("Cannot export"), err);
    else status_->setText(tr("Exported %1").arg(dlg.path()));
}

void MainWindow::exportMetricsDialog(const QString& suffix) {
    const RunRecord* r = currentRun();
    if (!r) return;
    const QString filter = suffix == QLatin1String("csv") ? tr("CSV (*.csv)") : tr("JSON (*.json)");
    const QString p = QFileDialog::getSaveFileName(
        this, tr("Export metrics"), QDir(exportDir()).filePath(r->name + QStringLiteral("-metrics.") + suffix), filter);
    if (p.isEmpty()) return;
    rememberExportDir(p);
    QString err;
    if (!exportMetrics(p, &err)) error(tr("Cannot export"), err);
    else status_->setText(tr("Exported %1").arg(p));
}

void MainWindow::exportTraceDialog() {
    const RunRecord* r = currentRun();
    if (!r) return;
    const QString p = QFileDialog::getSaveFileName(this, tr("Export trace for Perfetto"),
                                                   QDir(exportDir()).filePath(r->name + QStringLiteral("-trace.json")),
                                                   tr("Chrome trace JSON (*.json)"));
    if (p.isEmpty()) return;
    rememberExportDir(p);
    QString err;
    if (!exportTrace(p, &err)) error(tr("Cannot export"), err);
    else status_->setText(tr("Exported %1 — open it at ui.perfetto.dev").arg(p));
}

void MainWindow::copyImage() {
    if (central_->currentWidget() == compare_ && compare_->hasRuns()) {
        QGuiApplication::clipboard()->setImage(compare_->grab().toImage());
    } else if (metrics_->hasFocus() || (metrics_->currentPlot() && metrics_->currentPlot()->hasFocus())) {
        copyPlotToClipboard(metrics_->currentPlot(), metrics_->currentPlot()->size());
    } else {
        copyPlotToClipboard(timeline_, timeline_->size());
    }
    status_->setText(tr("Image copied to the clipboard."));
}

void MainWindow::readSettings(bool restoreGeometry) {
    QSettings s;
    SettingsReader in(s); // a bad value is ignored and named in the status bar
    if (QAction* a = action(QStringLiteral("autoRun"))) a->setChecked(in.boolean(QStringLiteral("autoRun"), false));
    in.stringList(QStringLiteral("recentFiles"));
    in.string(QStringLiteral("exportDir"), QString());
    const QSize avail = screen() ? screen()->availableGeometry().size() : QSize(1600, 1000);
    const QSize initial(std::min(1600, avail.width()), std::min(1000, avail.height()));
    if (restoreGeometry) {
        const QByteArray geometry = in.bytes(QStringLiteral("geometry"));
        if (!QMainWindow::restoreGeometry(geometry)) {
            if (!geometry.isEmpty()) in.reject(QStringLiteral("geometry"), tr("a saved window geometry"));
            resize(initial);
        }
        const QByteArray state = in.bytes(QStringLiteral("windowState"));
        if (!state.isEmpty() && !restoreState(state))
            in.reject(QStringLiteral("windowState"), tr("a saved dock layout"));
        else if (!state.isEmpty()) defaultDockSizesPending_ = false; // the user's own layout
    } else {
        resize(initial);
    }
    if (!in.warnings().isEmpty()) statusBar()->showMessage(in.summary(), 15000);
}

void MainWindow::writeSettings() {
    QSettings s;
    if (!presentation_) {
        s.setValue(QStringLiteral("geometry"), saveGeometry());
        // during a lesson: the layout it will give back, not the lesson's own
        const QByteArray lessonless = lessons_->layoutBeforeLesson();
        s.setValue(QStringLiteral("windowState"), lessonless.isEmpty() ? saveState() : lessonless);
    }
    s.setValue(QStringLiteral("autoRun"), action(QStringLiteral("autoRun"))->isChecked());
}

} // namespace irqscope::app
