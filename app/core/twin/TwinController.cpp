#include "core/twin/TwinController.h"

#include "core/MainWindow.h"
#include "core/compare/CompareView.h"
#include "core/run/SimulationRunner.h"
#include "core/twin/MakeTwinDialog.h"
#include "irqscope/ftrace.h"

#include <QAction>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEvent>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QThread>
#include <QTimer>

namespace irqscope::app {

// What the worker hands back: the capture as a run (trace and metrics), the fit.
struct TwinController::Fitted {
    QString capturePath, workloadPath;
    std::shared_ptr<RunResult> capture;
    std::shared_ptr<TwinFit> fit;
    QString error;
    std::shared_ptr<std::atomic<bool>> cancel;
};

TwinController::TwinController(MainWindow* window) : QObject(window), w_(window) {
    action_ = new QAction(window);
    action_->setObjectName(QStringLiteral("makeTwin"));
    connect(action_, &QAction::triggered, this, &TwinController::askAndMake);
    // File menu: right after Import ftrace capture…
    if (QAction* import = w_->action(QStringLiteral("import")))
        for (QMenu* m : w_->menuBar()->findChildren<QMenu*>()) {
            const auto acts = m->actions();
            const auto at = acts.indexOf(import);
            if (at < 0) continue;
            m->insertAction(at + 1 < acts.size() ? acts[at + 1] : nullptr, action_);
            break;
        }
    offer_ = new QPushButton(window);
    offer_->setObjectName(QStringLiteral("makeTwinOffer"));
    offer_->setFlat(true);
    offer_->hide();
    w_->statusBar()->addPermanentWidget(offer_);
    connect(offer_, &QPushButton::clicked, this, [this] {
        offer_->hide();
        if (!w_->confirmLeaveEdits()) return;
        const int reuse = offerRunId_;
        if (makeTwin(offerPath_)) reuseRunId_ = reuse;
    });
    // an imported capture (File ▸ Import): offer its twin
    connect(w_->runs(), &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int first, int) {
        const RunRecord& r = w_->runs()->at(first);
        if (!r.scenario && !fitting_) {
            const int id = r.id;
            QTimer::singleShot(0, this, [this, id] { offerFor(id); }); // once the window knows its path
        } else if (r.scenario) {
            offer_->hide();
        }
    });
    connect(w_->runner(), &SimulationRunner::finished, this, &TwinController::runFinished);
    w_->installEventFilter(this);
    retranslate();
}

TwinController::~TwinController() {
    if (cancel_) cancel_->store(true);
    // reading a capture cannot be interrupted: the window waits for it to end
    for (const QPointer<QThread>& t : threads_)
        if (t) t->wait();
}

bool TwinController::eventFilter(QObject* watched, QEvent* e) {
    if (watched == w_ && e->type() == QEvent::LanguageChange) retranslate();
    return QObject::eventFilter(watched, e);
}

void TwinController::retranslate() {
    action_->setText(tr("Make &twin from capture…"));
    action_->setStatusTip(tr("Fit a scenario of the captured machine and compare it with the capture"));
    if (!offerPath_.isEmpty()) offer_->setText(tr("Make a twin of %1…").arg(QFileInfo(offerPath_).fileName()));
}

void TwinController::offerFor(int runId) {
    offerPath_ = w_->importedPath(runId);
    offerRunId_ = runId;
    if (offerPath_.isEmpty()) return;
    retranslate();
    offer_->show();
}

void TwinController::askAndMake() {
    if (!w_->confirmLeaveEdits()) return;
    MakeTwinDialog d(w_, offerPath_);
    if (d.exec() != QDialog::Accepted) return;
    makeTwin(d.capturePath(), d.workloadPath());
}

bool TwinController::makeTwin(const QString& capturePath, const QString& workloadPath) {
    if (fitting_) return false;
    fitting_ = true;
    reuseRunId_ = 0;
    offer_->hide();
    lastError_.clear();
    auto job = std::make_shared<Fitted>();
    job->capturePath = capturePath;
    job->workloadPath = workloadPath;
    job->cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = job->cancel;

    progress_ = new QProgressDialog(tr("Reading %1…").arg(QFileInfo(capturePath).fileName()), tr("Cancel"), 0, 0, w_);
    progress_->setObjectName(QStringLiteral("twinProgress"));
    progress_->setWindowTitle(tr("Make twin"));
    progress_->setWindowModality(Qt::WindowModal);
    progress_->setMinimumDuration(500); // a small capture fits before it shows
    progress_->setAttribute(Qt::WA_DeleteOnClose);
    connect(progress_, &QProgressDialog::canceled, this, &TwinController::cancel);

    QPointer<TwinController> self(this);
    auto phase = [self](const QString& text) {
        QMetaObject::invokeMethod(
            self,
            [self, text] {
                if (self && self->progress_) self->progress_->setLabelText(text);
            },
            Qt::QueuedConnection);
    };
    const QString fitting = tr("Fitting the twin…");
    QThread* thread = QThread::create([self, job, phase, fitting] {
        auto imported = importFtraceFile(job->capturePath.toStdString());
        if (!imported) job->error = QString::fromStdString(imported.error().toString());
        else if (!job->cancel->load()) {
            phase(fitting);
            TwinOptions opt;
            opt.capturePath = job->capturePath.toStdString();
            opt.workloadPath = job->workloadPath.toStdString();
            auto fit = fitTwin(*imported, opt);
            if (!fit) job->error = QString::fromStdString(fit.error().toString());
            else {
                job->fit = std::make_shared<TwinFit>(std::move(*fit));
                job->capture = std::make_shared<RunResult>();
                job->capture->trace = std::move(imported->trace);
                job->capture->metrics = std::move(imported->metrics);
            }
        }
        QMetaObject::invokeMethod(
            self,
            [self, job] {
                if (self) self->fitDone(job);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    std::erase_if(threads_, [](const QPointer<QThread>& t) { return t.isNull(); });
    threads_.emplace_back(thread);
    thread->start();
    return true;
}

void TwinController::cancel() {
    if (!fitting_ || !cancel_) return;
    cancel_->store(true); // the worker's result is dropped when it arrives
    fitting_ = false;
    if (progress_) progress_->close();
    w_->statusBar()->showMessage(tr("Making the twin was cancelled."), 10000);
}

void TwinController::fail(const QString& message) {
    lastError_ = message;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot make a twin"), message, QMessageBox::Ok, w_);
    box->setObjectName(QStringLiteral("twinError"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit failed(message);
}

void TwinController::fitDone(const std::shared_ptr<Fitted>& f) {
    if (f->cancel->load()) return; // cancelled: nothing is added
    if (progress_) progress_->close();
    if (!f->error.isEmpty()) {
        fitting_ = false;
        return fail(f->error);
    }
    auto scenario = Scenario::fromJsonText(f->fit->scenario.dump(), f->capturePath.toStdString() + " (twin)");
    if (!scenario) {
        fitting_ = false;
        return fail(
            tr("The fitted twin does not read back: %1").arg(QString::fromStdString(scenario.error().toString())));
    }
    auto pair = std::make_shared<TwinPair>();
    pair->capturePath = QFileInfo(f->capturePath).absoluteFilePath();
    pair->workloadPath = f->workloadPath;
    pair->capture = f->capture;
    pair->fit = f->fit;
    const RunRecord* imported = reuseRunId_ ? w_->runs()->byId(reuseRunId_) : nullptr;
    if (imported && imported->result && w_->importedPath(reuseRunId_) == pair->capturePath) {
        pair->capture = imported->result; // the same file, imported the same way
        pair->captureRunId = reuseRunId_;
    } else {
        pair->captureRunId = w_->addImportedRun(f->capturePath, f->capture); // still fitting_: no offer for it
    }
    fitting_ = false;
    pair_ = pair;
    twinName_ = scenario->name();
    awaitingFirstRun_ = true;
    w_->statusBar()->showMessage(tr("Fitted a twin of %1: %2 CPUs, HZ %3; running it…")
                                     .arg(QFileInfo(f->capturePath).fileName())
                                     .arg(f->fit->cpus)
                                     .arg(f->fit->hz),
                                 10000);
    w_->runScenario(*scenario);
}

void TwinController::runFinished() {
    if (!pair_ || w_->runs()->size() == 0) return;
    const RunRecord& r = w_->runs()->at(w_->runs()->size() - 1);
    if (!r.scenario || r.scenario->name() != twinName_ || !r.result) return;
    const bool first = awaitingFirstRun_;
    awaitingFirstRun_ = false;
    showPair(r, first);
}

void TwinController::showPair(const RunRecord& r, bool asFitted) {
    // A new pair object each time: the compare view keeps the one it shows.
    auto next = std::make_shared<TwinPair>(*pair_);
    const TwinReport report = compareTwin(next->capture->trace, next->capture->metrics, *next->fit, *r.result);
    if (asFitted) {
        next->fittedRunId = r.id;
        next->fittedRun = r.result;
        next->fitted = report;
        next->changedRunId = 0;
        next->changedRun.reset();
        next->changed.reset();
    } else {
        const RunRecord* fitted = w_->runs()->byId(next->fittedRunId);
        if (!fitted || !fitted->scenario) return; // the session was replaced
        next->changedRunId = r.id;
        next->changedRun = r.result;
        next->changed = report;
        next->knobs = diffScenarios(*fitted->scenario, *r.scenario);
    }
    pair_ = next;
    const RunRecord* capture = w_->runs()->byId(next->captureRunId);
    if (!capture) return;
    w_->compare()->setTwinPair(*capture, r, next);
    w_->centralTabs()->setCurrentWidget(w_->compare());
    w_->statusBar()->showMessage(tr("Capture and twin paired in Compare runs: targets met %1 of %2")
                                     .arg(next->fitted.met)
                                     .arg(next->fitted.targets),
                                 10000);
    emit pairShown();
}

std::optional<Session::Twin> TwinController::sessionEntry() const {
    if (!pair_ || !pair_->fittedRunId || w_->compare()->twinPair() != pair_.get()) return std::nullopt;
    return Session::Twin{pair_->captureRunId, pair_->fittedRunId, pair_->changedRunId, pair_->workloadPath};
}

void TwinController::restore(const Session::Twin& saved, const std::function<int(int)>& mapped, QStringList& problems) {
    const int captureId = mapped(saved.capture), fittedId = mapped(saved.fitted);
    const RunRecord* capture = w_->runs()->byId(captureId);
    const RunRecord* fitted = w_->runs()->byId(fittedId);
    if (!capture || !fitted || !fitted->scenario) return; // already reported as a missing run
    const QString path = w_->importedPath(captureId);
    auto imported = importFtraceFile(path.toStdString());
    std::optional<TwinFit> fit;
    QString err;
    if (imported) {
        TwinOptions opt;
        opt.capturePath = path.toStdString();
        opt.workloadPath = saved.workload.toStdString();
        auto f = fitTwin(*imported, opt);
        if (f) fit = std::move(*f);
        else err = QString::fromStdString(f.error().toString());
    } else {
        err = QString::fromStdString(imported.error().toString());
    }
    if (!fit) {
        problems << tr("the twin of %1 could not be fitted again: %2").arg(path, err);
        return;
    }
    auto pair = std::make_shared<TwinPair>();
    pair->capturePath = path;
    pair->workloadPath = saved.workload;
    pair->capture = capture->result;
    pair->fit = std::make_shared<TwinFit>(std::move(*fit));
    pair->captureRunId = captureId;
    pair_ = pair;
    twinName_ = fitted->scenario->name();
    awaitingFirstRun_ = false;
    showPair(*fitted, true);
    if (const RunRecord* changed = w_->runs()->byId(mapped(saved.changed)); saved.changed && changed)
        showPair(*changed, false);
}

bool TwinController::waitForPair(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    bool shown = false;
    auto c = connect(this, &TwinController::pairShown, this, [&shown] { shown = true; });
    auto c2 = connect(this, &TwinController::failed, this, [&deadline] { deadline = QDeadlineTimer(0); });
    while (!shown && !deadline.hasExpired()) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    disconnect(c);
    disconnect(c2);
    return shown;
}

} // namespace irqscope::app
