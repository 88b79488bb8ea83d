#include "core/i18n/Language.h"

#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace irqscope::app {

namespace {
const QString kSettingsKey = QStringLiteral("language");

// The translators currently installed; owned by the application object so
// they live exactly as long as it does.
struct Installed {
    QTranslator* app = nullptr;
    QTranslator* qt = nullptr;
    QString choice;
    QString effective = QStringLiteral("en");
};
Installed& installed() {
    static Installed s;
    return s;
}

bool shipped(const QString& code) {
    if (code == QLatin1String("en")) return true;
    return QFile::exists(QStringLiteral(":/i18n/irqscope_%1.qm").arg(code));
}

// Returns whether a translator was removed (Qt then announces the change).
bool removeTranslators() {
    Installed& s = installed();
    bool removed = false;
    for (QTranslator** t : {&s.app, &s.qt}) {
        if (!*t) continue;
        QCoreApplication::removeTranslator(*t);
        delete *t;
        *t = nullptr;
        removed = true;
    }
    return removed;
}
} // namespace

const QList<Language::Choice>& Language::choices() {
    static const QList<Choice> list{
        {QString(), QString()},
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
    };
    return list;
}

QString Language::systemLanguage() {
    // uiLanguages() honours LANGUAGE as well as LANG / LC_MESSAGES.
    return match(QLocale::system().uiLanguages());
}

QString Language::match(const QStringList& uiLanguages) {
    for (QString ui : uiLanguages) {
        ui.replace(QLatin1Char('-'), QLatin1Char('_'));
        for (const Choice& c : choices()) {
            if (c.code.isEmpty()) continue;
            // "de_DE" -> de; "zh_Hans_CN" or "zh_CN" -> zh_CN; "en_US" -> en
            const QString lang = c.code.section(QLatin1Char('_'), 0, 0);
            if (ui == c.code || ui.section(QLatin1Char('_'), 0, 0) == lang) {
                if (lang == QLatin1String("zh") &&
                    (ui.contains(QLatin1String("Hant")) || ui.endsWith(QLatin1String("TW")) ||
                     ui.endsWith(QLatin1String("HK"))))
                    continue; // traditional Chinese readers are better served by English than by
                              // simplified glyphs
                return c.code;
            }
        }
    }
    return QStringLiteral("en");
}

QString Language::apply(const QString& code) {
    const QString lang = code.isEmpty() ? systemLanguage() : code;
    if (!shipped(lang)) return {};
    Installed& s = installed();
    const bool removed = removeTranslators();
    if (lang != QLatin1String("en")) {
        auto* app = new QTranslator(QCoreApplication::instance());
        if (app->load(QStringLiteral(":/i18n/irqscope_%1.qm").arg(lang))) {
            QCoreApplication::installTranslator(app);
            s.app = app;
        } else {
            delete app;
        }
        // Qt's own strings (OK/Cancel, file dialogs); optional: the UI still
        // works with English buttons when the Qt translations are not installed.
        auto* qt = new QTranslator(QCoreApplication::instance());
        if (qt->load(QLocale(lang), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt);
            s.qt = qt;
        } else {
            delete qt;
        }
    }
    if (!removed && !s.app && !s.qt && QCoreApplication::instance()) {
        // Nothing was installed or removed, so Qt says nothing; tell the
        // widgets anyway so every switch behaves the same.
        QCoreApplication::postEvent(QCoreApplication::instance(), new QEvent(QEvent::LanguageChange));
    }
    s.choice = code;
    s.effective = lang;
    return lang;
}

QString Language::choose(const QString& code) {
    const QString lang = apply(code);
    if (!lang.isEmpty()) QSettings().setValue(kSettingsKey, code);
    return lang;
}

QString Language::applySaved() {
    const QString saved = savedChoice();
    if (const QString lang = apply(saved); !lang.isEmpty()) return lang;
    // A hand-edited or stale setting: say so, then follow the system.
    qWarning("irqscope: unknown language \"%s\" in the settings (key \"%s\"); expected one of en, "
             "de, zh_CN "
             "or empty; using the system language",
             qPrintable(saved), qPrintable(kSettingsKey));
    return apply(QString());
}

QString Language::savedChoice() {
    return QSettings().value(kSettingsKey).toString();
}
QString Language::currentChoice() {
    return installed().choice;
}
QString Language::current() {
    return installed().effective;
}

} // namespace irqscope::app
