#include "simprocess.h"

#include "pgsession.h"

#include <QRegularExpression>

SimResult SimProcess::run(const QStringList &args, int timeoutMs)
{
    return runProgram(QStringLiteral(INBOX_SIM_BINARY), args, timeoutMs);
}

qint64 SimProcess::scalar(const QString &conninfo, const QString &sql)
{
    PgSession s(conninfo);
    const PgResult r = s.exec(sql);
    if (!r.ok || r.rows() != 1) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(r.message));
        return -1;
    }
    return r.value(0, 0).toLongLong();
}

qint64 SimProcess::figure(const QString &out, const QString &what)
{
    const QRegularExpression re(QStringLiteral("(\\d+) ") + QRegularExpression::escape(what));
    qint64 value = -1;
    QRegularExpressionMatchIterator it = re.globalMatch(out);
    while (it.hasNext())
        value = it.next().captured(1).toLongLong();
    return value;
}
