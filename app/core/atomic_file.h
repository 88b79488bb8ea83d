// Saving without ever leaving a half-written file: write a temporary file next
// to the target, flush it, then rename it over the target (QSaveFile).
#pragma once

#include <QByteArray>
#include <QString>

namespace irqscope::app {

bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error);

} // namespace irqscope::app
