#include "alerttext.h"

#include <QLocale>

namespace inbox::alerts {

namespace {

QString percent(const QJsonValue &share)
{
    return QString::number(share.toDouble() * 100.0, 'f', 1) + QStringLiteral(" %");
}

QString number(const QJsonValue &value)
{
    const double v = value.toDouble();
    return v == double(qint64(v)) ? QString::number(qint64(v)) : QString::number(v, 'f', 1);
}

// A destination rule's figures: whether it is paused (by whom, how long, why) and its
// route's backlog. Both are said whichever of them fired.
QString destinationFigures(const QJsonObject &s)
{
    QStringList parts;
    if (s.value(QLatin1String("paused")).toBool()) {
        const QString who = s.value(QLatin1String("state")).toString() == QLatin1String("disabled")
                                ? QStringLiteral("disabled by the handler (410 Gone)")
                                : QStringLiteral("paused by %1")
                                      .arg(s.value(QLatin1String("paused_by")).toString());
        parts << QStringLiteral("%1 %2 min ago: %3")
                     .arg(who, number(s.value(QLatin1String("paused_minutes"))),
                          s.value(QLatin1String("paused_reason")).toString());
    }
    if (s.value(QLatin1String("waiting")).toDouble() > 0)
        parts << QStringLiteral("%1 events waiting, the oldest for %2 min (allowed %3 min)")
                     .arg(number(s.value(QLatin1String("waiting"))),
                          number(s.value(QLatin1String("oldest_minutes"))),
                          number(s.value(QLatin1String("backlog_minutes"))));
    else
        parts << QStringLiteral("no event waiting");
    return parts.join(QStringLiteral("; "));
}

// A poll_source rule's figures: since when the source has had no successful poll, its state
// (and how long it has been stopped), and the poller's last error with its HTTP status. The
// error is the poller's own text from the database (never a token: the poller logs none), cut
// by the evaluator to one short line.
QString pollSourceFigures(const QJsonObject &s)
{
    QStringList parts;
    const QString since = s.value(QLatin1String("since")).toString();
    if (s.value(QLatin1String("never")).toBool())
        parts << QStringLiteral("never polled successfully since it was opened %1 min ago (%2 "
                                "UTC; allowed %3 min)")
                     .arg(number(s.value(QLatin1String("since_minutes"))), since,
                          number(s.value(QLatin1String("minutes"))));
    else
        parts << QStringLiteral("no successful poll for %1 min, since %2 UTC (allowed %3 min)")
                     .arg(number(s.value(QLatin1String("since_minutes"))), since,
                          number(s.value(QLatin1String("minutes"))));
    const QString state = s.value(QLatin1String("state")).toString();
    if (state == QLatin1String("stopped"))
        parts << QStringLiteral("stopped %1 min ago: credentials refused (restart the poller "
                                "once they are fixed)")
                     .arg(number(s.value(QLatin1String("stopped_minutes"))));
    else if (state == QLatin1String("failing"))
        parts << QStringLiteral("failing (failures in a row: %1)")
                     .arg(number(s.value(QLatin1String("failures"))));
    else
        parts << QStringLiteral("state %1").arg(state);
    const QString error = s.value(QLatin1String("last_error")).toString();
    if (!error.isEmpty()) {
        const QJsonValue status = s.value(QLatin1String("http_status"));
        parts << (status.isDouble()
                      ? QStringLiteral("last error (HTTP %1): %2").arg(number(status), error)
                      : QStringLiteral("last error: %1").arg(error));
    }
    return parts.join(QStringLiteral("; "));
}

// The figures line, plain text (escaped by the caller).
QString figures(const AlertFacts &f)
{
    const QJsonObject &s = f.summary;
    if (f.kind == QLatin1String("stuck"))
        return QStringLiteral("%1 events processing for more than %2 min (lock not renewed)")
            .arg(number(s.value(QLatin1String("stuck"))),
                 number(s.value(QLatin1String("minutes"))));
    if (f.kind == QLatin1String("failed"))
        return QStringLiteral("%1 new failed events; error: %2")
            .arg(number(s.value(QLatin1String("failures"))),
                 s.value(QLatin1String("error_group")).toString());
    if (f.kind == QLatin1String("repeat_share") || f.kind == QLatin1String("failure_share")) {
        const QString what = f.kind == QLatin1String("repeat_share") ? QStringLiteral("repeat")
                                                                     : QStringLiteral("failure");
        const QString base = s.value(QLatin1String("has_baseline")).toBool()
                                 ? QStringLiteral("baseline %1 over %2 days")
                                       .arg(percent(s.value(QLatin1String("baseline"))),
                                            number(s.value(QLatin1String("baseline_days"))))
                                 : QStringLiteral("no baseline yet");
        return QStringLiteral("%1 share today %2 (%3 of %4); %5, threshold %6")
            .arg(what, percent(s.value(QLatin1String("share"))),
                 number(s.value(QLatin1String("count"))), number(s.value(QLatin1String("volume"))),
                 base, percent(s.value(QLatin1String("threshold"))));
    }
    if (f.kind == QLatin1String("silent_source"))
        return QStringLiteral("no new event for %1 min (allowed %2 min)")
            .arg(number(s.value(QLatin1String("silent_minutes"))),
                 number(s.value(QLatin1String("allowed_minutes"))));
    if (f.kind == QLatin1String("duplicates_age"))
        return QStringLiteral("the oldest open duplicate pair has waited %1 h (%2 open)")
            .arg(number(s.value(QLatin1String("oldest_hours"))),
                 number(s.value(QLatin1String("open"))));
    if (f.kind == QLatin1String("destination"))
        return destinationFigures(s);
    if (f.kind == QLatin1String("poll_source"))
        return pollSourceFigures(s);
    return QString();
}

} // namespace

QString AlertText::escape(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c == QLatin1Char('&'))
            out += QLatin1String("&amp;");
        else if (c == QLatin1Char('<'))
            out += QLatin1String("&lt;");
        else if (c == QLatin1Char('>'))
            out += QLatin1String("&gt;");
        else
            out += c;
    }
    return out;
}

QString AlertText::block(const AlertFacts &f)
{
    const QString scope =
        f.scope == QLatin1String("*") ? QStringLiteral("the whole inbox") : f.scope;
    if (f.message == QLatin1String("resolved")) {
        QString out =
            QStringLiteral("✅ <b>Resolved</b>: <b>%1</b> · <code>%2</code>\nfiring since %3")
                .arg(escape(f.ruleName), escape(scope), escape(f.firedAt));
        if (f.kind == QLatin1String("failed")) {
            // What resolved is the flow of new failures, not the failed events themselves.
            QString line = f.quietMinutes >= 0
                               ? QStringLiteral("no new failures for %1 min").arg(f.quietMinutes)
                               : QStringLiteral("no new failures");
            const QString source = f.summary.value(QLatin1String("source")).toString();
            if (f.stillFailed > 0)
                line +=
                    QStringLiteral("; %1 events of %2 still failed").arg(f.stillFailed).arg(source);
            else if (f.stillFailed == 0)
                line += QStringLiteral("; no event of %1 is failed now").arg(source);
            out += QLatin1Char('\n') + escape(line);
        }
        return out;
    }
    const QString icon = f.severity == QLatin1String("critical")  ? QStringLiteral("🔴")
                         : f.severity == QLatin1String("warning") ? QStringLiteral("🟠")
                                                                  : QStringLiteral("🔵");
    QString head = QStringLiteral("%1 <b>%2</b>: <b>%3</b> · <code>%4</code>")
                       .arg(icon, escape(f.severity.toUpper()), escape(f.ruleName), escape(scope));
    if (!f.resolvedAt.isEmpty())
        head += QStringLiteral("\n<i>delivered late: fired %1, resolved since %2</i>")
                    .arg(escape(f.firedAt), escape(f.resolvedAt));
    else if (f.message == QLatin1String("repeat"))
        head += QStringLiteral("\n<i>still firing since %1</i>").arg(escape(f.firedAt));
    const QString line = figures(f);
    return line.isEmpty() ? head : head + QLatin1Char('\n') + escape(line);
}

int AlertText::visibleLength(const QString &html)
{
    // Only the markup block() writes: tags are dropped, an entity (&amp; &lt; &gt;) is one
    // character; QString's length is in UTF-16 code units, as Telegram counts.
    int n = 0;
    for (qsizetype i = 0; i < html.size(); ++i) {
        const QChar c = html.at(i);
        if (c == QLatin1Char('<')) {
            const qsizetype end = html.indexOf(QLatin1Char('>'), i);
            if (end > i) {
                i = end;
                continue;
            }
        } else if (c == QLatin1Char('&')) {
            const qsizetype end = html.indexOf(QLatin1Char(';'), i);
            if (end > i && end - i <= 6)
                i = end;
        }
        ++n;
    }
    return n;
}

QVector<QVector<int>> AlertText::pack(const QStringList &blocks, int limit)
{
    QVector<QVector<int>> out;
    qsizetype size = 0;
    for (int i = 0; i < blocks.size(); ++i) {
        const qsizetype length = visibleLength(blocks.at(i));
        if (out.isEmpty() || size + 2 + length > limit) {
            out.append(QVector<int>());
            size = length;
        } else {
            size += 2 + length; // the blank line between two blocks
        }
        out.last().append(i);
    }
    return out;
}

QString AlertText::join(const QStringList &blocks, const QVector<int> &indexes)
{
    QStringList parts;
    for (const int i : indexes)
        parts.append(blocks.at(i));
    return parts.join(QStringLiteral("\n\n"));
}

} // namespace inbox::alerts
