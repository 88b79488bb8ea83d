#include "core/player/PlayerController.h"

#include "core/player/EventStepper.h"
#include "core/timeline/TimelinePlot.h"
#include "core/util/TimeFormat.h"

#include <algorithm>
#include <cmath>

namespace irqscope::app {

namespace {
constexpr int kFrameMs = 30; // ~33 frames a second: smooth on a projector, cheap
// While playing, the view scrolls so the cursor stays at this fraction of its width.
constexpr double kFollowAt = 0.7;
} // namespace

PlayerController::PlayerController(TimelinePlot* plot, QObject* parent) : QObject(parent), plot_(plot) {
    timer_.setInterval(kFrameMs);
    timer_.setTimerType(Qt::PreciseTimer);
    connect(&timer_, &QTimer::timeout, this, &PlayerController::tick);
    monotonic_.start();
    setClock({});
}

void PlayerController::setClock(Clock clock) {
    clock_ = clock ? std::move(clock) : Clock([this] { return monotonic_.nsecsElapsed(); });
    if (isPlaying() && cursor_) origin_ = *cursor_;
    started_ = clock_();
}

const std::vector<double>& PlayerController::speedSteps() {
    static const std::vector<double> steps = {1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7};
    return steps;
}

QString PlayerController::cursorText(Time t) {
    const TimeUnit unit = unitFor(double(t));
    const int decimals = unit.scale >= 1e6 ? 6 : unit.scale >= 1e3 ? 3 : 0;
    return formatTimeIn(double(t), unit, decimals);
}

void PlayerController::setRun(RunPtr run) {
    pause();
    run_ = std::move(run);
    if (!run_) {
        cursor_.reset();
        plot_->setCursorTime(std::nullopt);
        return;
    }
    const Trace& t = run_->trace;
    Time c = cursor_.value_or(static_cast<Time>(plot_->view().t0));
    if (c < t.startTime() || c > t.endTime()) c = static_cast<Time>(plot_->view().t0);
    cursor_.reset(); // force the signal: the state at the cursor is a new run's
    setCursor(c);
}

Time PlayerController::endTime() const {
    return run_ ? run_->trace.endTime() : 0;
}

void PlayerController::setCursor(Time t) {
    if (!run_) return;
    t = std::clamp(t, run_->trace.startTime(), endTime());
    if (isPlaying()) { // a jump while playing continues from there
        origin_ = t;
        started_ = clock_();
    }
    if (cursor_ == t) return;
    cursor_ = t;
    plot_->setCursorTime(t);
    emit cursorChanged(t);
}

void PlayerController::setSpeed(double nsPerSecond) {
    if (nsPerSecond <= 0 || nsPerSecond == speed_) return;
    if (isPlaying() && cursor_) { // keep the cursor where it is, change the rate from now
        origin_ = *cursor_;
        started_ = clock_();
    }
    speed_ = nsPerSecond;
    emit speedChanged(speed_);
}

void PlayerController::play() {
    if (!run_ || isPlaying()) return;
    if (!cursor_ || *cursor_ >= endTime()) setCursor(static_cast<Time>(plot_->view().t0));
    origin_ = *cursor_;
    started_ = clock_();
    timer_.start();
    follow(*cursor_);
    emit playingChanged(true);
}

void PlayerController::pause() {
    if (!isPlaying()) return;
    tick(); // land on the exact time of the pause
    timer_.stop();
    emit playingChanged(false);
}

void PlayerController::togglePlay() {
    isPlaying() ? pause() : play();
}

void PlayerController::tick() {
    if (!run_) return;
    const double elapsedS = double(clock_() - started_) / 1e9;
    const Time t = std::min(endTime(), origin_ + static_cast<Time>(std::llround(speed_ * elapsedS)));
    if (t != cursor_) {
        cursor_ = t;
        plot_->setCursorTime(t);
        follow(t);
        emit cursorChanged(t);
    }
    if (t >= endTime() && timer_.isActive()) {
        timer_.stop();
        emit playingChanged(false);
    }
}

void PlayerController::follow(Time t) {
    const TimeRange v = plot_->view();
    const double at = v.t0 + v.span() * kFollowAt;
    if (double(t) > at || double(t) < v.t0) plot_->setView(v.panned(double(t) - at), false);
}

std::vector<std::uint32_t> PlayerController::visibleLanes() const {
    std::vector<std::uint32_t> lanes;
    for (const LaneSlot& s : plot_->scene().layout.laneSlots()) lanes.push_back(s.lane);
    return lanes;
}

void PlayerController::stepNext() {
    if (!run_) return;
    pause();
    const Time from = cursor_.value_or(run_->trace.startTime());
    if (auto t = nextEventAfter(run_->trace, visibleLanes(), from)) {
        setCursor(*t);
        if (double(*t) > plot_->view().t1) follow(*t);
    }
}

void PlayerController::stepPrevious() {
    if (!run_) return;
    pause();
    const Time from = cursor_.value_or(endTime());
    if (auto t = previousEventBefore(run_->trace, visibleLanes(), from)) {
        setCursor(*t);
        if (double(*t) < plot_->view().t0) follow(*t);
    }
}

} // namespace irqscope::app
