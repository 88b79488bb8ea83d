// The Lessons dock and menu: pick a shipped lesson (or open a lesson file),
// then step through it with the LessonPanel. Owns the LessonPlayer.
// While a lesson runs the window shows only what a class needs: the timeline
// and this dock on the right at ~1/3 of the width; the dock layout from
// before the lesson comes back exactly when it ends.
#pragma once

#include <QDockWidget>

class QAction;
class QListWidget;
class QMenu;
class QPushButton;
class QLabel;
class QStackedWidget;

namespace irqscope::app {

class LessonPanel;
class LessonPlayer;
class MainWindow;

class LessonDock : public QDockWidget {
    Q_OBJECT
public:
    explicit LessonDock(MainWindow* window);

    // A lesson file (":/lessons/01-intro.json", a path) or a shipped lesson's
    // id ("intro"); shows the dock,
    // goes to presentation mode. On error returns false and `error` says
    // where (file, JSON path) and what.
    bool startLesson(const QString& fileOrId, int step = 0, QString* error = nullptr);
    void openLessonDialog();
    QMenu* menu() const { return menu_; }
    LessonPlayer* player() const { return player_; }
    LessonPanel* panel() const { return panel_; }
    QAction* nextAction() const { return next_; }
    QAction* previousAction() const { return previous_; }
    QAction* restartAction() const { return restart_; }
    QAction* stopAction() const { return stop_; }

    // The lesson layout: every other dock hidden (the View menu reopens
    // them), this dock docked on the right, full height, at kWidthShare of
    // the window. Idempotent; the window calls it again after presentation
    // mode changes, which restores its own layout.
    void applyLessonLayout();
    // Ending the lesson gives back what it changed: the layout, presentation
    // mode (and with it every font) and the player's speed.
    // The window's dock layout (QMainWindow::saveState) from before the
    // lesson; empty when no lesson runs. Settings save it instead of the
    // lesson layout.
    QByteArray layoutBeforeLesson() const { return layoutBefore_; }
    static constexpr double kWidthShare = 0.32;

protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void retranslateUi();
    void rebuildChooser();
    void updateActions();
    void fitWidth();
    void restoreLayoutBeforeLesson();

    MainWindow* window_;
    LessonPlayer* player_ = nullptr;
    LessonPanel* panel_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    QLabel* chooserHint_ = nullptr;
    QListWidget* chooser_ = nullptr;
    QPushButton* startButton_ = nullptr;
    QPushButton* openButton_ = nullptr;
    QMenu* menu_ = nullptr;
    QAction* open_ = nullptr;
    QAction* next_ = nullptr;
    QAction* previous_ = nullptr;
    QAction* restart_ = nullptr;
    QAction* stop_ = nullptr;
    QByteArray layoutBefore_;
    bool presentingBefore_ = false;
    double speedBefore_ = 0; // the player's, given back when the lesson ends
};

} // namespace irqscope::app
