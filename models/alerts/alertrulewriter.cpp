#include "alerts/alertrulewriter.h"

#include "db/querychannel.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

namespace inbox {

namespace {

QVariant textOrNull(const QString &text)
{
    return text.trimmed().isEmpty() ? QVariant() : QVariant(text.trimmed());
}

// A text[] parameter: PostgreSQL's array literal, each element quoted and escaped.
QVariant arrayLiteral(const QStringList &items)
{
    QStringList quoted;
    for (QString item : items) {
        item.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
        item.replace(QLatin1Char('"'), QStringLiteral("\\\""));
        quoted << QLatin1Char('"') + item + QLatin1Char('"');
    }
    return QVariant(QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}'));
}

} // namespace

AlertRuleWriter::AlertRuleWriter(QObject *parent)
    : QObject(parent), m_channel(new QueryChannel(QStringLiteral("alert-rule-write"), this))
{
    qRegisterMetaType<inbox::AlertRuleChange>();
    connect(m_channel, &QueryChannel::replied, this, &AlertRuleWriter::onReply);
}

AlertRuleWriter::~AlertRuleWriter() = default;

void AlertRuleWriter::setConnectOptions(const ConnectOptions &options)
{
    m_channel->setConnectOptions(options);
}

void AlertRuleWriter::save(const AlertRule &r)
{
    AlertRuleChange seed;
    seed.op = AlertRuleChange::Op::Save;
    seed.ruleId = r.id;
    start(seed, Query{QStringLiteral("SELECT inbox.set_alert_rule($1::int8, $2::text, $3::text,"
                                     " $4::jsonb, $5::text, $6::text[], $7::text[],"
                                     " $8::int8 * interval '1 second', $9::bool, $10::bool)"),
                      {r.id > 0 ? QVariant(r.id) : QVariant(), r.name, r.kind,
                       r.params.trimmed().isEmpty() ? QVariant() : QVariant(r.params), r.severity,
                       r.sources.isEmpty() ? QVariant() : arrayLiteral(r.sources),
                       arrayLiteral(r.chatIds), r.repeatSeconds, r.sendResolved, r.enabled}});
}

void AlertRuleWriter::remove(qint64 ruleId, const QString &note)
{
    AlertRuleChange seed;
    seed.op = AlertRuleChange::Op::Remove;
    seed.ruleId = ruleId;
    start(seed, Query{QStringLiteral("SELECT inbox.remove_alert_rule($1::int8, $2::text)"),
                      {ruleId, textOrNull(note)}});
}

void AlertRuleWriter::silence(qint64 ruleId, const QDateTime &until, const QString &note)
{
    AlertRuleChange seed;
    seed.op = AlertRuleChange::Op::Silence;
    seed.ruleId = ruleId;
    start(seed, Query{QStringLiteral("SELECT inbox.silence_alert_rule($1::int8,"
                                     " to_timestamp($2::int8 / 1000.0), $3::text)"),
                      {ruleId, until.toMSecsSinceEpoch(), textOrNull(note)}});
}

void AlertRuleWriter::unsilence(qint64 ruleId)
{
    AlertRuleChange seed;
    seed.op = AlertRuleChange::Op::Unsilence;
    seed.ruleId = ruleId;
    start(seed,
          Query{QStringLiteral("SELECT inbox.silence_alert_rule($1::int8, NULL, NULL)"), {ruleId}});
}

void AlertRuleWriter::start(const AlertRuleChange &seed, const Query &query)
{
    m_jobs << qMakePair(m_channel->submit(query, QueryChannel::Mode::Queue), seed);
    logger("ui")->info("alert rule {} change {} requested", seed.ruleId, int(seed.op));
}

void AlertRuleWriter::onReply(const QueryReply &reply)
{
    for (int i = 0; i < m_jobs.size(); ++i) {
        if (m_jobs.at(i).first != reply.ticket)
            continue;
        AlertRuleChange change = m_jobs.takeAt(i).second;
        if (!reply.ok()) {
            change.error = reply.error;
        } else {
            const QVariant value = reply.results.value(0).rows.value(0).value(0);
            if (change.op == AlertRuleChange::Op::Save) {
                change.ruleId = value.toLongLong();
                change.outcome = QStringLiteral("saved");
            } else {
                change.outcome = value.toString();
            }
        }
        logger("ui")->info("alert rule {} change {}: {}", change.ruleId, int(change.op),
                           change.ok() ? change.outcome.toStdString()
                                       : change.error.oneLine().toStdString());
        emit finished(change);
        return;
    }
}

} // namespace inbox
