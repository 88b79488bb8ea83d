#include "core/run/SettingsReader.h"

#include <QCoreApplication>

namespace irqscope::app {

QString SettingsReader::shown(const QVariant& v) const {
    QString t = v.toString();
    if (t.isEmpty()) t = QString::fromLatin1(v.typeName() ? v.typeName() : "?");
    return t.left(40);
}

void SettingsReader::reject(const QString& key, const QString& expected) {
    warnings_ << QCoreApplication::translate("SettingsReader", "%1 (expected %2)").arg(key, expected);
}

bool SettingsReader::boolean(const QString& key, bool fallback) {
    if (!s_.contains(key)) return fallback;
    const QVariant v = s_.value(key);
    if (v.typeId() == QMetaType::Bool) return v.toBool();
    const QString t = v.toString().trimmed().toLower();
    if (t == QLatin1String("true") || t == QLatin1String("1")) return true;
    if (t == QLatin1String("false") || t == QLatin1String("0")) return false;
    reject(key, QCoreApplication::translate("SettingsReader", "true or false, found '%1'").arg(shown(v)));
    return fallback;
}

QString SettingsReader::string(const QString& key, const QString& fallback) {
    if (!s_.contains(key)) return fallback;
    const QVariant v = s_.value(key);
    if (v.typeId() == QMetaType::QString) return v.toString();
    reject(key, QCoreApplication::translate("SettingsReader", "a text"));
    return fallback;
}

QStringList SettingsReader::stringList(const QString& key) {
    if (!s_.contains(key)) return {};
    const QVariant v = s_.value(key);
    if (v.typeId() == QMetaType::QStringList) return v.toStringList();
    if (v.typeId() == QMetaType::QString) return {v.toString()}; // one entry reads back as a string (INI)
    if (v.typeId() == QMetaType::QVariantList) {
        QStringList out;
        for (const QVariant& e : v.toList()) {
            if (e.typeId() != QMetaType::QString) {
                reject(key, QCoreApplication::translate("SettingsReader", "a list of texts"));
                return {};
            }
            out << e.toString();
        }
        return out;
    }
    reject(key, QCoreApplication::translate("SettingsReader", "a list of texts"));
    return {};
}

QByteArray SettingsReader::bytes(const QString& key) {
    if (!s_.contains(key)) return {};
    const QVariant v = s_.value(key);
    if (v.typeId() == QMetaType::QByteArray) return v.toByteArray();
    reject(key, QCoreApplication::translate("SettingsReader", "saved binary data"));
    return {};
}

QString SettingsReader::summary() const {
    if (warnings_.isEmpty()) return {};
    return QCoreApplication::translate("SettingsReader", "Ignored bad settings: %1")
        .arg(warnings_.join(QStringLiteral(", ")));
}

} // namespace irqscope::app
