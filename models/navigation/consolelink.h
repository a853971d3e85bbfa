#pragma once

#include <QDate>
#include <QDateTime>
#include <QString>

#include <optional>

namespace inbox {

// A place in the console that a person can paste into a chat and a colleague can open:
// `inbox-console --open LINK`, or a click on the link where the desktop hands the
// inbox-console: scheme to the program (installer/inbox-console.desktop). The text is
//
//   inbox-console://open?profile=NAME&PLACE
//
// with exactly one PLACE:
//   event=ID                         an event in the journal, its detail open
//   pair=ID                          a duplicate pair (candidate id) on Duplicates
//   audit=ID&at=TIME                 an audit entry (the journal id of its newest row and
//                                    its time, ISO 8601 UTC, which finds it in the list)
//   day=YYYY-MM-DD[&source=S]        the journal filtered to one UTC day (and source)
//   view=failed[&source=S]           Needs attention, on the failed events (of a source)
//   view=stuck[&source=S]            Needs attention, on the stuck events (of a source)
//   view=waiting[&source=S]          the journal filtered on the waiting (received) events
//   view=processing[&source=S]       the journal filtered on the events being processed
//   view=duplicates                  the Duplicates screen
// `profile` names a connection profile saved on the Connect screen; it is left out when
// the link was made on a connection without one (it then opens on whatever is connected).
// Every value is percent-encoded as UTF-8 (a space is %20, never '+'). Keys this version does
// not know are ignored, so a newer program's link still opens here at the place it names;
// everything else that is not exactly as above is rejected with a sentence for the person
// (the text comes from a chat paste: it is never trusted).
class ConsoleLink final
{
public:
    enum class Kind {
        Event,
        Pair,
        AuditEntry,
        JournalDay,
        Failed,
        Duplicates,
        Stuck,
        Waiting,
        Processing
    };
    static constexpr int kMaxLength = 2048;
    static constexpr int kMaxTextLength = 200; // a profile or source name

    ConsoleLink() = default;
    static ConsoleLink event(qint64 eventId, const QString &profile = {});
    static ConsoleLink pair(qint64 candidateId, const QString &profile = {});
    static ConsoleLink auditEntry(qint64 journalId, const QDateTime &at,
                                  const QString &profile = {});
    static ConsoleLink journalDay(const QDate &day, const QString &source = {},
                                  const QString &profile = {});
    static ConsoleLink failed(const QString &source = {}, const QString &profile = {});
    static ConsoleLink duplicates(const QString &profile = {});
    static ConsoleLink stuck(const QString &source = {}, const QString &profile = {});
    static ConsoleLink waiting(const QString &source = {}, const QString &profile = {});
    static ConsoleLink processing(const QString &source = {}, const QString &profile = {});

    Kind kind() const { return m_kind; }
    qint64 id() const { return m_id; } // event, candidate or journal id
    QDate day() const { return m_day; }
    QDateTime at() const { return m_at; } // audit entry: when, UTC
    QString source() const { return m_source; }
    QString profile() const { return m_profile; }
    void setProfile(const QString &profile) { m_profile = profile; }

    QString toUrl() const;
    // The link in `text` (surrounding spaces, quotes or <> of a chat paste are dropped), or
    // nullopt with `error` saying what is wrong with it, in the user's language.
    static std::optional<ConsoleLink> fromUrl(const QString &text, QString *error = nullptr);

    bool operator==(const ConsoleLink &other) const;
    bool operator!=(const ConsoleLink &other) const { return !(*this == other); }

private:
    Kind m_kind = Kind::Duplicates;
    qint64 m_id = 0;
    QDate m_day;
    QDateTime m_at;
    QString m_source;
    QString m_profile;
};

} // namespace inbox
