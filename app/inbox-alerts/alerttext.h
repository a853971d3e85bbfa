#pragma once
// What an alert message says, in Telegram's HTML parse mode: one block per alert (the rule,
// its severity, the scope and the evaluator's figures), the data escaped (&, <, >), and the
// blocks of one chat packed into messages of at most 4096 characters, split only between
// blocks, so a tag is never cut. A block is bounded (a rule name is at most 100 characters, a
// scope 300), far below the limit.

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

namespace inbox::alerts {

struct AlertFacts
{
    QString ruleName;
    QString severity; // info, warning, critical
    QString kind;
    QString scope;
    QString message; // fired, repeat, resolved
    QJsonObject summary;
    QString firedAt; // "2026-12-01 22:40 UTC"
};

class AlertText final
{
public:
    static constexpr int kLimit = 4096;

    static QString escape(const QString &text);
    static QString block(const AlertFacts &facts);
    // Consecutive blocks joined by a blank line, each message within `limit` characters;
    // returns for each message the indexes of the blocks it carries.
    static QVector<QVector<int>> pack(const QStringList &blocks, int limit = kLimit);
    static QString join(const QStringList &blocks, const QVector<int> &indexes);
};

} // namespace inbox::alerts
