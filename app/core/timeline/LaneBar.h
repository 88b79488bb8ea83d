// The lanes toolbar (beside the player's): which lanes the timeline shows.
// A filter box ("0-7, fio": CPU numbers or ranges, or words in lane names; a
// task named here gets its lane), task and interrupt-line lanes, idle CPUs
// hidden (on by default), and a reset of what the lane menu arranged. It also
// owns the lane menu (right-click on a lane or its label): pin to the top,
// move up / down, collapse to a strip, hide.
#pragma once

#include <QToolBar>

#include <cstdint>

class QAction;
class QLabel;
class QLineEdit;

namespace irqscope::app {

class TimelinePlot;

class LaneBar : public QToolBar {
    Q_OBJECT
public:
    explicit LaneBar(TimelinePlot* plot, QWidget* parent = nullptr);

    QAction* tasksAction() const { return tasks_; }
    QAction* irqLinesAction() const { return irqLines_; }
    QAction* hideIdleAction() const { return hideIdle_; }
    QAction* resetAction() const { return reset_; }
    QLineEdit* filterEdit() const { return filter_; }
    // The lane menu for `lane` (tests call it with exec = false and trigger its actions).
    QMenu* laneMenu(std::uint32_t lane);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslateUi();
    void syncFromPlot();

    TimelinePlot* plot_;
    QLabel* label_ = nullptr;
    QLineEdit* filter_ = nullptr;
    QAction* tasks_ = nullptr;
    QAction* irqLines_ = nullptr;
    QAction* hideIdle_ = nullptr;
    QAction* reset_ = nullptr;
    QMenu* menu_ = nullptr;
};

} // namespace irqscope::app
