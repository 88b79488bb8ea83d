// The slow-motion player: a time cursor over the shown run that plays at an
// adjustable speed (simulated ns per real second), steps to the next or
// previous event on the visible lanes, and keeps the timeline's view on it
// while playing. The cursor is drawn by the TimelinePlot; the machine-state
// dock reads the state at the cursor.
//
// Playing computes the cursor from a wall-clock origin (origin + speed x
// elapsed), not by summing timer ticks, so the speed is exact however the
// event loop is loaded. The clock can be replaced (setClock) so that a test
// checks that rule exactly instead of against the machine's load.
#pragma once

#include "core/timeline/TimelineScene.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>
#include <optional>
#include <vector>

namespace irqscope::app {

class TimelinePlot;

class PlayerController : public QObject {
    Q_OBJECT
public:
    explicit PlayerController(TimelinePlot* plot, QObject* parent = nullptr);

    // A new run: the cursor goes to the start of the view (kept if still inside the run).
    void setRun(RunPtr run);
    const RunPtr& run() const { return run_; }
    std::optional<Time> cursor() const { return cursor_; }
    bool isPlaying() const { return timer_.isActive(); }
    double speed() const { return speed_; } // simulated ns per wall-clock second
    // The speeds the player offers, 1 µs/s .. 10 ms/s.
    static const std::vector<double>& speedSteps();
    // A monotonic wall clock in nanoseconds; an empty one sets QElapsedTimer's (the default).
    using Clock = std::function<qint64()>;
    void setClock(Clock clock);
    // The cursor's time to the nanosecond (µs for times of a second and more): "1.234567 ms".
    static QString cursorText(Time t);

public slots:
    void setCursor(irqscope::Time t);
    void setSpeed(double nsPerSecond);
    void play();
    void pause();
    void togglePlay();
    void stepNext();
    void stepPrevious();

signals:
    void cursorChanged(irqscope::Time t);
    void playingChanged(bool playing);
    void speedChanged(double nsPerSecond);

private:
    void tick();
    void follow(Time t);
    std::vector<std::uint32_t> visibleLanes() const;
    Time endTime() const;

    TimelinePlot* plot_;
    RunPtr run_;
    std::optional<Time> cursor_;
    double speed_ = 20'000; // 20 µs per second
    QTimer timer_;
    QElapsedTimer monotonic_;
    Clock clock_;
    qint64 started_ = 0; // clock_() when the cursor was at origin_
    Time origin_ = 0;    // cursor when the clock started
};

} // namespace irqscope::app
