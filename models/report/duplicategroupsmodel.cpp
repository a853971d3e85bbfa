#include "report/duplicategroupsmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "support/logging.h"
#include "support/timetext.h"
#include "table/codetexts.h"

#include <QLocale>

#include <spdlog/spdlog.h>

namespace inbox {

DuplicateGroupsModel::DuplicateGroupsModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("baseline groups"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &DuplicateGroupsModel::onReply);
    connect(m_context, &ConsoleContext::disconnected, this, &DuplicateGroupsModel::clear);
    m_context->readThrough(m_channel);
}

DuplicateGroupsModel::~DuplicateGroupsModel() = default;

ColumnHeaders DuplicateGroupsModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {{QT_TR_NOOP("By"), QT_TR_NOOP("What the rows share")},
         {QT_TR_NOOP("Value"), QT_TR_NOOP("The external id, or the phone or e-mail as normalized")},
         {QT_TR_NOOP("Rows")},
         {QT_TR_NOOP("Sources")},
         {QT_TR_NOOP("First")},
         {QT_TR_NOOP("Last")}});
}

QString DuplicateGroupsModel::kindText(const QString &kind)
{
    static const CodeTexts texts(staticMetaObject.className(),
                                 {{"external_id", QT_TR_NOOP("external id")},
                                  {"phone", QT_TR_NOOP("phone")},
                                  {"email", QT_TR_NOOP("e-mail")}});
    return texts.text(kind);
}

void DuplicateGroupsModel::load(qint64 baselineId, int windowHours, const QString &kind)
{
    if (!m_context->isConnected())
        return;
    m_channel->submit(Query{
        QStringLiteral("SELECT kind, key, first_line, rows, array_to_string(sources, ', '), "
                       "first_at, last_at FROM "
                       "inbox.baseline_groups($1, make_interval(hours => $2::int), $3, 1000)"),
        {baselineId, windowHours,
         kind.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : kind}});
}

void DuplicateGroupsModel::clear()
{
    m_channel->cancel();
    resetRows({});
    emit updated();
}

const DuplicateGroup *DuplicateGroupsModel::group(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

void DuplicateGroupsModel::onReply(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.size() != 1) {
        const DbError error =
            reply.ok() ? DbError::plain(QStringLiteral("unexpected reply")) : reply.error;
        logger("ui")->warn("baseline groups read failed: {}", error.oneLine().toStdString());
        m_context->readFailed(error);
        emit failed(error);
        return;
    }
    QVector<DuplicateGroup> rows;
    for (const QVariantList &r : reply.results.first().rows)
        rows.append({r.value(0).toString(), r.value(1).toString(), r.value(2).toInt(),
                     r.value(3).toLongLong(), r.value(4).toString(), r.value(5).toDateTime(),
                     r.value(6).toDateTime()});
    resetRows(rows);
    emit updated();
}

QVariant DuplicateGroupsModel::cell(const DuplicateGroup &row, const QModelIndex &index,
                                    int role) const
{
    if (role == Qt::TextAlignmentRole && index.column() == Rows)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Kind:
        return kindText(row.kind);
    case Key:
        return row.key;
    case Rows:
        return QLocale().toString(row.rows);
    case Sources:
        return row.sources;
    case First:
        return timeText(row.firstAt);
    case Last:
        return timeText(row.lastAt);
    default:
        return {};
    }
}

} // namespace inbox
