#include "core/run/SimulationRunner.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QPointer>
#include <QThread>

#include <algorithm>
#include <chrono>

namespace irqscope::app {

SimulationRunner::SimulationRunner(QObject* parent) : QObject(parent) {
    qRegisterMetaType<RunPtr>();
}

SimulationRunner::~SimulationRunner() {
    if (cancel_) cancel_->store(true);
    for (QThread* t : threads_) {
        t->wait();
        delete t;
    }
}

int SimulationRunner::start(const Scenario& scenario) {
    if (cancel_) cancel_->store(true); // the previous run is no longer wanted
    const int ticket = ++ticket_;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancelFlag;
    running_ = true;
    QPointer<SimulationRunner> self(this);
    QThread* thread = QThread::create([self, ticket, scenario, cancelFlag] {
        RunOptions opt;
        opt.cancel = cancelFlag.get();
        auto last = std::chrono::steady_clock::now();
        opt.progress = [&](double f) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last < std::chrono::milliseconds(50)) return;
            last = now;
            if (self)
                QMetaObject::invokeMethod(
                    self,
                    [self, ticket, f] {
                        if (self && ticket == self->ticket_) emit self->progress(ticket, f);
                    },
                    Qt::QueuedConnection);
        };
        auto result = irqscope::run(scenario, opt);
        RunPtr run;
        QString error;
        if (result) run = std::make_shared<const RunResult>(std::move(result).value());
        else error = QString::fromStdString(result.error().toString());
        if (self)
            QMetaObject::invokeMethod(
                self,
                [self, ticket, run, scenario, error] {
                    if (self) self->deliver(ticket, run, scenario, error);
                },
                Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, this, [this, thread] {
        threads_.erase(std::remove(threads_.begin(), threads_.end(), thread), threads_.end());
        thread->deleteLater();
    });
    threads_.push_back(thread);
    thread->start();
    emit started(ticket);
    return ticket;
}

void SimulationRunner::deliver(int ticket, RunPtr result, const Scenario& scenario, const QString& error) {
    if (ticket != ticket_) return; // a newer run superseded this one
    running_ = false;
    if (!result) {
        emit failed(ticket, error);
        return;
    }
    if (result->metrics.cancelled && cancel_ && cancel_->load()) {
        emit cancelled(ticket);
        return;
    }
    emit finished(ticket, result, scenario);
}

void SimulationRunner::cancel() {
    if (!running_ || !cancel_) return;
    cancel_->store(true);
}

bool SimulationRunner::waitForIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while ((running_ || !threads_.empty()) && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !running_;
}

} // namespace irqscope::app
