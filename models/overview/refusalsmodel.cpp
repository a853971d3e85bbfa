#include "overview/refusalsmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "support/logging.h"
#include "table/codetexts.h"

#include <QCoreApplication>
#include <QLocale>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace inbox {

RefusalsModel::RefusalsModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("refusals"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &RefusalsModel::onReply);
    connect(m_context, &ConsoleContext::disconnected, this, &RefusalsModel::clear);
    m_context->readThrough(m_channel);
}

RefusalsModel::~RefusalsModel() = default;

ColumnHeaders RefusalsModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {{QT_TR_NOOP("Source"),
          QT_TR_NOOP("The receiver's source; \"(unknown path)\" counts requests to an address "
                     "no source has")},
         {QT_TR_NOOP("Refused today"),
          QT_TR_NOOP("Deliveries the receivers answered with an error today (UTC), not stored")},
         {QT_TR_NOOP("By reason")},
         {QT_TR_NOOP("Last refused"), QT_TR_NOOP("The latest refusal and its HTTP status")}});
}

QString RefusalsModel::sql()
{
    return QStringLiteral("SELECT source, reason, n, last_at, last_status FROM inbox.refusals "
                          "WHERE day = (now() AT TIME ZONE 'UTC')::date ORDER BY source, reason");
}

void RefusalsModel::refresh()
{
    if (!m_context->isConnected())
        return;
    m_channel->submit(Query{sql(), {}});
}

qint64 RefusalsModel::total() const
{
    qint64 n = 0;
    for (const SourceRefusals &r : m_rows)
        n += r.total;
    return n;
}

void RefusalsModel::clear()
{
    m_channel->cancel();
    m_hasData = false;
    m_error = DbError();
    resetRows({});
    emit updated();
}

void RefusalsModel::onReply(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.size() != 1 || reply.results.first().columns.size() != 5) {
        m_error = reply.ok() ? DbError::plain(QStringLiteral("unexpected shape of the refusals"))
                             : reply.error;
        logger("ui")->warn("refusals read failed: {}", m_error.oneLine().toStdString());
        emit failed(m_error);
        return;
    }
    QVector<SourceRefusals> rows;
    for (const QVariantList &r : reply.results.first().rows) {
        const QString source = r.at(0).toString();
        if (rows.isEmpty() || rows.last().source != source) {
            rows.append(SourceRefusals());
            rows.last().source = source;
        }
        SourceRefusals &s = rows.last();
        const qint64 n = r.at(2).toLongLong();
        s.total += n;
        s.reasons.append({r.at(1).toString(), n});
        const QDateTime at = r.at(3).toDateTime();
        if (!s.lastAt.isValid() || at > s.lastAt) {
            s.lastAt = at;
            s.lastStatus = r.at(4).toInt();
        }
    }
    for (SourceRefusals &s : rows) {
        std::stable_sort(s.reasons.begin(), s.reasons.end(),
                         [](const auto &a, const auto &b) { return a.second > b.second; });
    }
    m_error = DbError();
    m_hasData = true;
    updateRowsByKey(rows, &SourceRefusals::source);
    emit updated();
}

QString RefusalsModel::reasonText(const QString &code)
{
    // The words of the reasons inbox-receiver sends (docs/contract.md §4.15).
    static const CodeTexts texts(staticMetaObject.className(),
                                 {{"bad_token", QT_TR_NOOP("wrong token")},
                                  {"missing_token", QT_TR_NOOP("no token")},
                                  {"bad_signature", QT_TR_NOOP("wrong signature")},
                                  {"missing_signature", QT_TR_NOOP("no signature")},
                                  {"stale_timestamp", QT_TR_NOOP("signature too old")},
                                  {"network", QT_TR_NOOP("network not allowed")},
                                  {"bad_path_secret", QT_TR_NOOP("wrong secret in the address")},
                                  {"missing_path_secret", QT_TR_NOOP("no secret in the address")},
                                  {"body_limit", QT_TR_NOOP("too large")},
                                  {"no_key", QT_TR_NOOP("no event id")},
                                  {"bad_json", QT_TR_NOOP("unreadable JSON")},
                                  {"bad_form", QT_TR_NOOP("unreadable form")},
                                  {"not_notification", QT_TR_NOOP("not a notification")},
                                  {"ambiguous_length", QT_TR_NOOP("ambiguous length")},
                                  {"duplicate_host", QT_TR_NOOP("two Host headers")},
                                  {"bad_transfer_encoding", QT_TR_NOOP("faulty Transfer-Encoding")},
                                  {"transfer_coding", QT_TR_NOOP("unsupported transfer coding")},
                                  {"body_memory", QT_TR_NOOP("receiver's body memory full")},
                                  {"inbox_refused", QT_TR_NOOP("refused by the inbox")},
                                  {"unknown_adapter", QT_TR_NOOP("unknown adapter")},
                                  {"unknown_path", QT_TR_NOOP("unknown address")},
                                  {"method_not_allowed", QT_TR_NOOP("not a POST")},
                                  {"unavailable", QT_TR_NOOP("database unavailable")},
                                  {"other", QT_TR_NOOP("other")}});
    return texts.text(code);
}

QString RefusalsModel::reasonsText(const SourceRefusals &row)
{
    const QLocale locale;
    QStringList parts;
    for (const auto &[code, n] : row.reasons)
        parts << reasonText(code) + QLatin1Char(' ') + locale.toString(n);
    return parts.join(QStringLiteral(" \u00b7 "));
}

QVariant RefusalsModel::cell(const SourceRefusals &row, const QModelIndex &index, int role) const
{
    const int column = index.column();
    const QLocale locale;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Source:
            return row.source;
        case Total:
            return locale.toString(row.total);
        case ByReason:
            return reasonsText(row);
        case Last:
            return row.lastAt.isValid()
                       ? tr("%1 (HTTP %2)")
                             .arg(row.lastAt.toLocalTime().time().toString(QStringLiteral("HH:mm")))
                             .arg(row.lastStatus)
                       : QString();
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        return column == Total ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::ToolTipRole:
        if (column == ByReason) {
            QStringList lines;
            for (const auto &[code, n] : row.reasons)
                lines << QStringLiteral("%1: %2 (%3)")
                             .arg(reasonText(code), locale.toString(n), code);
            return lines.join(QLatin1Char('\n'));
        }
        return {};
    case RawRole:
        switch (column) {
        case Source:
            return row.source;
        case Total:
            return row.total;
        case ByReason: {
            QStringList codes;
            for (const auto &[code, n] : row.reasons)
                codes << code + QLatin1Char('=') + QString::number(n);
            return codes;
        }
        case Last:
            return row.lastAt;
        default:
            return {};
        }
    case AlertRole:
        return column == Total && row.total > 0;
    default:
        return {};
    }
}

} // namespace inbox
