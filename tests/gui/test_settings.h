// GUI tests run the real window, which reads and writes QSettings: each test
// program gets its own settings, apart from the user's and from the others.
#pragma once

#include <QCoreApplication>
#include <QStandardPaths>

namespace irqscope::test {

inline void useOwnSettings(const char* testName) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("irqscope-test"));
    QCoreApplication::setApplicationName(QString::fromLatin1(testName));
}

} // namespace irqscope::test
