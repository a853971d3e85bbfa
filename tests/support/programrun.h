#pragma once
// A program run to its end from a test: its exit code and what it wrote.

#include <QString>
#include <QStringList>

struct ProgramRun
{
    int exitCode = -1; // -1: it crashed or did not end in time
    QString out;
    QString err; // "did not end within N s" when it was killed
};

// Runs `program` with `args`; after timeoutMs it is killed.
ProgramRun runProgram(const QString &program, const QStringList &args, int timeoutMs);
