// Asks for an image file (PNG/SVG/PDF by suffix) and its size; for the
// timeline also the page (a custom size, a paper column, a slide), the time
// range, whether the cursors and the selection are drawn, which lanes, and
// the title.
#pragma once

#include "core/export/FigureOptions.h"

#include <QDialog>
#include <QSize>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace irqscope::app {

class ImageExportDialog : public QDialog {
    Q_OBJECT
public:
    // `timeline`: offer the timeline's options, `title` prefilled.
    ImageExportDialog(const QString& suggestedPath, QSize size, bool timeline, QWidget* parent = nullptr,
                      const QString& title = QString());
    QString path() const;
    QSize imageSize() const;
    bool wholeRun() const;
    FigureChoices choices() const;
    // tests
    QComboBox* presetCombo() const { return preset_; }
    QCheckBox* overlaysBox() const { return overlays_; }
    QCheckBox* activeLanesBox() const { return activeLanes_; }
    QLineEdit* titleEdit() const { return title_; }
    QLineEdit* pathEdit() const { return path_; }

private:
    void browse();
    void presetChanged();
    QLineEdit* path_ = nullptr;
    QComboBox* preset_ = nullptr;
    QSpinBox* w_ = nullptr;
    QSpinBox* h_ = nullptr;
    QRadioButton* whole_ = nullptr;
    QCheckBox* overlays_ = nullptr;
    QCheckBox* activeLanes_ = nullptr;
    QLineEdit* title_ = nullptr;
};

} // namespace irqscope::app
