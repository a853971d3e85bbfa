#include "fill.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <cstdio>

namespace bench {

QString findSimBinary(const QString &explicitPath)
{
    if (!explicitPath.isEmpty())
        return QFileInfo(explicitPath).isExecutable() ? explicitPath : QString();
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {here.filePath(QStringLiteral("../inbox-sim/inbox-sim")),
                                     here.filePath(QStringLiteral("inbox-sim"))}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return QStandardPaths::findExecutable(QStringLiteral("inbox-sim"));
}

namespace {
qint64 countEvents(inbox::PgConnection &admin, QString *error)
{
    inbox::DbError e;
    const auto rows = admin.exec(QStringLiteral("SELECT count(*) FROM inbox.events"), &e);
    if (!rows) {
        *error = e.message;
        return -1;
    }
    return rows->toInt(0, 0, -1);
}
} // namespace

qint64 ensureFilled(inbox::PgConnection &admin, const QString &conninfo, qint64 events,
                    const QString &simBinary, QString *error)
{
    const qint64 have = countEvents(admin, error);
    if (have != 0)
        return have;
    const QString sim = findSimBinary(simBinary);
    if (sim.isEmpty()) {
        *error = QStringLiteral("inbox.events is empty and inbox-sim was not found (--sim PATH)");
        return -1;
    }
    std::fprintf(stderr, "inbox.events is empty: filling %lld events with %s --bulk\n",
                 static_cast<long long>(events), qPrintable(sim));
    QStringList args{QStringLiteral("--bulk"), QString::number(events)};
    if (!conninfo.isEmpty())
        args << QStringLiteral("--db") << conninfo;
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QObject::connect(&p, &QProcess::readyReadStandardOutput, &p, [&p] {
        const QByteArray out = p.readAllStandardOutput();
        std::fwrite(out.constData(), 1, size_t(out.size()), stderr);
    });
    QElapsedTimer timer;
    timer.start();
    p.start(sim, args);
    if (!p.waitForStarted()) {
        *error = QStringLiteral("could not start %1: %2").arg(sim, p.errorString());
        return -1;
    }
    while (!p.waitForFinished(1000)) {
        if (p.state() == QProcess::NotRunning)
            break;
    }
    const QByteArray rest = p.readAllStandardOutput();
    std::fwrite(rest.constData(), 1, size_t(rest.size()), stderr);
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("inbox-sim --bulk failed (exit code %1)").arg(p.exitCode());
        return -1;
    }
    std::fprintf(stderr, "filled in %.0f s\n", double(timer.elapsed()) / 1000.0);
    // inbox-sim ends its fill with ANALYZE of the tables it wrote.
    return countEvents(admin, error);
}

} // namespace bench
