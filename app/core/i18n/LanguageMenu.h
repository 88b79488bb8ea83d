// View ▸ Language: System default, English, Deutsch, 简体中文. Picking one
// switches the whole window at once and is remembered for the next start.
// Language names are written in their own language so a reader can find
// theirs whatever the current one is.
#pragma once

#include <QMenu>

class QActionGroup;

namespace irqscope::app {

class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslateUi();
    void syncChecks();
    QActionGroup* group_ = nullptr;
};

} // namespace irqscope::app
