#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace inbox {

// The parameters each kind of alert rule takes (docs/contract.md §4.14), with the defaults the
// database completes a rule with, so the rule editor can show every field of a kind and its
// default without asking the server. The database stays the judge: set_alert_rule checks the
// values and names the key it refuses (22023).
class AlertParams final
{
public:
    // What a parameter's JSON value is: a number (most), a text (a destination rule's
    // destination) or true/false (its on_pause, a poll_source rule's on_stop).
    enum class Type { Number, Text, Flag };
    struct Param
    {
        QString key;
        bool whole = false; // an integer
        double min = 0, max = 0;
        QString defaultText; // empty: no default (silent_source's gap_minutes); "true"/"false"
        Type type = Type::Number;
    };

    static const QStringList &kinds();      // stuck, failed, repeat_share ..., poll_source
    static const QStringList &severities(); // info, warning, critical
    static QVector<Param> params(const QString &kind);
    // A kind's rules are about one scope of the whole inbox ("*"), not per source.
    static bool wholeInbox(const QString &kind) { return kind == QLatin1String("duplicates_age"); }

    // The field a 22023/22004 message of set_alert_rule names: "name", "kind", "params" (the
    // parameters as a whole), "params.<key>", "severity", "sources", "chat_ids",
    // "repeat_interval", "id"; empty when it names none. The contract's messages start with
    // the argument's name (§4.14), which is what is read here.
    static QString fieldOf(const QString &message);
};

} // namespace inbox
