#pragma once
// What an alert message says, in Telegram's HTML parse mode: one block per alert (the rule,
// its severity, the scope and the evaluator's figures), the data escaped (&, <, >), and the
// blocks of one chat packed into messages of at most 4096 characters of text after entity
// parsing (where Telegram's limit applies), split only between blocks, so a tag is never cut. A
// block is bounded (a rule name is at most 100 characters, a scope 300), far below the limit.

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
    // Set for an alert message begun after its episode resolved (a failed message tried
    // again): the block says it comes late and that it has resolved since.
    QString resolvedAt;
    // A failed rule's resolved message: how long no new failure came (minutes, -1 unknown),
    // and how many events of the source are still failed (-1 unknown).
    int quietMinutes = -1;
    qint64 stillFailed = -1;
};

class AlertText final
{
public:
    static constexpr int kLimit = 4096;

    static QString escape(const QString &text);
    static QString block(const AlertFacts &facts);
    // The length Telegram's 4096 limit applies to: the text after entity parsing (tags
    // dropped, an entity one character), in UTF-16 code units.
    static int visibleLength(const QString &html);
    // Consecutive blocks joined by a blank line, each message within `limit` characters of
    // visible text (visibleLength); returns for each message the indexes of its blocks.
    static QVector<QVector<int>> pack(const QStringList &blocks, int limit = kLimit);
    static QString join(const QStringList &blocks, const QVector<int> &indexes);
};

} // namespace inbox::alerts
