#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace inbox::sim {

// What a worker reads out of a stored body: the contact of a request, the articles of an
// order. It parses what the senders send (bodies.cpp) and what the fill writes
// (bulkfill.cpp), so requeued history is processed like live traffic.
struct Extracted
{
    bool parsed = false;
    QString error; // why the body could not be read (not retryable)
    QString name;
    QString phone;      // as written
    QString email;      // as written
    QString summary;    // a line for the lead
    QStringList offers; // order articles
};

Extracted extract(const QString &source, const QString &contentType, const QByteArray &body);

// The first thing in free text that looks like a phone number or an e-mail address.
QString findPhone(const QString &text);
QString findEmail(const QString &text);

} // namespace inbox::sim
