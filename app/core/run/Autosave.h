// Nothing lost: the scenario being edited is written to
// AppDataLocation/autosave.json a moment after each edit (atomically: temp file
// + rename), and a marker file (session.pid) says "a session was running". A
// clean exit removes the marker; if the next start finds the marker and an
// autosave, the previous session ended uncleanly and the autosave is offered
// back (a QMessageBox, or a policy for tests and scripts).
//
// Which window owns the autosave is decided by a lock on session.lock
// (flock), held while the window lives: the kernel drops it when the process
// dies, however it dies. The pid in the marker used to decide this, and any
// live process with that pid (pid reuse after a reboot, a killed window not
// yet reaped) switched autosave off for every later session, silently.
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

    // Takes the lock and the marker for this process. True when the previous
    // session ended uncleanly and left an autosave to offer. While another
    // live window holds the lock, this one does not autosave (it would
    // overwrite the other's) and says so (disabled()).
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
    QString lockPath() const;

signals:
    void saved(const QString& path);
    void saveFailed(const QString& message);
    // Autosave is off for this window, and why (for the status bar).
    void disabled(const QString& message);

private:
    QString dir_;
    QTimer timer_;
    std::optional<Scenario> pending_;
    bool active_ = false;
    int lockFd_ = -1; // open (and locked) while this window owns the autosave
};

} // namespace irqscope::app
