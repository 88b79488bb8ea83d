// irqscope: the IRQ Scope desktop explorer. Everything lives in the
// irqscope_appcore library; this only parses the command line.
#include "core/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("irqscope"));
    QApplication::setApplicationName(QStringLiteral("irqscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("IRQ Scope"));
    QApplication::setApplicationVersion(QStringLiteral(IRQSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("irqscope"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Explore simulated Linux interrupt handling: timelines, what-if runs, comparisons."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QApplication::translate("main", "A preset name or a scenario JSON file to open."));
    QCommandLineOption presentation(QStringList{QStringLiteral("p"), QStringLiteral("presentation")},
                                    QApplication::translate("main", "Start in presentation mode (full screen, large, high contrast)."));
    QCommandLineOption fresh(QStringLiteral("default-layout"),
                             QApplication::translate("main", "Ignore the remembered window layout."));
    parser.addOption(presentation);
    parser.addOption(fresh);
    parser.process(app);

    irqscope::app::MainWindow::Options opt;
    if (!parser.positionalArguments().isEmpty()) opt.initial = parser.positionalArguments().constFirst();
    opt.presentation = parser.isSet(presentation);
    opt.restoreState = !parser.isSet(fresh);
    irqscope::app::MainWindow w(opt);
    w.show();
    return app.exec();
}
