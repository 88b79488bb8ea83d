#include "core/scenario/ScenarioTabs.h"

#include "core/scenario/KnobPanel.h"
#include "core/scenario/PartsPanel.h"

#include <QEvent>

namespace irqscope::app {

ScenarioTabs::ScenarioTabs(QWidget* parent) : QTabWidget(parent) {
    setObjectName(QStringLiteral("ScenarioTabs"));
    setDocumentMode(true);
    knobs_ = new KnobPanel(this);
    parts_ = new PartsPanel(this);
    addTab(knobs_, QString());
    addTab(parts_, QString());
    connect(knobs_, &KnobPanel::scenarioReplaced, this, [this] { parts_->setScenario(knobs_->scenario()); });
    // a parameter edit (machine.cpus) is part of the scenario the next part edit is checked against
    connect(knobs_, &KnobPanel::scenarioEdited, this, [this] { parts_->setScenario(knobs_->scenario()); });
    connect(parts_, &PartsPanel::partsEdited, knobs_, &KnobPanel::replaceScenario);
    connect(parts_, &PartsPanel::partCountChanged, this, &ScenarioTabs::retranslateUi);
    retranslateUi();
}

void ScenarioTabs::retranslateUi() {
    setTabText(0, tr("Parameters"));
    setTabText(1, tr("Parts (%1)").arg(parts_->partCount()));
    setTabToolTip(0, tr("The machine and kernel: every parameter of the scenario"));
    setTabToolTip(1,
                  tr("The scenario's own interrupt sources, tasks, workqueues, resources, probes and placed devices"));
}

void ScenarioTabs::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QTabWidget::changeEvent(e);
}

} // namespace irqscope::app
