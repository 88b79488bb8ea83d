// Runs the engine off the GUI thread. Each start() gets a new ticket; starting
// again cancels the previous run, and a result whose ticket is not the newest
// is dropped, so an old run can never overwrite a newer one. Progress and
// results reach the GUI thread through queued calls.
#pragma once

#include "core/timeline/TimelineScene.h"
#include "irqscope/scenario.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

class QThread;

namespace irqscope::app {

class SimulationRunner : public QObject {
    Q_OBJECT
public:
    explicit SimulationRunner(QObject* parent = nullptr);
    ~SimulationRunner() override;

    // Returns the ticket of the new run.
    int start(const Scenario& scenario);
    void cancel();
    bool isRunning() const { return running_; }
    int currentTicket() const { return ticket_; }
    // Block (processing events) until no run is in flight; for tests.
    bool waitForIdle(int timeoutMs);

signals:
    void started(int ticket);
    void progress(int ticket, double fraction);
    void finished(int ticket, irqscope::app::RunPtr result, const irqscope::Scenario& scenario);
    void failed(int ticket, const QString& message);
    void cancelled(int ticket);

private:
    void deliver(int ticket, RunPtr result, const Scenario& scenario, const QString& error);

    int ticket_ = 0;
    bool running_ = false;
    std::shared_ptr<std::atomic<bool>> cancel_;
    std::vector<QThread*> threads_;
};

} // namespace irqscope::app

Q_DECLARE_METATYPE(irqscope::app::RunPtr)
