// File ▸ Make twin from capture… in the window (docs/twin.md): reads a real
// ftrace capture and fits a twin with the engine's fitTwin() (the API
// `irqscope-cli twin` uses, with an optional rt-app workload) off the GUI
// thread, with progress and Cancel; adds the capture to the run list, loads
// the twin into the scenario panel and runs it; when that run finishes, shows
// the capture and the twin as a pair in the compare view (TwinPair.h). A later
// run of the twin's scenario (a knob changed, Ctrl+R) becomes "twin changed":
// the pair shows capture | twin as fitted | twin changed.
//
// Right after File ▸ Import ftrace capture… the status bar offers to make a
// twin of the imported capture.
#pragma once

#include "core/run/Session.h"
#include "core/twin/TwinPair.h"

#include <QObject>
#include <QPointer>

#include <atomic>
#include <functional>
#include <vector>

class QAction;
class QProgressDialog;
class QPushButton;
class QThread;

namespace irqscope::app {

class MainWindow;

class TwinController : public QObject {
    Q_OBJECT
public:
    explicit TwinController(MainWindow* window);
    ~TwinController() override;

    QAction* makeTwinAction() const { return action_; }
    // Starts fitting (asynchronously); false when a fit is already running.
    bool makeTwin(const QString& capturePath, const QString& workloadPath = QString());
    bool isFitting() const { return fitting_; }
    void cancel();
    // The pair shown (or being made), or null.
    std::shared_ptr<const TwinPair> pair() const { return pair_; }
    // The last failure, as the message said it (tests).
    QString lastError() const { return lastError_; }
    // Sessions: what File ▸ Save session keeps of the pair, and the pair again
    // on open (the capture re-fitted; `mapped` turns saved run ids into new ones).
    std::optional<Session::Twin> sessionEntry() const;
    void restore(const Session::Twin& saved, const std::function<int(int)>& mapped, QStringList& problems);
    // Block (processing events) until the fit and the twin's first run are done; for tests.
    bool waitForPair(int timeoutMs);

signals:
    void pairShown();
    void failed(const QString& message);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    struct Fitted;
    void retranslate();
    void askAndMake();
    void fitDone(const std::shared_ptr<Fitted>& f);
    void runFinished();
    // Shows the pair with `twinRun` as the twin side: the first run of a new
    // twin is "as fitted", a later one "changed".
    void showPair(const RunRecord& twinRun, bool asFitted);
    void offerFor(int runId);
    void fail(const QString& message);

    MainWindow* w_;
    QAction* action_ = nullptr;
    QPushButton* offer_ = nullptr;
    QString offerPath_;
    int offerRunId_ = 0; // the import the offer is for: the pair shows that run, not a second copy
    int reuseRunId_ = 0;
    QPointer<QProgressDialog> progress_;
    std::vector<QPointer<QThread>> threads_; // fit workers, a cancelled one may still be reading
    std::shared_ptr<std::atomic<bool>> cancel_;
    bool fitting_ = false;
    bool awaitingFirstRun_ = false;
    std::string twinName_;
    std::shared_ptr<TwinPair> pair_;
    QString lastError_;
};

} // namespace irqscope::app
