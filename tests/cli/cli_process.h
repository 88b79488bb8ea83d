// Running irqscope-cli (or another program) from a CLI test: one runner for every
// test in this folder, so a hang fails the test that caused it instead of
// stalling ctest until its global timeout.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace clitest {

struct Out {
    int code = -1;        // exit status; -1 when the program crashed, -2 when it hung
    bool crashed = false; // killed by a signal, or killed here after the timeout
    QByteArray out, err;
};

// Runs `program` with `args`; standard output goes to `stdoutFile` when one is
// given. A program still running after `timeoutMs` is killed and reported as a
// hang (code -2, err "TIMEOUT (a hang)").
inline Out runProgram(const QString& program, const QStringList& args, int timeoutMs = 120000,
                      const QString& stdoutFile = {}) {
    QProcess p;
    if (!stdoutFile.isEmpty()) p.setStandardOutputFile(stdoutFile);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return Out{-2, true, {}, "TIMEOUT (a hang)"};
    }
    const bool crashed = p.exitStatus() != QProcess::NormalExit;
    return Out{crashed ? -1 : p.exitCode(), crashed, p.readAllStandardOutput(), p.readAllStandardError()};
}

#ifdef IRQSCOPE_CLI
inline Out cli(const QStringList& args, int timeoutMs = 120000, const QString& stdoutFile = {}) {
    return runProgram(QStringLiteral(IRQSCOPE_CLI), args, timeoutMs, stdoutFile);
}
#endif

} // namespace clitest
