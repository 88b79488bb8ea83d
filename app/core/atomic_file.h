// Saving without ever leaving a half-written file, and without ever replacing
// what is not a regular file.
//
// A regular file (or a path that does not exist yet) is written to a
// temporary file next to it, flushed, and renamed over it, so a crash leaves
// the old file or the new one. A character device, a FIFO or a
// socket (/dev/null, a pipe, /dev/stdout) is written straight into: renaming
// a regular file over /dev/null would replace the system's /dev/null (as
// root it did). A directory, a block device, or a path under /dev that does
// not exist is refused with a message that says so.
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>
#include <iosfwd>

namespace irqscope::app {

bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error);

// The same, for output produced piece by piece: `produce` writes into the
// stream while the file is being written (through a fixed buffer), so a large
// export never has to sit in memory whole. "-" is standard output.
bool writeStreamAtomically(const QString& path, const std::function<void(std::ostream&)>& produce, QString* error);

// Why `path` cannot be written at all (a directory, a block device, a missing
// device node), or an empty string. writeFileAtomically checks it too; callers
// with several outputs check first so that nothing is written on a bad path.
QString unwritableReason(const QString& path);

// Do two output paths name the same file (after symlinks; "-" is standard
// output)? /dev/null may be named twice.
bool sameOutput(const QString& a, const QString& b);

} // namespace irqscope::app
