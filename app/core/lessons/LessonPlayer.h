// Plays a lesson in the main window: a step's scenario is loaded and run when
// it differs from what is shown, and when its run is on screen the camera (time
// window, lanes) and the highlights are applied. Starting a lesson switches to
// presentation mode; the teacher leaves it with the usual toggle (F11/Esc).
#pragma once

#include "core/lessons/Lesson.h"

#include <QObject>

#include <optional>

namespace irqscope::app {

class MainWindow;

class LessonPlayer : public QObject {
    Q_OBJECT
public:
    explicit LessonPlayer(MainWindow* window);

    void start(Lesson lesson, int step = 0);
    void stop();
    bool isActive() const { return lesson_.has_value(); }
    const Lesson* lesson() const { return lesson_ ? &*lesson_ : nullptr; }
    int stepIndex() const { return index_; }
    int stepCount() const { return lesson_ ? int(lesson_->steps.size()) : 0; }
    const LessonStep* step() const { return lesson_ ? &lesson_->steps[std::size_t(index_)] : nullptr; }
    // The step's run is still being simulated; the camera follows when it ends.
    bool waitingForRun() const { return waitingTicket_ != 0; }
    // What the run did not have (an unknown lane, a highlight that found
    // nothing), as "file: steps[2].camera.lanes[0]: ..."; empty when all is well.
    QString problem() const { return problem_; }

public slots:
    void next();
    void previous();
    void restart();
    void goTo(int index);

signals:
    void stepChanged(); // a new step is shown (its texts); its run may follow
    void stepReady();   // its run is on screen with camera and highlights
    void problemChanged();
    void activeChanged(bool active);

private:
    void apply();
    void applyCamera();
    void addProblem(const QString& where, const QString& what);

    MainWindow* window_;
    std::optional<Lesson> lesson_;
    int index_ = 0;
    int waitingTicket_ = 0;
    QString problem_;
};

} // namespace irqscope::app
