// The player's toolbar: play / pause (Space), previous / next event (, and .),
// the speed in simulated time per real second and the cursor's time. It owns
// the three actions; the main window registers them (menus, shortcut list)
// and attaches them to the timeline so their keys work while it has focus.
#pragma once

#include <QToolBar>

class QAction;
class QComboBox;
class QLabel;

namespace irqscope::app {

class PlayerController;

class PlayerBar : public QToolBar {
    Q_OBJECT
public:
    explicit PlayerBar(PlayerController* player, QWidget* parent = nullptr);

    QAction* playAction() const { return play_; }
    QAction* nextAction() const { return next_; }
    QAction* previousAction() const { return prev_; }
    QComboBox* speedCombo() const { return speed_; }
    QLabel* timeLabel() const { return time_; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslateUi();
    void updatePlayAction();
    void updateTime();

    PlayerController* player_;
    QAction* play_ = nullptr;
    QAction* prev_ = nullptr;
    QAction* next_ = nullptr;
    QComboBox* speed_ = nullptr;
    QLabel* speedLabel_ = nullptr;
    QLabel* time_ = nullptr;
};

} // namespace irqscope::app
