// The what-if panel: the parameter tree (KnobPanel) and the scenario's own
// parts (PartsPanel) as two tabs over one scenario. The parameter panel holds
// the scenario the window runs, saves and compares; the Parts tab edits a copy
// and hands every accepted change back to it, so a part edit marks the
// scenario modified like a parameter edit does.
#pragma once

#include <QTabWidget>

namespace irqscope::app {

class KnobPanel;
class PartsPanel;

class ScenarioTabs : public QTabWidget {
    Q_OBJECT
public:
    explicit ScenarioTabs(QWidget* parent = nullptr);
    KnobPanel* knobs() const { return knobs_; }
    PartsPanel* parts() const { return parts_; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslateUi();
    KnobPanel* knobs_ = nullptr;
    PartsPanel* parts_ = nullptr;
};

} // namespace irqscope::app
