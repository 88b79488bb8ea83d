#include "core/twin/MakeTwinDialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace irqscope::app {

MakeTwinDialog::MakeTwinDialog(QWidget* parent, const QString& capture) : QDialog(parent) {
    setObjectName(QStringLiteral("makeTwinDialog"));
    setWindowTitle(tr("Make twin from capture"));
    auto* v = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("A twin is a scenario fitted from a real ftrace capture: its CPUs, tick, interrupt "
                                "lines with their arrivals and costs, what each handler defers, and its tasks. It is "
                                "run for as long as the capture lasted and shown beside it in the Compare tab."),
                             this);
    intro->setWordWrap(true);
    v->addWidget(intro);
    auto* form = new QFormLayout;
    auto row = [this, form](QLineEdit*& edit, const char* name, const QString& label, const QString& filter) {
        edit = new QLineEdit(this);
        edit->setObjectName(QString::fromLatin1(name));
        edit->setMinimumWidth(360);
        auto* browse = new QPushButton(tr("Browse…"), this);
        connect(browse, &QPushButton::clicked, this, [this, edit, filter] {
            const QString p = QFileDialog::getOpenFileName(this, windowTitle(), edit->text(), filter);
            if (!p.isEmpty()) edit->setText(p);
        });
        auto* h = new QHBoxLayout;
        h->addWidget(edit, 1);
        h->addWidget(browse);
        form->addRow(label, h);
    };
    row(capture_, "twinCapture", tr("&Capture:"), tr("ftrace text (*.txt *.trace *.dat.txt);;All files (*)"));
    row(workload_, "twinWorkload", tr("rt-app &workload (optional):"), tr("rt-app task sets (*.json);;All files (*)"));
    capture_->setText(capture);
    workload_->setPlaceholderText(tr("the tasks are inferred from the capture"));
    v->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Make twin"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto enable = [this, buttons] { buttons->button(QDialogButtonBox::Ok)->setEnabled(!capturePath().isEmpty()); };
    connect(capture_, &QLineEdit::textChanged, this, enable);
    enable();
    v->addWidget(buttons);
}

QString MakeTwinDialog::capturePath() const {
    return capture_->text().trimmed();
}

QString MakeTwinDialog::workloadPath() const {
    return workload_->text().trimmed();
}

} // namespace irqscope::app
