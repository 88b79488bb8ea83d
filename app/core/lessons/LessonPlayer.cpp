#include "core/lessons/LessonPlayer.h"

#include "core/MainWindow.h"
#include "core/lessons/HighlightResolver.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/timeline/TimelinePlot.h"

namespace irqscope::app {

LessonPlayer::LessonPlayer(MainWindow* window) : QObject(window), window_(window) {
    SimulationRunner* runner = window_->runner();
    // Queued: the main window shows the finished run first (its own slot),
    // then the camera goes on top of it.
    connect(
        runner, &SimulationRunner::finished, this,
        [this](int ticket, RunPtr, const Scenario&) {
            if (ticket != waitingTicket_) return;
            waitingTicket_ = 0;
            applyCamera();
        },
        Qt::QueuedConnection);
    connect(runner, &SimulationRunner::failed, this, [this](int ticket, const QString& message) {
        if (ticket != waitingTicket_) return;
        waitingTicket_ = 0;
        addProblem(QStringLiteral("steps[%1].scenario").arg(index_), tr("the run failed: %1").arg(message));
    });
    connect(runner, &SimulationRunner::cancelled, this, [this](int ticket) {
        if (ticket != waitingTicket_) return;
        waitingTicket_ = 0;
        addProblem(QStringLiteral("steps[%1].scenario").arg(index_), tr("the run was cancelled"));
    });
}

void LessonPlayer::start(Lesson lesson, int step) {
    lesson_ = std::move(lesson);
    index_ = std::clamp(step, 0, stepCount() - 1);
    emit activeChanged(true);
    window_->setPresentationMode(true);
    apply();
}

void LessonPlayer::stop() {
    if (!lesson_) return;
    lesson_.reset();
    waitingTicket_ = 0;
    problem_.clear();
    TimelinePlot* t = window_->timeline();
    t->setHighlights({});
    LaneFilter f = t->laneFilter();
    f.onlyLanes.clear();
    t->setLaneFilter(f);
    emit activeChanged(false);
}

void LessonPlayer::next() {
    goTo(index_ + 1);
}
void LessonPlayer::previous() {
    goTo(index_ - 1);
}
void LessonPlayer::restart() {
    goTo(0);
}

void LessonPlayer::goTo(int index) {
    if (!lesson_ || index < 0 || index >= stepCount()) return;
    index_ = index;
    apply();
}

void LessonPlayer::apply() {
    const LessonStep& s = *step();
    problem_.clear();
    window_->timeline()->setHighlights({});
    const RunRecord* shown = window_->currentRun();
    const nlohmann::json wanted = s.scenario.document();
    const bool onScreen = shown && shown->scenario && shown->scenario->document() == wanted &&
                          window_->knobs()->scenario().document() == wanted;
    emit stepChanged();
    emit problemChanged();
    if (onScreen) {
        // A run of another step still in flight would replace what the step shows.
        if (window_->runner()->isRunning()) window_->runner()->cancel();
        waitingTicket_ = 0;
        applyCamera();
        return;
    }
    const int before = window_->runner()->currentTicket();
    window_->runScenario(s.scenario);
    waitingTicket_ = window_->runner()->currentTicket();
    if (waitingTicket_ == before) {
        waitingTicket_ = 0;
        addProblem(QStringLiteral("steps[%1].scenario").arg(index_),
                   tr("not run: %1").arg(window_->knobs()->validationError()));
    }
}

void LessonPlayer::applyCamera() {
    if (!lesson_) return;
    const LessonStep& s = *step();
    TimelinePlot* t = window_->timeline();
    const Trace* trace = t->scene().trace();
    if (!trace) return;
    const QString at = QStringLiteral("steps[%1]").arg(index_);

    LaneFilter f = t->laneFilter();
    f.onlyLanes.clear();
    if (s.camera) {
        for (int i = 0; i < s.camera->lanes.size(); ++i) {
            const QString& name = s.camera->lanes[i];
            if (laneByName(*trace, name)) f.onlyLanes.push_back(name.toStdString());
            else
                addProblem(at + QStringLiteral(".camera.lanes[%1]").arg(i),
                           tr("unknown lane '%1' (this run has: %2)").arg(name, laneNames(*trace)));
        }
    }
    t->setLaneFilter(f);
    t->setView(s.camera ? TimeRange{double(s.camera->from), double(s.camera->to)} : t->fullRange(), true);

    std::vector<SegmentRef> refs;
    const Time searchEnd = s.camera ? s.camera->to : trace->endTime();
    for (const LessonHighlight& h : s.highlights) {
        const HighlightMatch m = resolveHighlight(*trace, h, searchEnd);
        if (m.ref) refs.push_back(*m.ref);
        else addProblem(h.jsonPath, m.error);
    }
    t->setHighlights(refs);
    if (refs.empty()) {
        t->selectItem(std::nullopt);
    } else {
        // The first highlight is also the selection: the details panel explains
        // it and the timeline draws what caused it and what it caused.
        TimelineItem item;
        item.lane = refs.front().lane;
        item.segment = refs.front().segment;
        t->selectItem(item);
    }
    emit stepReady();
}

void LessonPlayer::addProblem(const QString& where, const QString& what) {
    const QString line = tr("%1: %2: %3").arg(lesson_ ? lesson_->file : QString(), where, what);
    problem_ = problem_.isEmpty() ? line : problem_ + QLatin1Char('\n') + line;
    emit problemChanged();
}

} // namespace irqscope::app
