// Asks for an image file (PNG/SVG/PDF by suffix), its size and, for the
// timeline, whether to export the current view or the whole run.
#pragma once

#include <QDialog>
#include <QSize>

class QCheckBox;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace irqscope::app {

class ImageExportDialog : public QDialog {
    Q_OBJECT
public:
    ImageExportDialog(const QString& suggestedPath, QSize size, bool offerRange, QWidget* parent = nullptr);
    QString path() const;
    QSize imageSize() const;
    bool wholeRun() const;

private:
    void browse();
    QLineEdit* path_ = nullptr;
    QSpinBox* w_ = nullptr;
    QSpinBox* h_ = nullptr;
    QRadioButton* whole_ = nullptr;
};

} // namespace irqscope::app
