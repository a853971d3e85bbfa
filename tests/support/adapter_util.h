#pragma once
// What the tests of inbox-receiver's adapters share: a delivery as the receiver's HTTP side hands
// it to an adapter, a source's rules, and the check of a refusal. Header only, for the tests that
// link inbox_receiver_adapters (its request.h).

#include "request.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QTest>

#include <utility>

namespace adapterfix {

// 2026-12-01T12:00:00Z, the receiver's clock in every case.
inline const QDateTime kNow = QDateTime::fromSecsSinceEpoch(1796126400, Qt::UTC);

// A POST received at kNow: the sender's `headers`, then its content type. `pathRest` is what
// follows the source's path (amoCRM's path secret).
inline receiver::HttpRequest post(const QByteArray &body, const QByteArray &contentType,
                                  const QList<std::pair<QByteArray, QByteArray>> &headers = {},
                                  const QByteArray &pathRest = {})
{
    receiver::HttpRequest r;
    r.method = "POST";
    r.path = pathRest.isEmpty() ? QByteArray("/in/source") : "/in/source/" + pathRest;
    r.pathRest = pathRest;
    r.body = body;
    r.headers = headers;
    r.headers.append({QByteArray("content-type"), contentType});
    r.receivedAt = kNow;
    return r;
}

// The rules of `source` read by `adapter`, with its secrets (current first) and key fields.
inline receiver::SourceRules rules(const QString &source, const char *adapter,
                                   const QList<QByteArray> &secrets,
                                   const QStringList &keyFields = {})
{
    receiver::SourceRules r;
    r.source = source;
    r.adapter = QLatin1String(adapter);
    r.secrets = secrets;
    r.keyFields = keyFields;
    return r;
}

} // namespace adapterfix

// The extraction refused with that refusal and reason. A macro, so a failure names the line of
// the case.
#define REFUSED(extraction, expectedRefusal, expectedReason)                                       \
    do {                                                                                           \
        const receiver::Extraction refused_ = (extraction);                                        \
        QCOMPARE(refused_.refusal, expectedRefusal);                                               \
        QCOMPARE(refused_.reason, QByteArray(expectedReason));                                     \
    } while (false)
