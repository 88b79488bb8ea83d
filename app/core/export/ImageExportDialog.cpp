#include "core/export/ImageExportDialog.h"

#include "core/export/PlotExport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>

namespace irqscope::app {

ImageExportDialog::ImageExportDialog(const QString& suggestedPath, QSize size, bool timeline, QWidget* parent,
                                     const QString& title)
    : QDialog(parent) {
    setWindowTitle(tr("Export image"));
    auto* form = new QFormLayout(this);
    auto* pathRow = new QHBoxLayout;
    path_ = new QLineEdit(suggestedPath, this);
    path_->setToolTip(tr("The suffix picks the format: .png, .svg or .pdf"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &ImageExportDialog::browse);
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("File:"), pathRow);
    if (timeline) {
        preset_ = new QComboBox(this);
        for (FigurePreset p : {FigurePreset::Custom, FigurePreset::Paper, FigurePreset::Slide})
            preset_->addItem(figurePresetName(p), int(p));
        preset_->setToolTip(tr("Paper: one column of a paper, 17 cm wide, 8.5 pt type (a PNG at 300 dpi). "
                               "Slide: 16:9 with large type and the high-contrast colours. SVG and PDF keep "
                               "the physical size."));
        form->addRow(tr("Page:"), preset_);
    }
    w_ = new QSpinBox(this);
    h_ = new QSpinBox(this);
    for (QSpinBox* s : {w_, h_}) {
        s->setRange(200, 8000);
        s->setSuffix(tr(" px"));
    }
    w_->setValue(size.width());
    h_->setValue(size.height());
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(w_);
    sizeRow->addWidget(h_);
    form->addRow(tr("Size (width × height):"), sizeRow);
    if (timeline) {
        auto* current = new QRadioButton(tr("Current view"), this);
        whole_ = new QRadioButton(tr("Whole run"), this);
        current->setChecked(true);
        auto* r = new QHBoxLayout;
        r->addWidget(current);
        r->addWidget(whole_);
        form->addRow(tr("Time range:"), r);
        overlays_ = new QCheckBox(tr("Cursors, selection and highlights"), this);
        overlays_->setChecked(true);
        activeLanes_ = new QCheckBox(tr("Only the lanes shown (filter, hidden idle CPUs)"), this);
        activeLanes_->setChecked(true);
        auto* draw = new QVBoxLayout;
        draw->addWidget(overlays_);
        draw->addWidget(activeLanes_);
        form->addRow(tr("Draw:"), draw);
        title_ = new QLineEdit(title, this);
        title_->setToolTip(tr("Printed above the lanes; empty: no title"));
        form->addRow(tr("Title:"), title_);
        connect(preset_, &QComboBox::currentIndexChanged, this, &ImageExportDialog::presetChanged);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (imageFormatFor(path())) accept();
        else path_->setStyleSheet(QStringLiteral("border: 2px solid #d62728;"));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

void ImageExportDialog::presetChanged() {
    const auto p = static_cast<FigurePreset>(preset_->currentData().toInt());
    const bool custom = p == FigurePreset::Custom;
    w_->setEnabled(custom);
    h_->setEnabled(custom);
    if (!custom) {
        const QSize px = figureExportPage(p, QSize()).rasterSize();
        w_->setValue(px.width());
        h_->setValue(px.height());
        overlays_->setChecked(false); // a figure shows the run, not where the mouse was
    }
}

void ImageExportDialog::browse() {
    const QString p = QFileDialog::getSaveFileName(
        this, tr("Export image"), path(), tr("PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)"));
    if (!p.isEmpty()) path_->setText(p);
}

QString ImageExportDialog::path() const {
    return path_->text().trimmed();
}
QSize ImageExportDialog::imageSize() const {
    return {w_->value(), h_->value()};
}
bool ImageExportDialog::wholeRun() const {
    return whole_ && whole_->isChecked();
}

FigureChoices ImageExportDialog::choices() const {
    FigureChoices c;
    c.path = path();
    c.size = imageSize();
    c.wholeRun = wholeRun();
    if (preset_) c.preset = static_cast<FigurePreset>(preset_->currentData().toInt());
    if (overlays_) c.overlays = overlays_->isChecked();
    if (activeLanes_) c.activeLanesOnly = activeLanes_->isChecked();
    if (title_) c.title = title_->text().trimmed();
    return c;
}

} // namespace irqscope::app
