#include "duplicates/duplicatepairloader.h"

#include "db/querychannel.h"

namespace inbox {

namespace {
constexpr int kMaxHeld = 64; // a handful ahead of the reviewer is all that is ever needed
}

DuplicatePairLoader::DuplicatePairLoader(QObject *parent)
    : QObject(parent), m_channel(new QueryChannel(QStringLiteral("duplicate-pair"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &DuplicatePairLoader::onReply);
}

DuplicatePairLoader::~DuplicatePairLoader() = default;

void DuplicatePairLoader::setConnectOptions(const ConnectOptions &options)
{
    m_channel->setConnectOptions(options);
    m_haveOptions = true;
    invalidate();
}

Query DuplicatePairLoader::query(const QVector<qint64> &ids)
{
    QStringList list;
    for (qint64 id : ids)
        list << QString::number(id);
    return Query{pairSelectSql() + QStringLiteral(" WHERE d.id = ANY($1::bigint[])"),
                 {QStringLiteral("{%1}").arg(list.join(QLatin1Char(',')))}};
}

void DuplicatePairLoader::load(qint64 id, const QVector<qint64> &prefetch)
{
    m_wanted = id;
    m_answered = false;
    if (m_cache.contains(id)) {
        m_answered = true;
        emit loaded(m_cache.value(id));
        // Keep the read-ahead going so the copies stay one step in front of the reviewer.
        QVector<qint64> ahead;
        for (qint64 p : prefetch)
            if (!m_cache.contains(p))
                ahead << p;
        if (!ahead.isEmpty() && m_haveOptions && !m_channel->isBusy())
            m_channel->submit(query(ahead), QueryChannel::Mode::Queue);
        return;
    }
    if (!m_haveOptions)
        return;
    QVector<qint64> ids{id};
    for (qint64 p : prefetch)
        if (p != id && !m_cache.contains(p))
            ids << p;
    m_ticket = m_channel->submit(query(ids));
}

void DuplicatePairLoader::reload(qint64 id)
{
    m_cache.remove(id);
    load(id);
}

void DuplicatePairLoader::invalidate()
{
    m_cache.clear();
}

void DuplicatePairLoader::onReply(const QueryReply &reply)
{
    const bool answers = reply.ticket == m_ticket && !m_answered;
    if (!reply.ok()) {
        if (answers)
            emit failed(reply.error);
        return;
    }
    if (m_cache.size() > kMaxHeld)
        m_cache.clear();
    for (const DuplicatePair &p : parsePairs(reply.results.value(0)))
        m_cache.insert(p.id, p);
    // A read-ahead reply only fills the copies; the reply to the request for the pair on
    // screen answers it, found or not.
    if (!answers)
        return;
    m_answered = true;
    if (m_cache.contains(m_wanted))
        emit loaded(m_cache.value(m_wanted));
    else
        emit missing(m_wanted);
}

} // namespace inbox
