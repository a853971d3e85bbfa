#include "report/baselinebatch.h"

namespace inbox {

void BaselineBatch::ArrayLiteral::add(const QString &value)
{
    if (!m_text.isEmpty())
        m_text += QLatin1Char(',');
    if (value.isNull()) {
        m_text += QLatin1String("NULL");
        return;
    }
    m_text += QLatin1Char('"');
    for (const QChar c : value) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            m_text += QLatin1Char('\\');
        m_text += c;
    }
    m_text += QLatin1Char('"');
}

BaselineBatch BaselineBatch::read(ExportReader &reader, const std::atomic_bool *cancelled)
{
    BaselineBatch batch;
    ExportRow row;
    QVector<ImportProblem> problems;
    for (qint64 records = 0;; ++records) {
        if (cancelled && records % 1000 == 0 && cancelled->load()) {
            batch.m_cancelled = true;
            break;
        }
        const ExportReader::Next next = reader.next(&row, &problems);
        if (next == ExportReader::Next::End)
            break;
        if (next == ExportReader::Next::Problems) {
            ++batch.m_unreadable;
            batch.m_problems += problems;
            continue;
        }
        ++batch.m_rows;
        batch.m_lines.add(QString::number(row.line));
        batch.m_sources.add(row.source);
        batch.m_ids.add(row.externalId.isEmpty() ? QString() : row.externalId);
        batch.m_times.add(row.createdAt.toUTC().toString(Qt::ISODateWithMs));
        batch.m_phones.add(row.phones.isEmpty() ? QString() : row.phones.join(QLatin1Char('\n')));
        batch.m_emails.add(row.emails.isEmpty() ? QString() : row.emails.join(QLatin1Char('\n')));
        batch.m_names.add(row.name.isEmpty() ? QString() : row.name);
    }
    return batch;
}

QString BaselineBatch::storeSql()
{
    return QStringLiteral("SELECT inbox.import_baseline($1, $2, $3, $4, $5::int[], $6::text[],"
                          " $7::text[], $8::timestamptz[], $9::text[], $10::text[], $11::text[])");
}

QVariantList BaselineBatch::storeParams(const QString &name, const QString &fileName,
                                        const QString &layoutName) const
{
    return {name,
            fileName,
            layoutName,
            m_unreadable,
            m_lines.text(),
            m_sources.text(),
            m_ids.text(),
            m_times.text(),
            m_phones.text(),
            m_emails.text(),
            m_names.text()};
}

QString BaselineBatch::layoutName(ExportLayout::Kind kind)
{
    switch (kind) {
    case ExportLayout::Kind::Bitrix24Leads:
        return QStringLiteral("bitrix24_leads");
    case ExportLayout::Kind::Bitrix24Deals:
        return QStringLiteral("bitrix24_deals");
    case ExportLayout::Kind::AmoCrmDeals:
        return QStringLiteral("amocrm_deals");
    case ExportLayout::Kind::Custom:
        break;
    }
    return QStringLiteral("custom");
}

} // namespace inbox
