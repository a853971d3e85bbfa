#include "report/baselinesmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "support/logging.h"
#include "support/timetext.h"

#include <QLocale>

#include <spdlog/spdlog.h>

namespace inbox {

BaselinesModel::BaselinesModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("baselines"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &BaselinesModel::onReply);
    connect(m_context, &ConsoleContext::disconnected, this, [this] {
        m_channel->cancel();
        resetRows({});
        emit updated();
    });
    m_context->readThrough(m_channel);
}

BaselinesModel::~BaselinesModel() = default;

ColumnHeaders BaselinesModel::headers()
{
    return ColumnHeaders(staticMetaObject.className(),
                         {{QT_TR_NOOP("Name")},
                          {QT_TR_NOOP("File")},
                          {QT_TR_NOOP("Period"), QT_TR_NOOP("The first and last row's day")},
                          {QT_TR_NOOP("Rows")},
                          {QT_TR_NOOP("Unreadable lines")},
                          {QT_TR_NOOP("Imported by")},
                          {QT_TR_NOOP("Imported at")}});
}

void BaselinesModel::refresh()
{
    if (!m_context->isConnected())
        return;
    m_channel->submit(Query{QStringLiteral("SELECT id, name, file_name, layout_name, imported_by, "
                                           "imported_at, period_first, period_last, row_count, "
                                           "unreadable_lines FROM inbox.baseline_list()"),
                            {}});
}

int BaselinesModel::rowOf(qint64 id) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).id == id)
            return i;
    }
    return -1;
}

QString BaselinesModel::title(const BaselineInfo &b)
{
    const QLocale locale;
    return tr("%1 (%2 \u2013 %3, %4 rows)")
        .arg(b.name, b.periodFirst.toUTC().date().toString(Qt::ISODate),
             b.periodLast.toUTC().date().toString(Qt::ISODate), locale.toString(b.rowCount));
}

void BaselinesModel::onReply(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.size() != 1) {
        const DbError error =
            reply.ok() ? DbError::plain(QStringLiteral("unexpected reply")) : reply.error;
        logger("ui")->warn("baselines read failed: {}", error.oneLine().toStdString());
        m_context->readFailed(error);
        emit failed(error);
        return;
    }
    QVector<BaselineInfo> rows;
    for (const QVariantList &r : reply.results.first().rows) {
        BaselineInfo b;
        b.id = r.value(0).toLongLong();
        b.name = r.value(1).toString();
        b.fileName = r.value(2).toString();
        b.layoutName = r.value(3).toString();
        b.importedBy = r.value(4).toString();
        b.importedAt = r.value(5).toDateTime();
        b.periodFirst = r.value(6).toDateTime();
        b.periodLast = r.value(7).toDateTime();
        b.rowCount = r.value(8).toInt();
        b.unreadableLines = r.value(9).toInt();
        rows.append(b);
    }
    updateRowsByKey(rows, &BaselineInfo::id);
    emit updated();
}

QVariant BaselinesModel::cell(const BaselineInfo &row, const QModelIndex &index, int role) const
{
    const QLocale locale;
    if (role == IdRole)
        return row.id;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Name:
        return row.name;
    case File:
        return row.fileName;
    case Period:
        return QStringLiteral("%1 \u2013 %2")
            .arg(row.periodFirst.toUTC().date().toString(Qt::ISODate),
                 row.periodLast.toUTC().date().toString(Qt::ISODate));
    case Rows:
        return locale.toString(row.rowCount);
    case Unreadable:
        return locale.toString(row.unreadableLines);
    case ImportedBy:
        return row.importedBy;
    case ImportedAt:
        return timeText(row.importedAt);
    default:
        return {};
    }
}

} // namespace inbox
