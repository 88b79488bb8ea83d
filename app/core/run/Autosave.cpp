#include "core/run/Autosave.h"

#include "core/atomic_file.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace irqscope::app {

Autosave::Autosave(const QString& dir, QObject* parent)
    : QObject(parent), dir_(dir.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) : dir) {
    timer_.setSingleShot(true);
    timer_.setInterval(1500);
    connect(&timer_, &QTimer::timeout, this, [this] { saveNow(); });
}

Autosave::~Autosave() {
    if (active_) {
        if (timer_.isActive()) saveNow(); // the last edit is not lost either
        QFile::remove(markerPath());
    }
    if (lockFd_ >= 0) ::close(lockFd_); // releases the lock
}

QString Autosave::autosavePath() const {
    return QDir(dir_).filePath(QStringLiteral("autosave.json"));
}
QString Autosave::markerPath() const {
    return QDir(dir_).filePath(QStringLiteral("session.pid"));
}
QString Autosave::lockPath() const {
    return QDir(dir_).filePath(QStringLiteral("session.lock"));
}

bool Autosave::beginSession() {
    QDir().mkpath(dir_);
    active_ = false;
    if (lockFd_ < 0) {
        lockFd_ = ::open(QFile::encodeName(lockPath()).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (lockFd_ < 0) {
            emit disabled(tr("Autosave is off: cannot open %1: %2")
                              .arg(lockPath(), QString::fromLocal8Bit(std::strerror(errno))));
            return false;
        }
        if (::flock(lockFd_, LOCK_EX | LOCK_NB) != 0) {
            const int e = errno;
            ::close(lockFd_);
            lockFd_ = -1;
            emit disabled(e == EWOULDBLOCK
                              ? tr("Autosave is off in this window: another IRQ Scope window is running and "
                                   "autosaves its own edits.")
                              : tr("Autosave is off: cannot lock %1: %2")
                                    .arg(lockPath(), QString::fromLocal8Bit(std::strerror(e))));
            return false;
        }
    }
    // We hold the lock, so no window is running: a marker left behind means the
    // session that wrote it ended without a clean exit.
    const bool unclean = QFile::exists(markerPath()) && QFile::exists(autosavePath());
    QString err;
    active_ = writeFileAtomically(markerPath(), QByteArray::number(QCoreApplication::applicationPid()) + '\n', &err);
    if (!active_) emit disabled(tr("Autosave is off: cannot write %1: %2").arg(markerPath(), err));
    return unclean;
}

void Autosave::schedule(const Scenario& s) {
    if (!active_) return;
    pending_ = s;
    timer_.start();
}

bool Autosave::saveNow(QString* error) {
    timer_.stop();
    if (!active_ || !pending_) return false;
    QString err;
    const QByteArray doc = QByteArray::fromStdString(pending_->document().dump(2)) + '\n';
    if (!writeFileAtomically(autosavePath(), doc, &err)) {
        if (error) *error = err;
        emit saveFailed(tr("Autosave failed: %1: %2").arg(autosavePath(), err));
        return false;
    }
    emit saved(autosavePath());
    return true;
}

std::optional<Scenario> Autosave::offerRestore(QWidget* parent, Restore policy, QString* note) {
    const QString path = autosavePath();
    if (policy == Restore::Ask) {
        const QByteArray env = qgetenv("IRQSCOPE_RESTORE_AUTOSAVE").toLower();
        if (env == "yes" || env == "1") policy = Restore::Yes;
        else if (env == "no" || env == "0") policy = Restore::No;
        else if (QApplication::platformName().contains(QLatin1String("offscreen"))) policy = Restore::No;
    }
    if (policy == Restore::Ask) {
        const auto answer = QMessageBox::question(
            parent, tr("Restore unsaved scenario?"),
            tr("IRQ Scope did not exit cleanly last time. Restore the scenario you were editing?"),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        policy = answer == QMessageBox::Yes ? Restore::Yes : Restore::No;
    }
    if (policy == Restore::No) {
        if (note)
            *note = tr("An unsaved scenario from an unclean exit was not restored (it stays in %1 "
                       "until the next edit).")
                        .arg(path);
        return std::nullopt;
    }
    auto s = Scenario::fromFile(path.toStdString());
    if (!s) {
        if (note)
            *note = tr("The autosaved scenario could not be restored: %1")
                        .arg(QString::fromStdString(s.error().toString()));
        return std::nullopt;
    }
    if (note) *note = tr("Restored the scenario autosaved before the last unclean exit.");
    pending_ = *s; // it is what is being edited now
    return std::move(*s);
}

} // namespace irqscope::app
