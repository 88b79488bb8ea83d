// The what-if panel: every scenario parameter of Schema::builtin(), grouped,
// with its unit, range and one-line explanation. An edit goes through
// Scenario::set(), so the engine validates it; a refusal is shown at the field
// with the engine's message and the scenario keeps its last valid value.
#pragma once

#include "irqscope/scenario.h"

#include <QHash>
#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;
class QScrollArea;
class QVBoxLayout;

namespace irqscope::app {

class KnobPanel : public QWidget {
    Q_OBJECT
public:
    explicit KnobPanel(QWidget* parent = nullptr);

    // Shows `s` as loaded (a preset, file, run): emits scenarioReplaced.
    void setScenario(const Scenario& s);
    // An edit made elsewhere (the Parts tab), already validated: emits scenarioEdited.
    void replaceScenario(const Scenario& s);
    const Scenario& scenario() const { return scenario_; }
    // The cross-field validation error of the current values, if any.
    QString validationError() const { return validationError_; }
    // Set a parameter as if typed into its field (tests, lesson scripts); a
    // part's field by its knob path (sources[eth0].arrival.poisson.rate_hz).
    bool edit(const QString& path, const QString& text);
    QString errorAt(const QString& path) const;
    QWidget* editorFor(const QString& path) const;
    // The switch ("net.enabled") that is off and so greys out `path`'s field, else "".
    QString offSwitchAt(const QString& path) const;
    // What a greyed-out field's tooltip and the help line say about its switch.
    static QString offText(const QString& offSwitch);
    void setFilter(const QString& text);

signals:
    void scenarioEdited();
    void scenarioReplaced();

protected:
    void changeEvent(QEvent* e) override;

private:
    struct Field {
        const ParamSpec* spec = nullptr;
        QWidget* editor = nullptr;
        QLabel* label = nullptr;
        QLabel* unit = nullptr;
        QLabel* error = nullptr;
        QWidget* row = nullptr;
        QWidget* group = nullptr;
    };
    QWidget* makeEditor(const ParamSpec& p);
    void fitRows();
    void retranslateUi();
    void apply(const QString& path, const QString& text);
    void reset(const QString& path);
    void refreshValues();
    void showError(Field& f, const QString& message);
    void clearErrors();
    QString currentText(const Field& f) const;
    bool eventFilter(QObject* o, QEvent* e) override;

    Scenario scenario_;
    QString validationError_;
    std::vector<Field> fields_;
    QHash<QString, std::size_t> index_;
    QLineEdit* filter_ = nullptr;
    QLabel* help_ = nullptr;
    QLabel* banner_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    std::vector<QFormLayout*> forms_;
    bool refreshing_ = false;
    bool fitting_ = false;
};

} // namespace irqscope::app
