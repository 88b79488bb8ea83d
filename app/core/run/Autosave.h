// Nothing lost: the scenario being edited is written to
// AppDataLocation/autosave.json a moment after each edit (atomically: temp file
// + rename), and a marker file (session.pid) says "a window is running". A
// clean exit removes the marker; if the next start finds a marker whose process
// is gone and an autosave, the previous session ended uncleanly and the
// autosave is offered back (a QMessageBox, or a policy for tests and scripts).
#pragma once

#include "irqscope/scenario.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

class QWidget;

namespace irqscope::app {

class Autosave : public QObject {
    Q_OBJECT
public:
    // What to do with an autosave left by an unclean exit. Ask shows a question
    // box; on the offscreen platform (tests) Ask reads IRQSCOPE_RESTORE_AUTOSAVE
    // (yes|no) and otherwise does not restore.
    enum class Restore { Ask, Yes, No };

    // dir: where autosave.json and the marker live; empty = AppDataLocation.
    explicit Autosave(const QString& dir = QString(), QObject* parent = nullptr);
    ~Autosave() override; // a clean exit: the marker goes

    // Claims the marker for this process. True when the previous session ended
    // uncleanly and left an autosave to offer. Another live instance keeps the
    // marker; then this one does not autosave (it would overwrite the other's).
    bool beginSession();
    bool active() const { return active_; }

    void setDelay(int ms) { timer_.setInterval(ms); }
    // Remember the scenario; it is written after the delay (edits restart it).
    void schedule(const Scenario& s);
    bool saveNow(QString* error = nullptr);

    // Asks (per policy) and reads the autosave. nullopt when declined or
    // unreadable; `note` then says why (for the status bar).
    std::optional<Scenario> offerRestore(QWidget* parent, Restore policy, QString* note);

    QString autosavePath() const;
    QString markerPath() const;

signals:
    void saved(const QString& path);
    void saveFailed(const QString& message);

private:
    QString dir_;
    QTimer timer_;
    std::optional<Scenario> pending_;
    bool active_ = false;
};

} // namespace irqscope::app
