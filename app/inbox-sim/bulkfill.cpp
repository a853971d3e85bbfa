#include "bulkfill.h"

#include "bodies.h"
#include "people.h"
#include "pgconnection.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QUrl>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include <cmath>

namespace inbox::sim {

namespace {

// SQL with named parameters ${name}, turned into $1, $2... in order of first use.
class Statement final
{
public:
    explicit Statement(QString sql) : m_sql(std::move(sql)) {}
    Statement &bind(const QString &name, const PgParam &value)
    {
        m_values.insert(name, value);
        return *this;
    }
    bool exec(PgConnection &db, DbError *error, std::optional<PgRows> *rows = nullptr) const
    {
        static const QRegularExpression token(QStringLiteral("\\$\\{([a-z_0-9]+)\\}"));
        QString sql;
        QVector<PgParam> params;
        QHash<QString, int> index;
        qsizetype last = 0;
        for (auto it = token.globalMatch(m_sql); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const QString name = m.captured(1);
            if (!index.contains(name)) {
                if (!m_values.contains(name)) {
                    if (error)
                        *error =
                            DbError::plain(QStringLiteral("internal: unbound ${%1}").arg(name));
                    return false;
                }
                params << m_values.value(name);
                index.insert(name, int(params.size()));
            }
            sql += m_sql.mid(last, m.capturedStart() - last) + QLatin1Char('$') +
                   QString::number(index.value(name));
            last = m.capturedEnd();
        }
        sql += m_sql.mid(last);
        if (qEnvironmentVariableIsSet("INBOX_SIM_DUMP")) {
            // Diagnostics: the statement as psql's PREPARE/EXECUTE would take it.
            QFile dump(qEnvironmentVariable("INBOX_SIM_DUMP"));
            if (dump.open(QIODevice::Append)) {
                QStringList values;
                for (const PgParam &p : params)
                    values << (p.isNull() ? QStringLiteral("NULL")
                                          : QLatin1Char('\'') +
                                                QString::fromUtf8(p.value()).replace(
                                                    QLatin1Char('\''), QStringLiteral("''")) +
                                                QLatin1Char('\''));
                dump.write((QStringLiteral("PREPARE s AS ") + sql +
                            QStringLiteral(";\nEXPLAIN (ANALYZE, COSTS OFF) EXECUTE s(") +
                            values.join(QStringLiteral(", ")) +
                            QStringLiteral(");\nDEALLOCATE s;\n"))
                               .toUtf8());
            }
        }
        std::optional<PgRows> r = db.exec(sql, params, error);
        const bool ok = r.has_value();
        if (rows)
            *rows = std::move(r);
        return ok;
    }

private:
    QString m_sql;
    QHash<QString, PgParam> m_values;
};

QString textArray(const QStringList &items)
{
    QString out = QStringLiteral("{");
    for (qsizetype i = 0; i < items.size(); ++i) {
        QString v = items.at(i);
        v.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
            .replace(QLatin1Char('"'), QStringLiteral("\\\""));
        out += (i ? QStringLiteral(",\"") : QStringLiteral("\"")) + v + QLatin1Char('"');
    }
    return out + QLatin1Char('}');
}

template<typename T> QString numberArray(const QVector<T> &items)
{
    QStringList parts;
    for (const T &v : items)
        parts << QString::number(v, 'g', 17);
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

QString numberArray(const QVector<qint64> &items)
{
    QStringList parts;
    for (const qint64 v : items)
        parts << QString::number(v);
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

QString urlEncoded(const QString &s)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(s));
}

QStringList urlEncoded(const QStringList &list)
{
    QStringList out;
    for (const QString &s : list)
        out << urlEncoded(s);
    return out;
}

// When events arrive: hourly slots over the span, weighted by the hour of the day and the
// day of the week in Moscow time (quiet nights, busy weekdays, quieter weekends) with a
// slight growth; each slot gets its share of the events, spread evenly inside it, so ids
// increase with time as they do in a real inbox.
struct Slots
{
    QVector<qint64> firstEvent; // per slot, plus a sentinel (= total)
    QVector<double> start;      // epoch seconds
    QVector<double> length;     // seconds
};

Slots makeSlots(qint64 total, double days, qint64 nowEpoch)
{
    static const double hourWeight[24] = {0.15, 0.10, 0.08, 0.07, 0.07, 0.10, 0.20, 0.40,
                                          0.70, 1.00, 1.20, 1.25, 1.20, 1.20, 1.25, 1.20,
                                          1.10, 1.00, 0.90, 0.80, 0.70, 0.55, 0.40, 0.25};
    static const double dayWeight[7] = {1.00, 1.02, 1.00, 0.98, 0.95, 0.60, 0.50}; // Mon..Sun
    const double spanStart = double(nowEpoch) - days * 86400.0;
    QVector<double> weights;
    Slots s;
    double t = spanStart;
    while (t < double(nowEpoch)) {
        const double hourEnd = (std::floor(t / 3600.0) + 1) * 3600.0;
        const double end = std::min(hourEnd, double(nowEpoch));
        const QDateTime msk = QDateTime::fromSecsSinceEpoch(qint64(t), Qt::UTC).addSecs(3 * 3600);
        const double progress = (t - spanStart) / std::max(1.0, double(nowEpoch) - spanStart);
        weights << hourWeight[msk.time().hour()] * dayWeight[msk.date().dayOfWeek() - 1] *
                       (0.9 + 0.2 * progress) * (end - t) / 3600.0;
        s.start << t;
        s.length << end - t;
        t = end;
    }
    double sum = 0;
    for (const double w : weights)
        sum += w;
    double cumulative = 0;
    for (const double w : weights) {
        s.firstEvent << qint64(std::llround(double(total) * cumulative / sum));
        cumulative += w;
    }
    s.firstEvent << total;
    return s;
}

// ---------------------------------------------------------------------------------------
// The staging of one chunk of events: every column decided once, in a temporary table.
// Stages: (a) time, source and the dice; (b) the event's story; (c) who wrote it;
// (d) the name; (e) canonical contacts; (f) contacts as written and as record_lead would
// normalise them; (g) what each source carries; (h) body, ids, final state.
const char *kStage = R"SQL(
SELECT i.g, i.id, i.u, i.src, i.t0, i.t_occ, i.story, i.status, i.attempts, i.fails, i.final_fail,
       i.requeued, i.success, i.jit, i.lag, i.rq, i.t_succ, i.fail_at, i.next_at, i.worker, i.err,
       i.has_action, i.act, i.action_id, i.entity, i.lead_id, i.att_succ, i.begun, i.name, i.l_phone,
       i.l_phone_nm, i.l_email, i.l_email_nm, i.summary, i.kind, i.ctype, i.ext, i.key, i.body,
       octet_length(i.body) AS bytes, i.conflict, i.body2, i.repeats, i.rep_gap,
       coalesce(i.form_fp, encode(sha256(i.body), 'hex')) AS fp,
       CASE WHEN i.conflict THEN encode(sha256(i.body2), 'hex') END AS fp2,
       CASE WHEN i.conflict THEN nextval(${conflicts_seq}::regclass) END AS conflict_body_id,
       1 + i.repeats + i.conflict::int AS deliveries,
       greatest(i.t0 + make_interval(secs => i.repeats * i.rep_gap * i.jit),
                CASE WHEN i.conflict THEN i.t0 + make_interval(secs => 300 * i.jit) ELSE i.t0 END) AS last_at,
       CASE WHEN i.success THEN jsonb_strip_nulls(jsonb_build_object(
                'entity_id', i.entity, 'lead_id', i.lead_id,
                'enrichment', CASE WHEN i.lead_id IS NOT NULL AND i.review IS NULL THEN i.enrich END,
                'needs_review', i.review)) END AS result
FROM (
 SELECT h.*,
        convert_to(h.body_text, 'UTF8') AS body,
        CASE WHEN h.conflict
             THEN convert_to(replace(h.body_text, '"deal":{"id":', '"deal":{"id":9'), 'UTF8') END AS body2,
        h.src || ':' || left(encode(sha256(convert_to(h.src || E'\x1f' || h.ext, 'UTF8')), 'hex'), 32) AS key,
        CASE h.story WHEN 'due' THEN 'received' WHEN 'waiting' THEN 'received' WHEN 'stuck' THEN 'processing'
                     WHEN 'invalid' THEN 'failed' WHEN 'exhausted' THEN 'failed' ELSE 'done' END AS status,
        CASE h.story WHEN 'due' THEN 0 WHEN 'waiting' THEN 3 WHEN 'exhausted' THEN 6 WHEN 'retried' THEN 2
                     ELSE 1 END AS attempts,
        CASE WHEN h.story IN ('invalid', 'invalid_requeued')
             THEN CASE WHEN h.src IN ('ozon', 'wb') THEN 'CRM API: 422 unknown article ' || h.offer
                       ELSE 'CRM API: 422 phone ''' || btrim(coalesce(h.phone_sp, '')) || ''' is not a phone number' END
             WHEN h.act IS NULL THEN 'sync: CRM API timeout'
             ELSE 'CRM API: 503 Service Unavailable' END AS err,
        'worker-' || (1 + h.g % 4) AS worker,
        CASE WHEN h.requeued THEN 1 ELSE h.fails + 1 END AS att_succ,
        h.fails + h.success::int AS begun,
        CASE h.story
          WHEN 'waiting' THEN greatest(h.t0 + make_interval(secs => h.lag + 370 * h.jit),
                                       to_timestamp(${now}::float8 + 30 + h.r_e * 1700))
          WHEN 'retried' THEN h.t0 + make_interval(secs => h.lag + 10 * h.jit)
          WHEN 'exhausted' THEN h.t0 + make_interval(secs => h.lag + 9370 * h.jit)
          WHEN 'invalid_requeued' THEN h.rq
          ELSE h.t0 END AS next_at
 FROM (
  SELECT g.*,
         CASE WHEN g.story = 'due' THEN 0
              ELSE least(floor(g.age / (g.rep_gap * g.jit))::int,
                         (g.r_rep < g.rate)::int + (g.r_rep < g.rate / 3)::int
                         + (g.src IN ('ozon', 'wb') AND g.r_rep < g.rate / 6)::int) END AS repeats,
         (g.src = 'crm_events' AND g.r_e2 < 0.015 AND g.age > 900) AS conflict,
         CASE WHEN g.has_action THEN nextval(${actions_seq}::regclass) END AS action_id,
         CASE WHEN g.lead_src AND g.success THEN nextval(${leads_seq}::regclass) END AS lead_id,
         CASE WHEN g.has_action AND g.success
              THEN CASE g.act WHEN 'crm.create_order' THEN 'O-h' WHEN 'crm.register_payment' THEN 'P-h'
                              ELSE 'D-h' END || g.u END AS entity,
         CASE WHEN g.lead_src AND g.success AND g.r_e2 >= 0.992 THEN 'enrichment failed after 3 tries' END AS review
  FROM (
    SELECT f.*,
           f.act IS NOT NULL AND f.story NOT IN ('due', 'stuck') AS has_action,
           CASE f.src WHEN 'ozon' THEN 0.06 WHEN 'wb' THEN 0.06 WHEN 'telegram' THEN 0.04
                      WHEN 'payments' THEN 0.05 WHEN 'crm_forms' THEN 0.04 WHEN 'email' THEN 0.02
                      WHEN 'crm_events' THEN 0.02 ELSE 0.03 END
             * CASE WHEN f.t0 >= to_timestamp(${incident_from}) AND f.t0 < to_timestamp(${incident_to})
                    THEN 10 ELSE 1 END AS rate,
           CASE WHEN f.src IN ('ozon', 'wb') THEN 600.0 WHEN f.src = 'email' THEN 300.0
                ELSE 5 + f.r_misc * 55 END AS rep_gap,
           CASE WHEN f.success THEN CASE WHEN f.requeued THEN f.rq + interval '2 seconds'
                ELSE f.t0 + make_interval(secs => f.lag + (${cum}::float8[])[f.fails + 1] * f.jit) END END AS t_succ
    FROM (
      SELECT e.*,
             CASE WHEN e.requeued THEN e.fail_at + make_interval(hours => 2 + floor(e.r_e * 18)::int) END AS rq
      FROM (
        SELECT d.*,
               CASE WHEN d.final_fail
                    THEN d.t0 + make_interval(secs => d.lag + (${cum}::float8[])[d.fails] * d.jit + 0.45) END AS fail_at
        FROM (
          SELECT c.*,
                 CASE c.story WHEN 'waiting' THEN 3 WHEN 'invalid' THEN 1 WHEN 'invalid_requeued' THEN 1
                              WHEN 'exhausted' THEN 6 WHEN 'retried' THEN 1 ELSE 0 END AS fails,
                 c.story IN ('invalid', 'invalid_requeued', 'exhausted') AS final_fail,
                 c.story = 'invalid_requeued' AS requeued,
                 c.story IN ('done', 'retried', 'invalid_requeued') AS success,
                 0.8 + c.r_jit * 0.4 AS jit,
                 0.3 + c.r_misc * 2.5 AS lag
          FROM (
            -- (g) what each source carries, and the body
            SELECT b.*,
                   CASE b.src WHEN 'web_form' THEN 'lead.form' WHEN 'crm_forms' THEN 'lead.form'
                              WHEN 'telegram' THEN 'message' WHEN 'email' THEN 'message'
                              WHEN 'ozon' THEN 'order.created' WHEN 'wb' THEN 'order.created'
                              WHEN 'payments' THEN 'payment.succeeded' WHEN 'pbx' THEN 'call.missed'
                              ELSE b.crm_event END AS kind,
                   CASE b.src WHEN 'email' THEN 'message/rfc822'
                              WHEN 'crm_forms' THEN 'application/x-www-form-urlencoded'
                              ELSE 'application/json' END AS ctype,
                   CASE b.src WHEN 'ozon' THEN b.t0 - make_interval(secs => b.r_e * 540)
                              WHEN 'wb' THEN b.t0 - make_interval(secs => b.r_e * 540)
                              WHEN 'email' THEN b.t0 - make_interval(secs => 5 + b.r_e * 115)
                              WHEN 'pbx' THEN b.t0 - make_interval(secs => floor(b.r_e * 20))
                              ELSE b.t0 END AS t_occ,
                   CASE b.src
                     WHEN 'web_form' THEN b.uuid
                     WHEN 'telegram' THEN b.u::text
                     WHEN 'email' THEN '<' || b.u || '.' || left(md5(b.u::text), 8) || '@mail.'
                                       || lower(split_part(btrim(b.email_sp), '@', 2)) || '>'
                     WHEN 'ozon' THEN (b.u / 10000)::text || '-' || lpad((b.u % 10000)::text, 4, '0') || '-1'
                     WHEN 'payments' THEN b.uuid || ':payment.succeeded'
                     WHEN 'pbx' THEN b.phone_canon || '@'
                                     || to_char((b.t0 - make_interval(secs => floor(b.r_e * 20))) AT TIME ZONE 'UTC',
                                                'YYYY-MM-DD"T"HH24:MI') || 'Z'
                     ELSE b.u::text END AS ext,
                   CASE b.src
                     WHEN 'web_form' THEN format('{"form_key":"%s","form":"%s","page":"%s","name":"%s","phone":"%s","email":"%s","message":"%s","utm_source":"%s","opened_at":"%s","submitted_at":"%s"}',
                         b.uuid, (${forms}::text[])[1 + floor(b.r_var * 4)::int], (${pages}::text[])[1 + floor(b.r_misc * 6)::int],
                         coalesce(b.name, ''), coalesce(b.phone_sp, ''), coalesce(b.email_sp, ''), b.msg,
                         (${utms}::text[])[1 + floor(b.r_e * 6)::int],
                         to_char((b.t0 - make_interval(secs => 20 + floor(b.r_jit * 580))) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                         to_char(b.t0 AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
                     WHEN 'telegram' THEN format('{"update_id":%s,"message":{"message_id":%s,"from":{"id":%s,"is_bot":false,"first_name":"%s","last_name":"%s","language_code":"%s"},"chat":{"id":%s,"type":"private"},"date":%s,"text":"%s"}}',
                         b.u, 1000 + floor(b.r_misc * 998999)::int, b.tg_user, split_part(coalesce(b.name, ''), ' ', 1),
                         split_part(coalesce(b.name, ''), ' ', 2), CASE WHEN b.ru THEN 'ru' ELSE 'en' END, b.tg_user,
                         floor(extract(epoch FROM b.t0))::bigint,
                         b.msg || CASE WHEN b.l_phone IS NOT NULL THEN CASE WHEN b.ru THEN ' Мой телефон ' ELSE ' My phone is ' END || b.l_phone ELSE '' END
                               || CASE WHEN b.l_email IS NOT NULL THEN ' ' || b.l_email ELSE '' END)
                     WHEN 'email' THEN 'Message-ID: <' || b.u || '.' || left(md5(b.u::text), 8) || '@mail.'
                                       || lower(split_part(btrim(b.email_sp), '@', 2)) || E'>\r\n'
                         || 'Date: ' || to_char(b.t0 AT TIME ZONE 'Europe/Moscow', 'Dy, DD Mon YYYY HH24:MI:SS') || E' +0300\r\n'
                         || 'From: =?UTF-8?B?' || encode(convert_to(b.name, 'UTF8'), 'base64') || '?= <' || btrim(b.email_sp) || E'>\r\n'
                         || E'To: sales@shop.example\r\n'
                         || 'Subject: =?UTF-8?B?' || encode(convert_to(CASE WHEN b.ru THEN (${subjects_ru}::text[])[1 + floor(b.r_var * 5)::int]
                                                                           ELSE (${subjects_en}::text[])[1 + floor(b.r_var * 3)::int] END, 'UTF8'), 'base64') || E'?=\r\n'
                         || E'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n'
                         || b.msg || E'\r\n\r\n--\r\n' || b.name
                         || CASE WHEN b.phone_sp IS NOT NULL THEN CASE WHEN b.ru THEN E'\r\nтел. ' ELSE E'\r\ntel. ' END || b.phone_sp ELSE '' END
                         || E'\r\n'
                     WHEN 'ozon' THEN format('{"posting_number":"%s","order_id":%s,"order_number":"%s","status":"awaiting_packaging","in_process_at":"%s","shipment_date":"%s","products":[{"sku":%s,"offer_id":"%s","name":"%s","quantity":%s,"price":"%s.0000"}]}',
                         (b.u / 10000)::text || '-' || lpad((b.u % 10000)::text, 4, '0') || '-1', b.u,
                         (b.u / 10000)::text || '-' || lpad((b.u % 10000)::text, 4, '0'),
                         to_char((b.t0 - make_interval(secs => b.r_e * 540)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                         to_char((b.t0 + interval '2 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                         b.sku, b.offer, b.pname, 1 + floor(b.r_jit * 3)::int, b.price)
                     WHEN 'wb' THEN format('{"id":%s,"rid":"%s","createdAt":"%s","warehouseId":%s,"article":"%s","skus":["20%s"],"price":%s,"nmId":%s}',
                         b.u, md5(b.u::text), to_char((b.t0 - make_interval(secs => b.r_e * 540)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                         100000 + floor(b.r_jit * 899999)::int, b.offer, b.sku, b.price * 100, b.sku + 7000000)
                     WHEN 'payments' THEN format('{"type":"notification","event":"payment.succeeded","object":{"id":"%s","status":"succeeded","paid":true,"amount":{"value":"%s.00","currency":"RUB"},"created_at":"%s","metadata":{"order_id":"ORD-%s"},"captured_at":"%s"}}',
                         b.uuid, b.price, to_char((b.t0 - make_interval(secs => 5 + floor(b.r_jit * 85))) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                         b.u, to_char(b.t0 AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
                     WHEN 'crm_events' THEN format('{"event_id":%s,"event":"%s","occurred_at":"%s","deal":{"id":%s,"status":"%s","amount":%s,"responsible":"%s"}}',
                         b.u, b.crm_event, to_char(b.t0 AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                         100000 + floor(b.r_misc * 899999)::int, (${statuses}::text[])[1 + floor(b.r_var * 4)::int],
                         (5 + floor(b.r_jit * 495)::int) * 1000, (${managers}::text[])[1 + floor(b.r_e * 3)::int])
                     WHEN 'crm_forms' THEN 'lead_id=' || b.u || '&form=' || ${form_title_url} || '&name=' || coalesce(b.name_url, '')
                         || '&phone=' || replace(replace(replace(replace(replace(replace(coalesce(b.phone_sp, ''), '%', '%25'), '+', '%2B'), ' ', '%20'), '(', '%28'), ')', '%29'), 'доб.', '%D0%B4%D0%BE%D0%B1.')
                         || '&email=' || replace(replace(replace(replace(coalesce(b.email_sp, ''), '%', '%25'), '+', '%2B'), ' ', '%20'), '@', '%40') || '&comment=' || b.msg_url
                         || '&created_at=' || replace(to_char(b.t0 AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), ':', '%3A')
                         || '&sent_at=' || replace(to_char(b.t0 AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), ':', '%3A')
                         || '&signature=' || md5(b.uuid) || left(md5(b.u::text), 8)
                     ELSE format('{"event":"call.missed","caller":"%s","called":"+7 (495) 000-12-34","line":"sales","started_at":"%s","duration":0}',
                         b.phone_sp, to_char((b.t0 - make_interval(secs => floor(b.r_e * 20))) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
                   END AS body_text,
                   CASE WHEN b.src = 'crm_forms' THEN encode(sha256(convert_to(b.u || E'\x1f' || coalesce(b.name, '') || E'\x1f'
                         || coalesce(b.phone_sp, '') || E'\x1f' || coalesce(b.email_sp, '') || E'\x1f' || b.msg, 'UTF8')), 'hex') END AS form_fp,
                   CASE b.src
                     WHEN 'web_form' THEN left((${forms}::text[])[1 + floor(b.r_var * 4)::int] || ': ' || b.msg, 120)
                     WHEN 'crm_forms' THEN left('Заявка с сайта: ' || b.msg, 120)
                     WHEN 'pbx' THEN 'Пропущенный звонок на линию sales'
                     ELSE left(b.msg, 120) END AS summary,
                   CASE WHEN b.phone_nm LIKE '7495%' THEN 'Москва' ELSE 'Россия, мобильный' END
                     || coalesce(', ' || split_part(b.l_email_nm, '@', 2), '') AS enrich
            FROM (
              -- (f2) per-source contacts of the lead, products, crm event names
              SELECT f.*,
                     CASE WHEN f.src = 'telegram' AND f.r_tg >= 0.7 THEN NULL ELSE f.phone_sp END AS l_phone,
                     CASE WHEN f.src = 'telegram' AND f.r_tg >= 0.7 THEN NULL ELSE f.phone_nm END AS l_phone_nm,
                     CASE WHEN f.src = 'pbx' THEN NULL
                          WHEN f.src = 'telegram' AND NOT (f.r_tg >= 0.7 OR f.r_e < 0.2) THEN NULL
                          WHEN f.src = 'email' THEN btrim(f.email_sp) ELSE f.email_sp END AS l_email,
                     CASE WHEN f.src = 'pbx' THEN NULL
                          WHEN f.src = 'telegram' AND NOT (f.r_tg >= 0.7 OR f.r_e < 0.2) THEN NULL
                          ELSE f.email_nm END AS l_email_nm,
                     CASE WHEN f.ru THEN (${msgs_ru}::text[])[1 + f.msg_i % cardinality(${msgs_ru}::text[])]
                          ELSE (${msgs_en}::text[])[1 + f.msg_i % cardinality(${msgs_en}::text[])] END AS msg,
                     CASE WHEN f.ru THEN (${msgs_ru_url}::text[])[1 + f.msg_i % cardinality(${msgs_ru}::text[])]
                          ELSE (${msgs_en_url}::text[])[1 + f.msg_i % cardinality(${msgs_en}::text[])] END AS msg_url,
                     CASE WHEN f.story IN ('invalid', 'invalid_requeued') AND f.src IN ('ozon', 'wb')
                          THEN (${unknown_offers}::text[])[1 + floor(f.r_var * cardinality(${unknown_offers}::text[]))::int]
                          ELSE (${offers}::text[])[f.prod] END AS offer,
                     (${pnames}::text[])[f.prod] AS pname,
                     (${prices}::int[])[f.prod] AS price,
                     (${skus}::bigint[])[f.prod] AS sku,
                     (${crm_events}::text[])[1 + floor(f.r_var * 4)::int] AS crm_event,
                     100000000 + abs(hashtext(coalesce(f.name, '') || coalesce(f.phone_canon, ''))) % 900000000 AS tg_user,
                     gen_random_uuid()::text AS uuid
              FROM (
                -- (f) contacts as written, and as record_lead normalises them
                SELECT e.*,
                       CASE WHEN e.pclass = 'p' THEN (${ph_phones}::text[])[1 + floor(e.r_spell * 5)::int]
                            WHEN e.pclass = 'b' THEN (${bad_phones}::text[])[1 + floor(e.r_spell * 4)::int]
                            WHEN e.phone_canon IS NULL THEN NULL
                            ELSE (CASE CASE WHEN e.pclass = 'o' THEN (ARRAY[0, 1, 3, 5, 6])[1 + floor(e.r_spell * 5)::int]
                                            ELSE floor(e.r_spell * 7)::int END
                                    WHEN 0 THEN '8 (' || substr(e.phone_canon, 2, 3) || ') ' || substr(e.phone_canon, 5, 3) || '-' || substr(e.phone_canon, 8, 2) || '-' || substr(e.phone_canon, 10, 2)
                                    WHEN 1 THEN '+7 ' || substr(e.phone_canon, 2, 3) || ' ' || substr(e.phone_canon, 5)
                                    WHEN 2 THEN substr(e.phone_canon, 2)
                                    WHEN 3 THEN '+' || e.phone_canon
                                    WHEN 4 THEN '8' || substr(e.phone_canon, 2)
                                    WHEN 5 THEN '+7 (' || substr(e.phone_canon, 2, 3) || ') ' || substr(e.phone_canon, 5, 3) || '-' || substr(e.phone_canon, 8, 2) || '-' || substr(e.phone_canon, 10, 2)
                                    ELSE '8-' || substr(e.phone_canon, 2, 3) || '-' || substr(e.phone_canon, 5, 3) || '-' || substr(e.phone_canon, 8, 2) || '-' || substr(e.phone_canon, 10, 2) END)
                                 || CASE WHEN e.pclass = 'o' AND e.r_misc < 0.4 THEN ' доб. ' || (10 + floor(e.r_jit * 50)::int) ELSE '' END
                       END AS phone_sp,
                       CASE WHEN e.pclass = 'p' THEN (${ph_emails}::text[])[1 + floor(e.r_var * 5)::int]
                            WHEN e.email_canon IS NULL THEN NULL
                            WHEN e.r_e < 0.12 THEN upper(left(e.email_canon, 1)) || substr(e.email_canon, 2)
                            WHEN e.r_e < 0.2 AND e.email_canon LIKE '%@gmail.com' THEN replace(e.email_canon, '@gmail.com', '+site@gmail.com')
                            ELSE e.email_canon END AS email_sp,
                       CASE WHEN e.pclass IN ('p', 'b', 'n') THEN NULL ELSE e.phone_canon END AS phone_nm,
                       CASE WHEN e.pclass IN ('p', 'n') OR e.email_canon IS NULL THEN NULL
                            WHEN e.email_canon LIKE '%@gmail.com' THEN replace(split_part(e.email_canon, '@', 1), '.', '') || '@gmail.com'
                            WHEN e.email_canon LIKE '%@ya.ru' THEN split_part(e.email_canon, '@', 1) || '@yandex.ru'
                            ELSE e.email_canon END AS email_nm
                FROM (
                  -- (e) canonical contacts
                  SELECT d.*,
                         CASE d.pclass WHEN 'p' THEN (${ph_names}::text[])[1 + floor(d.r_var * 5)::int]
                                       WHEN 'n' THEN NULL ELSE d.pname_ END AS name,
                         CASE WHEN d.pclass = 'p' THEN (${ph_names_url}::text[])[1 + floor(d.r_var * 5)::int]
                              ELSE d.name_url_ END AS name_url,
                         coalesce(d.russian_, true) AS ru,
                         CASE WHEN d.k IS NOT NULL THEN '79' || lpad(((d.k * 2654435761) % 1000000000)::text, 9, '0')
                              WHEN d.pclass = 'o' THEN '7495' || lpad(((d.office::bigint * 7919 + 1234567) % 10000000)::text, 7, '0') END AS phone_canon,
                         CASE WHEN d.k IS NOT NULL
                                THEN d.plocal || ((d.k / ${names_count}::int) % 10000)::text || '@'
                                     || (${domains}::text[])[1 + ((d.k / 7) % cardinality(${domains}::text[]))::int]
                              WHEN d.pclass = 'o'
                                THEN CASE WHEN d.r_jit < 0.3 THEN 'info' ELSE d.plocal END || '@'
                                     || (${companies}::text[])[1 + d.office % cardinality(${companies}::text[])]
                                     || CASE WHEN d.office >= cardinality(${companies}::text[]) THEN d.office::text ELSE '' END
                                     || '.ru' END AS email_canon,
                         floor(d.r_msg * 1000)::int AS msg_i,
                         1 + floor(d.r_prod * cardinality(${offers}::text[]))::int AS prod
                  FROM (
                    -- (d) the name
                    SELECT c.*, nm.name AS pname_, nm.local AS plocal, nm.russian AS russian_, nm.name_url AS name_url_
                    FROM (
                      -- (c) who wrote it: f fresh, u the same person minutes ago (another channel),
                      -- r a customer returning weeks later, o someone behind an office line,
                      -- p a placeholder contact, b a phone no CRM accepts, n nobody (orders, payments)
                      SELECT b.*,
                             -- person of event x: (seed + 7919 x) mod 1e9, so neighbours differ
                             ((${person_seed}::bigint + 7919 * CASE
                                  WHEN b.pclass IN ('f', 'b') THEN b.g
                                  WHEN b.pclass = 'u' THEN b.g - 1 - floor(b.r_var * 30)::bigint
                                  WHEN b.pclass = 'r' THEN b.g - floor(${per_day}::float8 * (7 + b.r_var * 14))::bigint
                             END) % 1000000000 + 1000000000) % 1000000000 AS k,
                             CASE WHEN b.pclass = 'o' THEN floor(b.r_var * ${offices}::int)::int END AS office,
                             floor(b.r_misc * 6)::int AS member
                      FROM (
                        -- (b) the story of the event
                        SELECT a.*,
                               CASE WHEN a.src NOT IN ('web_form', 'telegram', 'email', 'crm_forms', 'pbx') THEN 'n'
                                    WHEN a.story IN ('invalid', 'invalid_requeued') THEN 'b'
                                    WHEN a.src = 'pbx' THEN 'f'
                                    WHEN a.r_person < 0.05 THEN 'u'
                                    WHEN a.r_person < 0.08 THEN 'r'
                                    WHEN a.r_person < 0.11 AND a.src <> 'telegram' THEN 'o'
                                    WHEN a.r_person < 0.125 AND a.src <> 'email' THEN 'p'
                                    ELSE 'f' END AS pclass
                        FROM (
                          SELECT a1.*, ag.age,
                                 CASE WHEN ag.age < 60 THEN 'due'
                                      WHEN a1.r_story < 0.012 AND ag.age BETWEEN 300 AND 7200 THEN 'waiting'
                                      WHEN a1.r_story >= 0.012 AND a1.r_story < 0.016 AND ag.age BETWEEN 600 AND 7200 THEN 'stuck'
                                      WHEN a1.r_story >= 0.016 AND a1.r_story < 0.018 AND ag.age > 14400 THEN 'exhausted'
                                      WHEN a1.r_story >= 0.018 AND a1.r_story < 0.058 THEN 'retried'
                                      WHEN (a1.r_story >= 0.9 AND a1.r_story < 0.912 AND a1.src IN ('ozon', 'wb'))
                                        OR (a1.r_story >= 0.9 AND a1.r_story < 0.908 AND a1.src IN ('web_form', 'crm_forms'))
                                        THEN CASE WHEN ag.age > 86400 AND a1.r_misc < 0.4 THEN 'invalid_requeued' ELSE 'invalid' END
                                      ELSE 'done' END AS story,
                                 a1.src IN ('web_form', 'telegram', 'email', 'crm_forms', 'pbx') AS lead_src,
                                 CASE a1.src WHEN 'ozon' THEN 'crm.create_order' WHEN 'wb' THEN 'crm.create_order'
                                             WHEN 'payments' THEN 'crm.register_payment' WHEN 'crm_events' THEN NULL
                                             ELSE 'crm.create_deal' END AS act
                          FROM (
                            -- (a) when, which source, the dice
                            SELECT gs.g, ${id_base}::bigint + gs.g AS u,
                                   nextval(${events_seq}::regclass) AS id,
                                   to_timestamp((${slot_start}::float8[])[w.i]
                                                + (gs.g - (${slot_first}::bigint[])[w.i] + 0.5) * (${slot_len}::float8[])[w.i]
                                                  / ((${slot_first}::bigint[])[w.i + 1] - (${slot_first}::bigint[])[w.i])) AS t0,
                                   (ARRAY['web_form', 'telegram', 'email', 'ozon', 'wb', 'payments', 'crm_events', 'crm_forms', 'pbx'])
                                       [1 + width_bucket(random(), ${source_cut}::float8[])] AS src,
                                   random() AS r_story, random() AS r_person, random() AS r_var, random() AS r_misc,
                                   random() AS r_rep, random() AS r_spell, random() AS r_jit, random() AS r_e,
                                   random() AS r_e2, random() AS r_tg, random() AS r_msg, random() AS r_prod
                            FROM generate_series(${g_from}::bigint, ${g_to}::bigint - 1) AS gs(g)
                            CROSS JOIN LATERAL (SELECT width_bucket(gs.g, ${slot_first}::bigint[]) AS i) w
                          OFFSET 0) a1
                          CROSS JOIN LATERAL (SELECT ${now}::float8 - extract(epoch FROM a1.t0) AS age) ag
                        OFFSET 0) a
                      OFFSET 0) b
                    OFFSET 0) c
                    LEFT JOIN sim_names nm
                      ON nm.i = CASE WHEN c.k IS NOT NULL THEN (c.k % ${names_count}::int)::int
                                     WHEN c.pclass = 'o' THEN ((c.office::bigint * 131 + c.member * 17) % ${names_count}::int)::int END
                  OFFSET 0) d
                OFFSET 0) e
              OFFSET 0) f
            OFFSET 0) b
          OFFSET 0) c
        OFFSET 0) d
      OFFSET 0) e
    OFFSET 0) f
  OFFSET 0) g
 OFFSET 0) h
OFFSET 0) i
)SQL";

// The chunk's events, as the functions would have left them.
const char *kEvents = R"SQL(
INSERT INTO inbox.events (id, source, external_id, idempotency_key, kind, status, attempts, max_attempts,
                          last_error, error_retryable, occurred_at, received_at, deliveries,
                          last_delivery_at, next_attempt_at, locked_by, locked_at, done_at, result,
                          needs_review, body, content_type, fingerprint)
OVERRIDING SYSTEM VALUE
SELECT s.id, s.src, s.ext, s.key, s.kind, s.status, s.attempts, 6,
       CASE WHEN s.story IN ('waiting', 'exhausted', 'retried', 'invalid') THEN s.err END,
       CASE WHEN s.story IN ('waiting', 'exhausted', 'retried') THEN true
            WHEN s.story = 'invalid' THEN false END,
       s.t_occ, s.t0, s.deliveries, s.last_at, s.next_at,
       CASE WHEN s.story = 'stuck' THEN s.worker END,
       CASE WHEN s.story = 'stuck' THEN s.t0 + make_interval(secs => s.lag) END,
       CASE WHEN s.success THEN s.t_succ + interval '0.5 seconds' END,
       s.result,
       CASE WHEN s.conflict THEN 'key conflict' END,
       s.body, s.ctype, s.fp
FROM sim_fill s
)SQL";

// Every journal entry of the chunk, each event's entries together and in order: received,
// the failed attempts (claimed, action started/failed, retry_scheduled or failed), a
// person's requeue, the attempt that worked (claimed, action started/done, lead_recorded,
// done), a stuck claim, the repeat deliveries and a conflicting one.
const char *kJournal = R"SQL(
INSERT INTO inbox.journal (event_id, at, entry, actor, detail, by_person)
SELECT s.id, j.at, j.entry, j.actor, j.detail, j.by_person
FROM sim_fill s
CROSS JOIN LATERAL (
    SELECT s.t0 AS at, 'received' AS entry, ${receiver}::text AS actor,
           jsonb_build_object('bytes', s.bytes, 'fingerprint', s.fp) AS detail,
           false AS by_person
  UNION ALL
    SELECT s.t0 + make_interval(secs => s.lag + (${cum}::float8[])[q / 4] * s.jit
                                        + (ARRAY[0, 0.05, 0.4, 0.45])[1 + q % 4]),
           CASE q % 4 WHEN 0 THEN 'claimed' WHEN 1 THEN 'action_started' WHEN 2 THEN 'action_failed'
                ELSE CASE WHEN q / 4 = s.fails AND s.final_fail THEN 'failed' ELSE 'retry_scheduled' END END,
           CASE WHEN q % 4 IN (1, 2) THEN ${integration}::text ELSE s.worker END,
           CASE WHEN q % 4 = 0 THEN jsonb_build_object('attempt', q / 4)
                WHEN q % 4 IN (1, 2) THEN jsonb_build_object('action_id', s.action_id, 'kind', s.act,
                                                             'operation_key', s.act || ':' || s.key, 'begun', q / 4)
                WHEN q / 4 = s.fails AND s.final_fail
                  THEN jsonb_build_object('attempt', q / 4, 'error', s.err, 'retryable', s.story = 'exhausted',
                                          'reason', CASE WHEN s.story = 'exhausted' THEN 'out_of_attempts'
                                                         ELSE 'not_retryable' END)
                ELSE jsonb_build_object('attempt', q / 4, 'error', s.err,
                                        'delay_seconds', round(((${delays}::float8[])[q / 4] * s.jit)::numeric, 1)) END,
           false
      FROM generate_series(4, 4 * s.fails + 3) AS q
     WHERE s.has_action OR q % 4 IN (0, 3)
  UNION ALL
    SELECT s.rq, 'requeued', ${operator}::text,
           jsonb_build_object('reason', ${requeue_reason}::text, 'batch', md5(s.rq::text)::uuid,
                              'previous_status', 'failed', 'previous_error', s.err,
                              'previous_attempts', s.fails, 'previous_locked_by', NULL),
           true
     WHERE s.requeued
  UNION ALL
    SELECT s.t_succ + make_interval(secs => (ARRAY[0, 0.05, 0.35, 0.4, 0.5])[1 + q]),
           (ARRAY['claimed', 'action_started', 'action_done', 'lead_recorded', 'done'])[1 + q],
           CASE WHEN q IN (1, 2, 3) THEN ${integration}::text ELSE s.worker END,
           CASE q WHEN 0 THEN jsonb_build_object('attempt', s.att_succ)
                  WHEN 1 THEN jsonb_build_object('action_id', s.action_id, 'kind', s.act,
                                                 'operation_key', s.act || ':' || s.key, 'begun', s.begun)
                  WHEN 2 THEN jsonb_build_object('action_id', s.action_id, 'kind', s.act,
                                                 'operation_key', s.act || ':' || s.key, 'begun', s.begun)
                  WHEN 3 THEN jsonb_build_object('lead_id', s.lead_id, 'has_phone', s.l_phone_nm IS NOT NULL,
                                                 'has_email', s.l_email_nm IS NOT NULL, 'deal_ref', s.entity)
                  ELSE jsonb_build_object('attempt', s.att_succ) END,
           false
      FROM generate_series(0, 4) AS q
     WHERE s.success AND (q IN (0, 4) OR (q IN (1, 2) AND s.has_action) OR (q = 3 AND s.lead_id IS NOT NULL))
  UNION ALL
    SELECT s.t0 + make_interval(secs => s.lag), 'claimed', s.worker, jsonb_build_object('attempt', 1), false
     WHERE s.story = 'stuck'
  UNION ALL
    SELECT s.t0 + make_interval(secs => k * s.rep_gap * s.jit), 'duplicate', ${receiver}::text,
           jsonb_build_object('delivery', k + 1, 'status', CASE WHEN s.story IN ('due', 'waiting') THEN 'received'
                                                                ELSE 'done' END),
           false
      FROM generate_series(1, s.repeats) AS k
  UNION ALL
    SELECT s.t0 + make_interval(secs => 300 * s.jit), 'conflict', ${receiver}::text,
           jsonb_build_object('delivery', s.deliveries, 'fingerprint', s.fp2, 'stored_fingerprint', s.fp,
                              'conflict_body_id', s.conflict_body_id, 'bytes', octet_length(s.body2)),
           false
     WHERE s.conflict
) j
)SQL";

const char *kActions = R"SQL(
INSERT INTO inbox.actions (id, event_id, kind, operation_key, state, result, begun, started_at, finished_at)
OVERRIDING SYSTEM VALUE
SELECT s.action_id, s.id, s.act, s.act || ':' || s.key,
       CASE WHEN s.success THEN 'done' ELSE 'failed' END,
       CASE WHEN s.success THEN jsonb_build_object('entity_id', s.entity)
            ELSE jsonb_build_object('error', s.err) END,
       s.begun, x.at + interval '0.05 seconds', x.at + interval '0.35 seconds'
FROM sim_fill s
CROSS JOIN LATERAL (SELECT CASE WHEN s.success THEN s.t_succ
                                ELSE s.t0 + make_interval(secs => s.lag + (${cum}::float8[])[s.fails] * s.jit) END AS at) x
WHERE s.has_action
ORDER BY s.action_id
)SQL";

const char *kLeads = R"SQL(
INSERT INTO inbox.leads (id, event_id, source, external_id, created_at, name, phone_raw, phone_norm,
                         email_raw, email_norm, channel, summary, deal_ref, deal_open)
OVERRIDING SYSTEM VALUE
SELECT s.lead_id, s.id, s.src, s.ext, s.t_succ + interval '0.4 seconds',
       CASE WHEN s.src = 'pbx' THEN NULL ELSE nullif(btrim(s.name), '') END,
       s.l_phone, s.l_phone_nm, s.l_email, s.l_email_nm, s.src, s.summary, s.entity, s.entity IS NOT NULL
FROM sim_fill s WHERE s.lead_id IS NOT NULL
ORDER BY s.lead_id
)SQL";

const char *kConflictBodies = R"SQL(
INSERT INTO inbox.conflict_bodies (id, event_id, at, fingerprint, content_type, body)
OVERRIDING SYSTEM VALUE
SELECT s.conflict_body_id, s.id, s.t0 + make_interval(secs => 300 * s.jit), s.fp2, s.ctype, s.body2
FROM sim_fill s WHERE s.conflict
)SQL";

// Counters as _bump_daily and the status trigger keep them (UTC days, one shard per chunk).
const char *kDailyStats = R"SQL(
INSERT INTO inbox.daily_stats AS d (day, source, shard, received, repeats, conflicts, done, failed, requeued)
SELECT x.day, x.src, ${shard}::smallint, sum(x.received), sum(x.repeats), sum(x.conflicts),
       sum(x.done), sum(x.failed), sum(x.requeued)
FROM (
    SELECT (s.t0 AT TIME ZONE 'UTC')::date AS day, s.src, 1 AS received, s.repeats,
           s.conflict::int AS conflicts, 0 AS done, 0 AS failed, 0 AS requeued FROM sim_fill s
    UNION ALL
    SELECT ((s.t_succ + interval '0.5 seconds') AT TIME ZONE 'UTC')::date, s.src, 0, 0, 0, 1, 0, 0
      FROM sim_fill s WHERE s.success
    UNION ALL
    SELECT (s.fail_at AT TIME ZONE 'UTC')::date, s.src, 0, 0, 0, 0, 1, 0 FROM sim_fill s WHERE s.final_fail
    UNION ALL
    SELECT (s.rq AT TIME ZONE 'UTC')::date, s.src, 0, 0, 0, 0, 0, 1 FROM sim_fill s WHERE s.requeued
) x
GROUP BY x.day, x.src
ON CONFLICT (day, source, shard) DO UPDATE
   SET received = d.received + excluded.received, repeats = d.repeats + excluded.repeats,
       conflicts = d.conflicts + excluded.conflicts, done = d.done + excluded.done,
       failed = d.failed + excluded.failed, requeued = d.requeued + excluded.requeued
)SQL";

const char *kStatusCounts = R"SQL(
INSERT INTO inbox.status_counts AS c (source, status, shard, n)
SELECT s.src, s.status, ${shard}::smallint, count(*) FROM sim_fill s GROUP BY s.src, s.status
ON CONFLICT (source, status, shard) DO UPDATE SET n = c.n + excluded.n
)SQL";

// Candidate pairs by record_lead's rules, for the leads of this fill: same normalised phone
// or e-mail as an earlier lead that came within 24 hours or whose deal is open; weak when
// the contact is shared by three or more names; names_differ lowers the score. Flagged on
// the newer lead's event, as record_lead does.
const char *kCandidates = R"SQL(
WITH n AS MATERIALIZED (
    SELECT l.id, l.event_id, l.created_at, l.phone_norm, l.email_norm, l.name
      FROM inbox.leads l WHERE l.id > ${lead_from}::bigint AND (l.phone_norm IS NOT NULL OR l.email_norm IS NOT NULL)
), hits AS (
    SELECT n.id AS lead_id, m.id AS match_id
      FROM n JOIN inbox.leads m ON m.phone_norm = n.phone_norm AND m.id < n.id
     WHERE m.created_at >= n.created_at - interval '24 hours' OR m.deal_open
    UNION
    SELECT n.id, m.id
      FROM n JOIN inbox.leads m ON m.email_norm = n.email_norm AND m.id < n.id
     WHERE m.created_at >= n.created_at - interval '24 hours' OR m.deal_open
), wp AS (
    SELECT l.phone_norm, count(DISTINCT inbox._name_key(l.name)) >= 3 AS weak
      FROM inbox.leads l
     WHERE l.phone_norm IN (SELECT n.phone_norm FROM hits h JOIN n ON n.id = h.lead_id)
     GROUP BY l.phone_norm
), we AS (
    SELECT l.email_norm, count(DISTINCT inbox._name_key(l.name)) >= 3 AS weak
      FROM inbox.leads l
     WHERE l.email_norm IN (SELECT n.email_norm FROM hits h JOIN n ON n.id = h.lead_id)
     GROUP BY l.email_norm
), m AS (
    SELECT h.lead_id, h.match_id, n.created_at,
           coalesce(l.phone_norm = n.phone_norm, false) AS same_phone,
           coalesce(l.email_norm = n.email_norm, false) AS same_email,
           l.created_at < n.created_at - interval '24 hours' AS by_deal,
           (k.nk IS NOT NULL AND k.key IS NOT NULL AND k.nk <> k.key
            AND NOT starts_with(k.nk, k.key || ' ') AND NOT starts_with(k.key, k.nk || ' ')) AS names_differ,
           coalesce(wp.weak, false) AS weak_phone, coalesce(we.weak, false) AS weak_email
      FROM hits h
      JOIN n ON n.id = h.lead_id
      JOIN inbox.leads l ON l.id = h.match_id
     CROSS JOIN LATERAL (SELECT inbox._name_key(n.name) AS nk, inbox._name_key(l.name) AS key) k
      LEFT JOIN wp ON wp.phone_norm = n.phone_norm
      LEFT JOIN we ON we.email_norm = n.email_norm
), ins AS (
    INSERT INTO inbox.duplicate_candidates (lead_id, match_lead_id, reasons, score, weak, created_at)
    SELECT m.lead_id, m.match_id,
           array_remove(ARRAY[
               CASE WHEN m.same_phone THEN 'same_phone' END,
               CASE WHEN m.same_email THEN 'same_email' END,
               CASE WHEN m.by_deal THEN 'open_deal' END,
               CASE WHEN m.same_phone AND m.weak_phone THEN 'weak_shared_phone' END,
               CASE WHEN m.same_email AND m.weak_email THEN 'weak_shared_email' END,
               CASE WHEN m.names_differ THEN 'names_differ' END], NULL),
           round(greatest(0.05, least(1.0,
                   CASE WHEN m.same_phone THEN CASE WHEN m.weak_phone THEN 0.2 ELSE 0.6 END ELSE 0 END
                 + CASE WHEN m.same_email THEN CASE WHEN m.weak_email THEN 0.2 ELSE 0.6 END ELSE 0 END)
                 - CASE WHEN m.names_differ THEN 0.3 ELSE 0 END)::numeric, 2)::real,
           NOT ((m.same_phone AND NOT m.weak_phone) OR (m.same_email AND NOT m.weak_email)),
           m.created_at
      FROM m
     ORDER BY m.lead_id, m.match_id
    RETURNING id, lead_id, match_lead_id, reasons, score, weak, created_at
)
INSERT INTO inbox.journal (event_id, at, entry, actor, detail)
SELECT l.event_id, i.created_at, 'duplicate_flagged', ${integration}::text,
       jsonb_build_object('candidate_id', i.id, 'lead_id', i.lead_id, 'match_lead_id', i.match_lead_id,
                          'reasons', to_jsonb(i.reasons), 'score', i.score, 'weak', i.weak)
  FROM ins i JOIN inbox.leads l ON l.id = i.lead_id
 ORDER BY i.id
)SQL";

// A manager went through the older pairs: some merged (at most one merge per newer lead, as
// decide_duplicate allows), some rejected, the rest still open. Recorded exactly as
// decide_duplicate records it, undo state included.
const char *kDecide = R"SQL(
DROP TABLE IF EXISTS pg_temp.sim_decide;
CREATE TEMP TABLE sim_decide AS
WITH pick AS (
    SELECT c.id, c.lead_id, c.match_lead_id, c.created_at, random() AS r
      FROM inbox.duplicate_candidates c
     WHERE c.id > ${candidate_from}::bigint AND c.status = 'open'
       AND c.created_at < to_timestamp(${now}::float8) - interval '1 day'
), merges AS (
    SELECT DISTINCT ON (p.lead_id) p.* FROM pick p WHERE p.r < 0.35 ORDER BY p.lead_id, p.match_lead_id
)
SELECT p.id, p.lead_id, p.match_lead_id,
       CASE WHEN m.id IS NOT NULL THEN 'merged' ELSE 'rejected' END AS status,
       least(p.created_at + make_interval(mins => 30 + floor(p.r * 2000)::int),
             to_timestamp(${now}::float8) - interval '1 minute') AS decided_at
  FROM pick p LEFT JOIN merges m ON m.id = p.id
 WHERE m.id IS NOT NULL OR (p.r >= 0.35 AND p.r < 0.6)
)SQL";

const char *kDecideApply = R"SQL(
UPDATE inbox.duplicate_candidates c
   SET status = d.status, decided_by = ${manager}::text, decided_at = d.decided_at,
       note = CASE WHEN d.status = 'merged' THEN 'один и тот же клиент' ELSE 'разные люди, общий номер' END,
       undo_state = CASE WHEN d.status = 'merged'
                         THEN jsonb_build_object('lead_id', l.id, 'merged_into', l.merged_into,
                                                 'deal_ref', l.deal_ref, 'deal_open', l.deal_open)
                         ELSE '{}'::jsonb END
  FROM sim_decide d JOIN inbox.leads l ON l.id = d.lead_id
 WHERE c.id = d.id;
UPDATE inbox.leads l
   SET merged_into = m.id, deal_ref = m.deal_ref, deal_open = m.deal_open
  FROM sim_decide d JOIN inbox.leads m ON m.id = d.match_lead_id
 WHERE d.status = 'merged' AND l.id = d.lead_id;
INSERT INTO inbox.journal (event_id, at, entry, actor, detail, by_person)
SELECT l.event_id, d.decided_at,
       CASE WHEN d.status = 'merged' THEN 'duplicate_merged' ELSE 'duplicate_rejected' END,
       ${manager}::text,
       jsonb_build_object('candidate_id', d.id, 'lead_id', d.lead_id, 'match_lead_id', d.match_lead_id,
                          'this_lead_id', l.id, 'previous_status', 'open',
                          'note', CASE WHEN d.status = 'merged' THEN 'один и тот же клиент'
                                       ELSE 'разные люди, общий номер' END),
       true
  FROM sim_decide d JOIN inbox.leads l ON l.id IN (d.lead_id, d.match_lead_id)
 ORDER BY d.id, l.id
)SQL";

} // namespace

std::optional<bool> BulkFill::isEmpty(PgConnection &db, DbError *error)
{
    const std::optional<PgRows> r =
        db.exec(QStringLiteral("SELECT NOT EXISTS (SELECT 1 FROM inbox.events)"), error);
    if (!r)
        return std::nullopt;
    return r->toBool(0, 0);
}

} // namespace inbox::sim

namespace inbox::sim {

namespace {

// INBOX_SIM_PROFILE=1: per-step CPU seconds of the server process (same host only), for
// tuning the fill on a busy machine where wall time says little.
double backendCpu(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !f.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = f.readAll().split(' ');
    return fields.size() > 15
               ? double(fields.at(13).toLongLong() + fields.at(14).toLongLong()) / 100.0
               : 0;
}

bool runScript(PgConnection &db, const QString &script, const QHash<QString, PgParam> &bindings,
               DbError *error)
{
    for (const QString &piece : script.split(QStringLiteral(";\n"), Qt::SkipEmptyParts)) {
        if (piece.trimmed().isEmpty())
            continue;
        Statement st(piece);
        for (auto it = bindings.cbegin(); it != bindings.cend(); ++it)
            st.bind(it.key(), it.value());
        if (!st.exec(db, error))
            return false;
    }
    return true;
}

QString sourceCuts()
{
    double total = 0;
    for (const Source &s : sources())
        total += s.weight;
    QVector<double> cuts;
    double cumulative = 0;
    for (int i = 0; i + 1 < sources().size(); ++i) {
        cumulative += sources().at(i).weight;
        cuts << cumulative / total;
    }
    return numberArray(cuts);
}

bool dictionarySafe(const QStringList &list, QString *bad)
{
    for (const QString &s : list) {
        if (s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\\'))) {
            *bad = s;
            return false;
        }
    }
    return true;
}

} // namespace

namespace {

// One loader: its own connection and temporary tables; takes chunk numbers from `next` and
// writes each chunk in its own transaction (events, journal, actions, leads, conflict
// bodies and the counters together, so every committed chunk is consistent on its own).
struct Shared
{
    std::atomic<qint64> next{0};
    std::atomic<bool> stop{false};
    std::mutex mutex; // guards everything below
    FillReport totals;
    qint64 chunksDone = 0;
    DbError error;
    bool failed = false;
};

struct LoaderSetup
{
    QString conninfo;
    QHash<QString, PgParam> bindings;
    qint64 events = 0;
    qint64 chunk = 0;
    bool replica = false;
    const std::function<void(const QString &)> *say = nullptr;
};

void loader(int index, const LoaderSetup &setup, Shared &shared)
{
    const auto failWith = [&shared](const DbError &e) {
        std::lock_guard lock(shared.mutex);
        if (!shared.failed) {
            shared.failed = true;
            shared.error = e;
        }
        shared.stop = true;
    };
    PgConnection db;
    DbError e;
    if (!db.connect(setup.conninfo, QStringLiteral("inbox-sim fill %1").arg(index + 1), &e))
        return failWith(e);
    // temp_buffers only counts before the session's first temporary table. JIT compiling
    // these big statements costs more than it saves.
    QString session = QStringLiteral("SET temp_buffers = '256MB'; SET jit = off; "
                                     "SET work_mem = '64MB'; SET synchronous_commit = off");
    if (setup.replica)
        session += QStringLiteral("; SET session_replication_role = replica");
    QStringList russian;
    for (const QString &f : People::russianFlags())
        russian << (f == QLatin1String("t") ? QStringLiteral("true") : QStringLiteral("false"));
    if (!db.run(session, &e) ||
        !db.run(QStringLiteral("CREATE TEMP TABLE sim_names AS "
                               "SELECT (n.i - 1)::int AS i, n.name, n.local, n.russian, n.name_url "
                               "FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[]) "
                               "WITH ORDINALITY AS n(name, local, russian, name_url, i)"),
                {textArray(People::names()), textArray(People::emailLocals()),
                 QStringLiteral("{") + russian.join(QLatin1Char(',')) + QStringLiteral("}"),
                 textArray(urlEncoded(People::names()))},
                &e) ||
        !db.run(QStringLiteral("ANALYZE sim_names"), &e))
        return failWith(e);
    {
        // The staging table takes its columns from the staging query itself.
        Statement create(QStringLiteral("CREATE TEMP TABLE sim_fill AS SELECT * FROM (") +
                         QString::fromUtf8(kStage) + QStringLiteral(") x LIMIT 0"));
        for (auto it = setup.bindings.cbegin(); it != setup.bindings.cend(); ++it)
            create.bind(it.key(), it.value());
        create.bind(QStringLiteral("g_from"), qint64(0)).bind(QStringLiteral("g_to"), qint64(0));
        if (!create.exec(db, &e))
            return failWith(e);
    }
    qint64 profilePid = 0;
    double lastCpu = 0;
    if (qEnvironmentVariableIsSet("INBOX_SIM_PROFILE")) {
        if (const std::optional<PgRows> pid =
                db.exec(QStringLiteral("SELECT pg_backend_pid()"), &e))
            profilePid = pid->toInt(0, 0);
        lastCpu = backendCpu(profilePid);
    }
    QElapsedTimer stepClock;
    const auto elapsed = [&]() {
        if (profilePid > 0) {
            const double cpu = backendCpu(profilePid);
            const double d = cpu - lastCpu;
            lastCpu = cpu;
            return d;
        }
        return double(stepClock.restart()) / 1000.0;
    };

    struct Step
    {
        const char *sql;
        qint64 FillReport::*count;
    };
    const Step steps[] = {{kEvents, &FillReport::events},
                          {kJournal, &FillReport::journal},
                          {kActions, &FillReport::actions},
                          {kLeads, &FillReport::leads},
                          {kConflictBodies, &FillReport::conflicts},
                          {kDailyStats, nullptr},
                          {kStatusCounts, nullptr}};
    Statement stage(QStringLiteral("INSERT INTO sim_fill ") + QString::fromUtf8(kStage));
    for (auto it = setup.bindings.cbegin(); it != setup.bindings.cend(); ++it)
        stage.bind(it.key(), it.value());

    while (!shared.stop) {
        const qint64 n = shared.next.fetch_add(1);
        const qint64 from = n * setup.chunk;
        if (from >= setup.events)
            break;
        const qint64 to = qMin(setup.events, from + setup.chunk);
        stepClock.start();
        elapsed();
        FillReport counts;
        QVector<double> seconds; // staging, then each step
        if (!db.run(QStringLiteral("BEGIN"), &e))
            return failWith(e);
        if (!setup.replica &&
            !db.run(
                QStringLiteral("ALTER TABLE inbox.events DISABLE TRIGGER events_track_status_ins"),
                &e))
            return failWith(e);
        stage.bind(QStringLiteral("g_from"), from).bind(QStringLiteral("g_to"), to);
        if (!db.run(QStringLiteral("TRUNCATE sim_fill"), &e) || !stage.exec(db, &e)) {
            db.run(QStringLiteral("ROLLBACK"), &e);
            return failWith(e);
        }
        seconds << elapsed();
        for (const Step &step : steps) {
            Statement st(QString::fromUtf8(step.sql));
            for (auto it = setup.bindings.cbegin(); it != setup.bindings.cend(); ++it)
                st.bind(it.key(), it.value());
            st.bind(QStringLiteral("shard"), int(n % 8));
            std::optional<PgRows> r;
            if (!st.exec(db, &e, &r)) {
                DbError ignored;
                db.run(QStringLiteral("ROLLBACK"), &ignored);
                return failWith(e);
            }
            if (step.count)
                counts.*(step.count) += r->affected();
            seconds << elapsed();
        }
        if ((!setup.replica &&
             !db.run(
                 QStringLiteral("ALTER TABLE inbox.events ENABLE TRIGGER events_track_status_ins"),
                 &e)) ||
            !db.run(QStringLiteral("COMMIT"), &e)) {
            DbError ignored;
            db.run(QStringLiteral("ROLLBACK"), &ignored);
            return failWith(e);
        }
        std::lock_guard lock(shared.mutex);
        shared.totals.events += counts.events;
        shared.totals.journal += counts.journal;
        shared.totals.actions += counts.actions;
        shared.totals.leads += counts.leads;
        shared.totals.conflicts += counts.conflicts;
        ++shared.chunksDone;
        if (*setup.say)
            (*setup.say)(
                QStringLiteral("fill: %1 of %2 events written, %3 journal entries "
                               "(loader %4 took events %5..%6: staging %7, events %8, "
                               "journal %9, the rest %10 %11)")
                    .arg(shared.totals.events)
                    .arg(setup.events)
                    .arg(shared.totals.journal)
                    .arg(index + 1)
                    .arg(from)
                    .arg(to - 1)
                    .arg(seconds[0], 0, 'f', 2)
                    .arg(seconds[1], 0, 'f', 2)
                    .arg(seconds[2], 0, 'f', 2)
                    .arg(seconds[3] + seconds[4] + seconds[5] + seconds[6] + seconds[7], 0, 'f', 2)
                    .arg(profilePid > 0 ? QStringLiteral("s of server CPU") : QStringLiteral("s")));
    }
}

} // namespace

bool BulkFill::run(const FillRequest &request, FillReport *report, DbError *error,
                   const std::function<void(const QString &)> &progress)
{
    FillReport out;
    QElapsedTimer clock;
    clock.start();
    const auto failed = [error](const DbError &e) {
        if (error)
            *error = e;
        return false;
    };
    if (request.events <= 0 || request.days <= 0)
        return failed(DbError::plain(QStringLiteral("nothing to fill")));
    // The dictionaries go into JSON bodies through format('%s'): no quotes or backslashes.
    QString bad;
    for (const QStringList *list : {&People::names(), &Texts::messagesRu(), &Texts::messagesEn(),
                                    &Texts::subjectsRu(), &Texts::subjectsEn()}) {
        if (!dictionarySafe(*list, &bad))
            return failed(
                DbError::plain(QStringLiteral("internal: unsafe text for the fill: %1").arg(bad)));
    }

    PgConnection db;
    DbError e;
    if (!db.connect(request.conninfo, QStringLiteral("inbox-sim fill"), &e))
        return failed(e);
    // Who are we. The tables are written directly, which only their owner (or a superuser)
    // may do. A superuser (or a role allowed to set it) runs the loaders with triggers and
    // foreign-key checks off (session_replication_role = replica): the rows are consistent
    // by construction and the status counters are written by the fill itself. Otherwise the
    // status trigger alone is disabled inside each chunk's transaction, which serialises the
    // loaders (one is used).
    const std::optional<PgRows> who = db.exec(
        QStringLiteral(
            "SELECT current_setting('is_superuser') = 'on' "
            "       OR has_parameter_privilege(current_user, 'session_replication_role', 'SET'), "
            "       pg_has_role(current_user, (SELECT nspowner FROM pg_namespace "
            "                                   WHERE nspname = 'inbox'), 'USAGE'), "
            "       extract(epoch FROM now()), "
            "       (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM "
            "inbox.leads_id_seq), "
            "       (SELECT coalesce(max(id), 0) FROM inbox.duplicate_candidates)"),
        &e);
    if (!who)
        return failed(e);
    const bool replica = who->toBool(0, 0);
    const bool owner = who->toBool(0, 1);
    const double now = who->text(0, 2).toDouble();
    const qint64 leadFrom = who->toInt(0, 3);
    const qint64 candidateFrom = who->toInt(0, 4);
    if (!owner && !replica)
        return failed(DbError::plain(QStringLiteral(
            "--history and --bulk write the inbox tables directly and need the schema owner "
            "(connect as the role that ran the migrations, e.g. user=postgres)")));
    out.bypassedTriggers = replica;
    out.sessions = replica ? qBound(1, request.sessions, 8) : 1;

    const Slots timeSlots = makeSlots(request.events, request.days, qint64(now));
    QDateTime incidentDay = QDateTime::fromSecsSinceEpoch(qint64(now), Qt::UTC)
                                .addDays(-qMin(4, qMax(0, int(request.days) - 1)));
    incidentDay.setTime(QTime(11, 0)); // 14:00 in Moscow: the receiver was slow that afternoon
    Rng rng(request.seed);
    const qint64 idBase =
        1000000000000LL + (qint64(now) - 1704067200LL) * 100000LL; // fills: their own id space
    const QStringList placeholderNames = {QStringLiteral("Тест"), QStringLiteral("test"),
                                          QStringLiteral("Клиент"), QString(),
                                          QStringLiteral("Иван Иванов")};
    QStringList offers, productNames;
    QVector<qint64> prices, skus;
    for (const Product &p : Catalog::products()) {
        offers << p.offerId;
        productNames << p.name;
        prices << p.priceRub;
        skus << p.sku;
    }
    QHash<QString, PgParam> b;
    b.insert(QStringLiteral("events_seq"), QStringLiteral("inbox.events_id_seq"));
    b.insert(QStringLiteral("actions_seq"), QStringLiteral("inbox.actions_id_seq"));
    b.insert(QStringLiteral("leads_seq"), QStringLiteral("inbox.leads_id_seq"));
    b.insert(QStringLiteral("conflicts_seq"), QStringLiteral("inbox.conflict_bodies_id_seq"));
    b.insert(QStringLiteral("slot_first"), numberArray(timeSlots.firstEvent));
    b.insert(QStringLiteral("slot_start"), numberArray(timeSlots.start));
    b.insert(QStringLiteral("slot_len"), numberArray(timeSlots.length));
    b.insert(QStringLiteral("source_cut"), sourceCuts());
    b.insert(QStringLiteral("id_base"), idBase);
    b.insert(QStringLiteral("person_seed"), rng.between(0, 999999999));
    b.insert(QStringLiteral("per_day"), double(request.events) / request.days);
    b.insert(QStringLiteral("offices"), qMax<qint64>(40, request.events / 600));
    b.insert(QStringLiteral("now"), now);
    b.insert(QStringLiteral("incident_from"), double(incidentDay.toSecsSinceEpoch()));
    b.insert(QStringLiteral("incident_to"), double(incidentDay.toSecsSinceEpoch() + 9000));
    b.insert(QStringLiteral("names_count"), int(People::names().size()));
    b.insert(QStringLiteral("domains"), textArray(People::domains()));
    b.insert(QStringLiteral("companies"), textArray(People::companies()));
    b.insert(QStringLiteral("msgs_ru"), textArray(Texts::messagesRu()));
    b.insert(QStringLiteral("msgs_en"), textArray(Texts::messagesEn()));
    b.insert(QStringLiteral("msgs_ru_url"), textArray(urlEncoded(Texts::messagesRu())));
    b.insert(QStringLiteral("msgs_en_url"), textArray(urlEncoded(Texts::messagesEn())));
    b.insert(QStringLiteral("subjects_ru"), textArray(Texts::subjectsRu()));
    b.insert(QStringLiteral("subjects_en"), textArray(Texts::subjectsEn()));
    b.insert(QStringLiteral("forms"), textArray(Texts::forms()));
    b.insert(QStringLiteral("pages"), textArray(Texts::pages()));
    b.insert(QStringLiteral("utms"), textArray(Texts::utmSources()));
    b.insert(QStringLiteral("offers"), textArray(offers));
    b.insert(QStringLiteral("pnames"), textArray(productNames));
    b.insert(QStringLiteral("prices"), numberArray(prices));
    b.insert(QStringLiteral("skus"), numberArray(skus));
    b.insert(QStringLiteral("unknown_offers"), textArray(Catalog::unknownOffers()));
    b.insert(QStringLiteral("crm_events"),
             textArray({QStringLiteral("deal.status_changed"), QStringLiteral("deal.updated"),
                        QStringLiteral("contact.updated"), QStringLiteral("task.completed")}));
    b.insert(QStringLiteral("statuses"),
             textArray({QStringLiteral("new"), QStringLiteral("in_progress"), QStringLiteral("won"),
                        QStringLiteral("lost")}));
    b.insert(QStringLiteral("managers"),
             textArray({QStringLiteral("Ольга Смирнова"), QStringLiteral("Дмитрий Орлов"),
                        QStringLiteral("Sarah Walker")}));
    b.insert(QStringLiteral("form_title_url"), urlEncoded(QStringLiteral("Заявка с сайта")));
    b.insert(QStringLiteral("ph_names"), textArray(placeholderNames));
    b.insert(QStringLiteral("ph_names_url"), textArray(urlEncoded(placeholderNames)));
    b.insert(QStringLiteral("ph_phones"),
             textArray({QStringLiteral("+7 (000) 000-00-00"), QStringLiteral("0000000"), QString(),
                        QStringLiteral("89999999999"), QStringLiteral("+7 (999) 999-99-99")}));
    b.insert(
        QStringLiteral("ph_emails"),
        textArray({QStringLiteral("test@test.ru"), QStringLiteral("unknown@mail.ru"), QString(),
                   QStringLiteral("noreply@site.ru"), QStringLiteral("test@test.com")}));
    b.insert(QStringLiteral("bad_phones"),
             textArray({QStringLiteral("916-12"), QStringLiteral("123"), QStringLiteral("+7 9"),
                        QStringLiteral("45-67")}));
    b.insert(QStringLiteral("cum"), QStringLiteral("{0,10,70,370,2170,9370,30970}"));
    b.insert(QStringLiteral("delays"), QStringLiteral("{10,60,300,1800,7200,21600}"));
    b.insert(QStringLiteral("receiver"), QStringLiteral("receiver"));
    b.insert(QStringLiteral("integration"), QStringLiteral("integration"));
    b.insert(QStringLiteral("operator"), QStringLiteral("anna.operator"));
    b.insert(QStringLiteral("manager"), QStringLiteral("olga.manager"));
    b.insert(QStringLiteral("requeue_reason"), QStringLiteral("исправили данные в CRM, повторить"));
    b.insert(QStringLiteral("lead_from"), leadFrom);
    b.insert(QStringLiteral("candidate_from"), candidateFrom);

    LoaderSetup setup;
    setup.conninfo = request.conninfo;
    setup.bindings = b;
    setup.events = request.events;
    // Chunks small enough that every loader gets several, large enough to amortise the
    // statements.
    setup.chunk = qBound(qint64(2000), request.events / (out.sessions * 4), qint64(100000));
    setup.replica = replica;
    std::mutex sayMutex;
    const std::function<void(const QString &)> say = [&](const QString &line) {
        std::lock_guard lock(sayMutex);
        if (progress)
            progress(line);
    };
    setup.say = &say;
    Shared shared;
    std::vector<std::thread> loaders;
    for (int i = 0; i < out.sessions; ++i)
        loaders.emplace_back(loader, i, std::cref(setup), std::ref(shared));
    for (std::thread &t : loaders)
        t.join();
    const qint64 chunks = (request.events + setup.chunk - 1) / setup.chunk;
    if (shared.failed) {
        DbError err = shared.error;
        err.message = QStringLiteral("%1 (%2 of %3 chunks were written, each one complete)")
                          .arg(err.message)
                          .arg(shared.chunksDone)
                          .arg(chunks);
        return failed(err);
    }
    out.events = shared.totals.events;
    out.journal = shared.totals.journal;
    out.actions = shared.totals.actions;
    out.leads = shared.totals.leads;
    out.conflicts = shared.totals.conflicts;
    out.loadSeconds = double(clock.elapsed()) / 1000.0;

    // Possible duplicates among the new leads, then a manager's decisions on older pairs:
    // one transaction after all chunks (a pair may span two chunks).
    const auto rollback = [&db](const DbError &err) {
        DbError ignored;
        db.run(QStringLiteral("ROLLBACK"), &ignored);
        return err;
    };
    QElapsedTimer tail;
    tail.start();
    if (!db.run(QStringLiteral("BEGIN; SET LOCAL jit = off; SET LOCAL work_mem = '256MB'"), &e))
        return failed(rollback(e));
    {
        Statement st(QString::fromUtf8(kCandidates));
        for (auto it = b.cbegin(); it != b.cend(); ++it)
            st.bind(it.key(), it.value());
        std::optional<PgRows> r;
        if (!st.exec(db, &e, &r))
            return failed(rollback(e));
        out.candidates = r->affected();
    }
    if (!runScript(db, QString::fromUtf8(kDecide), b, &e) ||
        !runScript(db, QString::fromUtf8(kDecideApply), b, &e) ||
        !db.run(QStringLiteral("SELECT inbox._notify('events'), inbox._notify('leads'), "
                               "inbox._notify('duplicates')"),
                &e) ||
        !db.run(QStringLiteral("COMMIT"), &e))
        return failed(rollback(e));
    say(QStringLiteral("fill: %1 duplicate candidates flagged, decisions made (%2 s)")
            .arg(out.candidates)
            .arg(double(tail.elapsed()) / 1000.0, 0, 'f', 1));
    // Fresh statistics: the console's estimates read pg_class.reltuples.
    if (!db.run(
            QStringLiteral("ANALYZE inbox.events, inbox.journal, inbox.actions, inbox.leads, "
                           "inbox.duplicate_candidates, inbox.daily_stats, inbox.status_counts"),
            &e))
        return failed(e);
    out.seconds = double(clock.elapsed()) / 1000.0;
    if (report)
        *report = out;
    return true;
}

} // namespace inbox::sim
