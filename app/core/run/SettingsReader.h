// Reading QSettings defensively: a value of the wrong type (a hand-edited or
// stale irqscope.conf) is ignored -- the caller's default applies -- and named
// in warnings() so the window can say so in the status bar. Never a crash,
// never a silent misread.
#pragma once

#include <QSettings>
#include <QStringList>

namespace irqscope::app {

class SettingsReader {
public:
    explicit SettingsReader(QSettings& s) : s_(s) {}

    bool boolean(const QString& key, bool fallback);
    QString string(const QString& key, const QString& fallback);
    QStringList stringList(const QString& key);
    QByteArray bytes(const QString& key);
    // For a value the caller could not use (e.g. restoreGeometry refused it).
    void reject(const QString& key, const QString& expected);

    const QStringList& warnings() const { return warnings_; }
    // "Ignored bad settings: autoRun (expected true or false), ..."; empty when none.
    QString summary() const;

private:
    QString shown(const QVariant& v) const;
    QSettings& s_;
    QStringList warnings_;
};

} // namespace irqscope::app
