// File ▸ Make twin from capture…: the capture to fit and, optionally, the
// rt-app task set that ran during it (the CLI's --workload).
#pragma once

#include <QDialog>

class QLineEdit;

namespace irqscope::app {

class MakeTwinDialog : public QDialog {
    Q_OBJECT
public:
    MakeTwinDialog(QWidget* parent, const QString& capture);
    QString capturePath() const;
    QString workloadPath() const;

private:
    QLineEdit* capture_ = nullptr;
    QLineEdit* workload_ = nullptr;
};

} // namespace irqscope::app
