#include "core/export/ImageExportDialog.h"

#include "core/export/PlotExport.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>

namespace irqscope::app {

ImageExportDialog::ImageExportDialog(const QString& suggestedPath, QSize size, bool offerRange, QWidget* parent)
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
    if (offerRange) {
        auto* current = new QRadioButton(tr("Current view"), this);
        whole_ = new QRadioButton(tr("Whole run"), this);
        current->setChecked(true);
        auto* r = new QHBoxLayout;
        r->addWidget(current);
        r->addWidget(whole_);
        form->addRow(tr("Time range:"), r);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (imageFormatFor(path())) accept();
        else path_->setStyleSheet(QStringLiteral("border: 2px solid #d62728;"));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
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

} // namespace irqscope::app
