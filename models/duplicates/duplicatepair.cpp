#include "duplicates/duplicatepair.h"

namespace inbox {

namespace {

QString leadColumns(const QString &alias, const QString &event)
{
    QStringList cols;
    for (const char *c : {"id", "event_id", "source", "external_id", "channel", "created_at",
                          "name", "phone_raw", "phone_norm", "email_raw", "email_norm", "summary",
                          "deal_ref", "deal_open", "merged_into"})
        cols << QStringLiteral("%1.%2 AS %1_%2").arg(alias, QLatin1String(c));
    cols << QStringLiteral("%1.id IS NOT NULL AS %2_event_exists").arg(event, alias);
    return cols.join(QStringLiteral(", "));
}

// Distinct names on a shared contact, bounded so a switchboard with a huge history stays cheap
// (the walk is an index range on leads_phone_idx / leads_email_idx).
QString namesOn(const QString &column, const QString &reason)
{
    return QStringLiteral("CASE WHEN '%2' = ANY(d.reasons) THEN (SELECT count(DISTINCT s.k) FROM"
                          " (SELECT lower(btrim(x.name)) AS k FROM inbox.leads x WHERE x.%1 = b.%1"
                          " AND x.name IS NOT NULL LIMIT 10000) s) END AS %1_names")
        .arg(column, reason);
}

class Reader
{
public:
    explicit Reader(const Rows &rows) : m_rows(rows) {}
    QVariant at(const QVariantList &row, const QString &name) const
    {
        const int i = m_rows.column(name);
        return i < 0 ? QVariant() : row.at(i);
    }
    LeadSide lead(const QVariantList &row, const QString &p) const
    {
        LeadSide l;
        const auto v = [&](const char *c) {
            return at(row, p + QLatin1String(c));
        };
        l.id = v("_id").toLongLong();
        l.eventId = v("_event_id").toLongLong();
        l.eventExists = v("_event_exists").toBool();
        l.source = v("_source").toString();
        l.externalId = v("_external_id").toString();
        l.channel = v("_channel").toString();
        l.createdAt = v("_created_at").toDateTime();
        l.name = v("_name").toString();
        l.phoneRaw = v("_phone_raw").toString();
        l.phoneNorm = v("_phone_norm").toString();
        l.emailRaw = v("_email_raw").toString();
        l.emailNorm = v("_email_norm").toString();
        l.summary = v("_summary").toString();
        l.dealRef = v("_deal_ref").toString();
        l.dealOpen = v("_deal_open").toBool();
        l.mergedInto = v("_merged_into").toLongLong();
        return l;
    }

private:
    const Rows &m_rows;
};

} // namespace

QString pairSelectSql()
{
    return QStringLiteral("SELECT d.id, d.status, array_to_string(d.reasons, ',') AS reasons,"
                          " d.score::float8 AS score, d.weak, d.created_at, d.decided_by,"
                          " d.decided_at, d.note, ") +
           leadColumns(QStringLiteral("a"), QStringLiteral("ea")) + QStringLiteral(", ") +
           leadColumns(QStringLiteral("b"), QStringLiteral("eb")) + QStringLiteral(", ") +
           namesOn(QStringLiteral("phone_norm"), QStringLiteral("weak_shared_phone")) +
           QStringLiteral(", ") +
           namesOn(QStringLiteral("email_norm"), QStringLiteral("weak_shared_email")) +
           QStringLiteral(" FROM inbox.duplicate_candidates d"
                          " JOIN inbox.leads a ON a.id = d.match_lead_id"
                          " JOIN inbox.leads b ON b.id = d.lead_id"
                          " LEFT JOIN inbox.events ea ON ea.id = a.event_id"
                          " LEFT JOIN inbox.events eb ON eb.id = b.event_id");
}

QVector<DuplicatePair> parsePairs(const Rows &rows)
{
    const Reader r(rows);
    QVector<DuplicatePair> pairs;
    pairs.reserve(rows.rows.size());
    for (const QVariantList &row : rows.rows) {
        DuplicatePair p;
        p.id = r.at(row, QStringLiteral("id")).toLongLong();
        p.setStatus(r.at(row, QStringLiteral("status")).toString());
        p.reasons = r.at(row, QStringLiteral("reasons"))
                        .toString()
                        .split(QLatin1Char(','), Qt::SkipEmptyParts);
        p.score = r.at(row, QStringLiteral("score")).toDouble();
        p.weak = r.at(row, QStringLiteral("weak")).toBool();
        p.createdAt = r.at(row, QStringLiteral("created_at")).toDateTime();
        p.decidedBy = r.at(row, QStringLiteral("decided_by")).toString();
        p.decidedAt = r.at(row, QStringLiteral("decided_at")).toDateTime();
        p.note = r.at(row, QStringLiteral("note")).toString();
        p.earlier = r.lead(row, QStringLiteral("a"));
        p.newer = r.lead(row, QStringLiteral("b"));
        p.phoneNames = r.at(row, QStringLiteral("phone_norm_names")).toInt();
        p.emailNames = r.at(row, QStringLiteral("email_norm_names")).toInt();
        pairs << p;
    }
    return pairs;
}

} // namespace inbox
