#include "core/i18n/LanguageMenu.h"

#include "core/i18n/Language.h"

#include <QActionGroup>
#include <QEvent>

namespace irqscope::app {

LanguageMenu::LanguageMenu(QWidget* parent) : QMenu(parent) {
    setObjectName(QStringLiteral("languageMenu"));
    group_ = new QActionGroup(this);
    group_->setExclusive(true);
    for (const Language::Choice& c : Language::choices()) {
        QAction* a = addAction(c.nativeName);
        a->setObjectName(QStringLiteral("language_%1").arg(c.code.isEmpty() ? QStringLiteral("system") : c.code));
        a->setData(c.code);
        a->setCheckable(true);
        group_->addAction(a);
        if (c.code.isEmpty()) addSeparator();
    }
    connect(group_, &QActionGroup::triggered, this, [](QAction* a) { Language::choose(a->data().toString()); });
    retranslateUi();
}

void LanguageMenu::retranslateUi() {
    setTitle(tr("&Language"));
    const QString system = Language::systemLanguage();
    for (QAction* a : group_->actions()) {
        if (!a->data().toString().isEmpty()) continue;
        a->setText(tr("System default"));
        a->setToolTip(tr("Follow the system locale (now: %1)").arg(system));
    }
    syncChecks();
}

void LanguageMenu::syncChecks() {
    const QString choice = Language::currentChoice();
    for (QAction* a : group_->actions()) a->setChecked(a->data().toString() == choice);
}

void LanguageMenu::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QMenu::changeEvent(e);
}

} // namespace irqscope::app
