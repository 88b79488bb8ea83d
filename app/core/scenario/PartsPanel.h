// The Parts tab of the what-if panel: the scenario's own interrupt sources,
// tasks, workqueues, resources and probes (docs/scenarios.md) by name, with
// Add, Duplicate and Remove, and the form of the selected part (PartEditor).
// Every change goes through PartsModel, so the engine checks it as it checks a
// file; a refused change leaves the scenario as it was and shows the engine's
// error (file and JSON path) at the field. An accepted one is handed to the
// parameter panel (partsEdited), which makes it the scenario that Run runs and
// Save writes.
#pragma once

#include "core/scenario/PartsModel.h"

#include <QWidget>

class QLabel;
class QMenu;
class QPushButton;
class QScrollArea;
class QSplitter;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace irqscope::app {

class PartEditor;

class PartsPanel : public QWidget {
    Q_OBJECT
public:
    explicit PartsPanel(QWidget* parent = nullptr);

    // The scenario the parameter panel holds now. The list is rebuilt only
    // when its parts differ from the ones shown.
    void setScenario(const Scenario& s);
    const PartsModel& model() const { return model_; }
    PartEditor* editor() const { return editor_; }
    QTreeWidget* tree() const { return tree_; }
    int partCount() const;

    // What the buttons do (tests, lessons). False: refused, the error is shown.
    bool addPart(const std::string& list);
    bool duplicateSelected();
    bool removeSelected();
    void select(const std::string& list, std::size_t index);
    // Type into a row of the selected part and commit it; false: refused.
    bool editField(const char* pointer, const QString& text);
    // The error shown at a row of the selected part, or above the list.
    QString errorAt(const char* pointer) const;
    QString bannerText() const;

signals:
    void partsEdited(const irqscope::Scenario& s);
    void partCountChanged(int n);

protected:
    void changeEvent(QEvent* e) override;
    void showEvent(QShowEvent* e) override;

private:
    void rebuildTree();
    void selectionChanged();
    void applyField(const char* pointer, const QString& text);
    void applyJson(const QString& text);
    void accepted(const std::string& list, std::size_t index);
    void refused(const Error& e);
    // A new part at result's index (add, duplicate): selected and shown; an
    // error is shown and nothing changes. False: refused.
    bool adopt(const std::string& list, const Result<std::size_t>& result);
    void showBanner(const QString& text);
    void revealError();
    std::pair<std::string, std::size_t> selected() const;
    void retranslateUi();
    void updateButtons();

    PartsModel model_;
    QLabel* notice_ = nullptr;
    QTreeWidget* tree_ = nullptr;
    QToolButton* add_ = nullptr;
    QMenu* addMenu_ = nullptr;
    QPushButton* duplicate_ = nullptr;
    QPushButton* remove_ = nullptr;
    QLabel* banner_ = nullptr;
    PartEditor* editor_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    QSplitter* split_ = nullptr;
    bool sized_ = false;
    bool lastEditOk_ = false;
    bool rebuilding_ = false;
};

} // namespace irqscope::app
