// The user interface language: IRQ Scope's own translations (embedded as
// :/i18n/irqscope_<code>.qm) plus Qt's (qtbase_<code>.qm, for the standard
// dialogs and buttons). The choice is "" (follow the system locale, the
// default) or an explicit code; it is kept in QSettings under "language".
//
// Installing a translator makes Qt send QEvent::LanguageChange to every
// window, so the widgets retranslate themselves (retranslateUi()) without a
// restart.
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace irqscope::app {

class Language {
    Q_DECLARE_TR_FUNCTIONS(Language)
public:
    struct Choice {
        QString code;       // "" = system default, "en", "de", "zh_CN"
        QString nativeName; // shown in the menu in its own language; empty for the system default
    };
    // Every choice the Language menu offers, system default first.
    static const QList<Choice>& choices();

    // Installs the translators for `code` ("" = the system locale) and
    // returns the code of the language now in effect ("en" when nothing
    // matched: the sources are English). An unknown explicit code is an error
    // (returns an empty string and leaves the current language alone).
    static QString apply(const QString& code);
    // apply() and remember the choice for the next start.
    static QString choose(const QString& code);
    // At start: apply the remembered choice (the system locale if none).
    static QString applySaved();

    static QString savedChoice();   // "" when the user never chose
    static QString currentChoice(); // what apply() was last asked for
    static QString current();       // the language in effect, e.g. "de"

    // The language apply("") would pick for this system: the first of the
    // locale's UI languages we ship, else "en".
    static QString systemLanguage();
    // The first of `uiLanguages` (in QLocale::uiLanguages() form, "de-DE",
    // "zh-Hans-CN") that we ship, else "en".
    static QString match(const QStringList& uiLanguages);
};

} // namespace irqscope::app
