#include "core/atomic_file.h"

#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <ostream>
#include <streambuf>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace irqscope::app {

namespace {
QString errnoText(int e) {
    return QString::fromLocal8Bit(std::strerror(e));
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

// An std::streambuf over a file descriptor with a fixed buffer: what the
// producer writes goes out in 1 MiB pieces, whatever the total size.
class FdBuf : public std::streambuf {
public:
    explicit FdBuf(int fd) : fd_(fd), buf_(std::size_t(1) << 20) { setp(buf_.data(), buf_.data() + buf_.size()); }
    bool failed() const { return err_ != 0; }
    int error() const { return err_; }

protected:
    int_type overflow(int_type ch) override {
        if (!flushBuffer()) return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return flushBuffer() ? 0 : -1; }

private:
    bool flushBuffer() {
        const char* p = pbase();
        while (p < pptr() && err_ == 0) {
            const ssize_t n = ::write(fd_, p, std::size_t(pptr() - p));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) err_ = n < 0 ? errno : EIO;
            else p += n;
        }
        setp(buf_.data(), buf_.data() + buf_.size());
        return err_ == 0;
    }

    int fd_;
    int err_ = 0;
    std::vector<char> buf_;
};

// Runs the producer into `fd`; false (with errno's text) if a write failed.
bool produceInto(int fd, const std::function<void(std::ostream&)>& produce, QString* error) {
    FdBuf buf(fd);
    std::ostream out(&buf);
    produce(out);
    out.flush();
    if (buf.failed() || !out) {
        if (error) *error = errnoText(buf.failed() ? buf.error() : EIO);
        return false;
    }
    return true;
}

// Writes into an existing device node, FIFO or socket, or our own standard
// output: no temporary file, no rename, no truncation (O_TRUNC means nothing
// to a device).
bool writeStraight(const QString& path, const std::function<void(std::ostream&)>& produce, QString* error) {
    if (const int own = ownDescriptor(path); own >= 0) {
        std::fflush(nullptr); // what stdio buffered comes first
        return produceInto(own, produce, error);
    }
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (error) *error = errnoText(errno);
        return false;
    }
    const bool ok = produceInto(fd, produce, error);
    if (::close(fd) != 0 && errno != EINTR && ok) {
        if (error) *error = errnoText(errno);
        return false;
    }
    return ok;
}

// The mode a new file gets: the old file's, or 0666 less the umask (what
// open(O_CREAT) would give; mkstemp's 0600 would hide the file from others).
mode_t modeFor(const QByteArray& path) {
    struct stat st {};
    if (::stat(path.constData(), &st) == 0) return st.st_mode & 07777;
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
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
    return writeStreamAtomically(
        path, [&](std::ostream& out) { out.write(data.constData(), std::streamsize(data.size())); }, error);
}

bool writeStreamAtomically(const QString& path, const std::function<void(std::ostream&)>& produce, QString* error) {
    const QString target = path == QLatin1String("-") ? QStringLiteral("/dev/stdout") : path;
    if (const QString why = unwritableReason(target); !why.isEmpty()) {
        if (error) *error = why;
        return false;
    }
    const QByteArray name = QFile::encodeName(target);
    struct stat st {};
    if (ownDescriptor(target) >= 0 || (::stat(name.constData(), &st) == 0 && !S_ISREG(st.st_mode)))
        return writeStraight(target, produce, error); // a character device, a FIFO, a socket, our own stdout
    // Through a symlink, the file it names is replaced, not the link.
    const QString canonical = QFileInfo(target).canonicalFilePath();
    const QByteArray real = canonical.isEmpty() ? name : QFile::encodeName(canonical);
    QByteArray temp = real + ".XXXXXX";
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) {
        if (error) *error = errnoText(errno);
        return false;
    }
    ::fchmod(fd, modeFor(real));
    bool ok = produceInto(fd, produce, error);
    if (ok && ::fdatasync(fd) != 0) { // on disk before it replaces the old file
        if (error) *error = errnoText(errno);
        ok = false;
    }
    if (::close(fd) != 0 && ok) {
        if (error) *error = errnoText(errno);
        ok = false;
    }
    if (ok && ::rename(temp.constData(), real.constData()) != 0) {
        if (error) *error = errnoText(errno);
        ok = false;
    }
    if (!ok) ::unlink(temp.constData());
    return ok;
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
