#include "core/atomic_file.h"

#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace irqscope::app {

namespace {
QString errnoText(int e) {
    return QString::fromLocal8Bit(std::strerror(e));
}

bool writeAll(int fd, const QByteArray& data, QString* error) {
    qint64 done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + done, std::size_t(data.size() - done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (error) *error = errnoText(n < 0 ? errno : EIO);
            return false;
        }
        done += n;
    }
    return true;
}

// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the process's own
// descriptor N (written through it, so a shell's `> file` keeps its offset
// and what was printed before), or -1.
int ownDescriptor(const QString& path) {
    if (path == QLatin1String("/dev/stdout")) return 1;
    if (path == QLatin1String("/dev/stderr")) return 2;
    for (const char* dir : {"/dev/fd/", "/proc/self/fd/"})
        if (path.startsWith(QLatin1String(dir))) {
            bool ok = false;
            const int fd = path.mid(int(std::strlen(dir))).toInt(&ok);
            return ok && fd >= 0 ? fd : -1;
        }
    return -1;
}

// Writes into an existing device node, FIFO or socket: no temporary file, no
// rename, no truncation (O_TRUNC means nothing to a device).
bool writeStraight(const QString& path, const QByteArray& data, QString* error) {
    if (const int own = ownDescriptor(path); own >= 0) {
        std::fflush(nullptr); // what stdio buffered comes first
        return writeAll(own, data, error);
    }
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (error) *error = errnoText(errno);
        return false;
    }
    const bool ok = writeAll(fd, data, error);
    if (::close(fd) != 0 && errno != EINTR && ok) {
        if (error) *error = errnoText(errno);
        return false;
    }
    return ok;
}

// QSaveFile reports some failures (ENOSPC at commit) as "Unknown error";
// errno still says what happened.
QString saveFileError(const QSaveFile& f, int savedErrno) {
    const QString s = f.errorString();
    if ((s.isEmpty() || s.contains(QLatin1String("Unknown error"))) && savedErrno != 0) return errnoText(savedErrno);
    return s;
}
} // namespace

QString unwritableReason(const QString& path) {
    if (path.isEmpty()) return QStringLiteral("no file name");
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        // a name under /dev that is not there would be created as a regular file
        if (errno == ENOENT && (path.startsWith(QLatin1String("/dev/")) || path.startsWith(QLatin1String("/proc/"))))
            return QStringLiteral("no such device");
        return {};
    }
    if (S_ISDIR(st.st_mode)) return QStringLiteral("is a directory, not a file");
    if (S_ISBLK(st.st_mode)) return QStringLiteral("is a block device, not a file");
    return {};
}

bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error) {
    if (const QString why = unwritableReason(path); !why.isEmpty()) {
        if (error) *error = why;
        return false;
    }
    struct stat st {};
    if (ownDescriptor(path) >= 0 || (::stat(QFile::encodeName(path).constData(), &st) == 0 && !S_ISREG(st.st_mode)))
        return writeStraight(path, data, error); // a character device, a FIFO, a socket, our own stdout
    QSaveFile f(path);
    errno = 0;
    if (!f.open(QIODevice::WriteOnly)) {
        if (error) *error = saveFileError(f, errno);
        return false;
    }
    if (f.write(data) != data.size()) {
        if (error) *error = saveFileError(f, errno);
        f.cancelWriting();
        return false;
    }
    errno = 0;
    if (!f.commit()) {
        if (error) *error = saveFileError(f, errno);
        return false;
    }
    return true;
}

bool sameOutput(const QString& a, const QString& b) {
    auto resolve = [](const QString& p) {
        const QString q = p == QLatin1String("-") ? QStringLiteral("/dev/stdout") : p;
        const QFileInfo fi(q);
        const QString canonical = fi.canonicalFilePath(); // empty when it does not exist
        return canonical.isEmpty() ? fi.absoluteFilePath() : canonical;
    };
    const QString ra = resolve(a), rb = resolve(b);
    return ra == rb && ra != QLatin1String("/dev/null");
}

} // namespace irqscope::app
