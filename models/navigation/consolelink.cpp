#include "navigation/consolelink.h"

#include <QCoreApplication>
#include <QStringDecoder>
#include <QTimeZone>
#include <QUrl>

#include <cctype>
#include <utility>

namespace inbox {

namespace {

const QString kPrefix = QStringLiteral("inbox-console://open");

QString encode(const QString &value)
{
    // Everything but the unreserved characters, so '&', '=', '+', '#' and spaces survive.
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

bool hasControl(const QString &text)
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format ||
            c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            return true;
    }
    return false;
}

// Percent-decodes one key or value; false when a '%' is not followed by two hex digits or
// the bytes are not UTF-8.
bool decode(const QString &raw, QString *out)
{
    const QByteArray bytes = raw.toUtf8();
    for (int i = 0; i < bytes.size(); ++i) {
        if (bytes.at(i) != '%')
            continue;
        if (i + 2 >= bytes.size() || !isxdigit(uchar(bytes.at(i + 1))) ||
            !isxdigit(uchar(bytes.at(i + 2))))
            return false;
    }
    QStringDecoder utf8(QStringDecoder::Utf8);
    *out = utf8(QByteArray::fromPercentEncoding(bytes));
    return !utf8.hasError();
}

std::optional<qint64> positiveId(const QString &value)
{
    if (value.isEmpty() || value.size() > 18)
        return std::nullopt;
    for (const QChar c : value) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return std::nullopt;
    }
    const qint64 id = value.toLongLong();
    return id > 0 ? std::optional<qint64>(id) : std::nullopt;
}

QString stripPaste(QString text)
{
    text = text.trimmed();
    // A chat or a mail often wraps a link: <...>, "...", '...', `...`.
    static const std::pair<QChar, QChar> kWraps[] = {{QLatin1Char('<'), QLatin1Char('>')},
                                                     {QLatin1Char('"'), QLatin1Char('"')},
                                                     {QLatin1Char('\''), QLatin1Char('\'')},
                                                     {QLatin1Char('`'), QLatin1Char('`')}};
    for (const auto &[open, close] : kWraps) {
        if (text.size() >= 2 && text.startsWith(open) && text.endsWith(close))
            return text.mid(1, text.size() - 2).trimmed();
    }
    return text;
}

} // namespace

ConsoleLink ConsoleLink::event(qint64 eventId, const QString &profile)
{
    ConsoleLink l;
    l.m_kind = Kind::Event;
    l.m_id = eventId;
    l.m_profile = profile;
    return l;
}

ConsoleLink ConsoleLink::pair(qint64 candidateId, const QString &profile)
{
    ConsoleLink l = event(candidateId, profile);
    l.m_kind = Kind::Pair;
    return l;
}

ConsoleLink ConsoleLink::auditEntry(qint64 journalId, const QDateTime &at, const QString &profile)
{
    ConsoleLink l = event(journalId, profile);
    l.m_kind = Kind::AuditEntry;
    l.m_at = at.toUTC();
    return l;
}

ConsoleLink ConsoleLink::journalDay(const QDate &day, const QString &source, const QString &profile)
{
    ConsoleLink l;
    l.m_kind = Kind::JournalDay;
    l.m_day = day;
    l.m_source = source;
    l.m_profile = profile;
    return l;
}

ConsoleLink ConsoleLink::failed(const QString &source, const QString &profile)
{
    ConsoleLink l;
    l.m_kind = Kind::Failed;
    l.m_source = source;
    l.m_profile = profile;
    return l;
}

ConsoleLink ConsoleLink::duplicates(const QString &profile)
{
    ConsoleLink l;
    l.m_kind = Kind::Duplicates;
    l.m_profile = profile;
    return l;
}

ConsoleLink ConsoleLink::stuck(const QString &source, const QString &profile)
{
    ConsoleLink l = failed(source, profile);
    l.m_kind = Kind::Stuck;
    return l;
}

ConsoleLink ConsoleLink::waiting(const QString &source, const QString &profile)
{
    ConsoleLink l = failed(source, profile);
    l.m_kind = Kind::Waiting;
    return l;
}

ConsoleLink ConsoleLink::processing(const QString &source, const QString &profile)
{
    ConsoleLink l = failed(source, profile);
    l.m_kind = Kind::Processing;
    return l;
}

QString ConsoleLink::toUrl() const
{
    QStringList items;
    if (!m_profile.isEmpty())
        items << QStringLiteral("profile=") + encode(m_profile);
    switch (m_kind) {
    case Kind::Event:
        items << QStringLiteral("event=%1").arg(m_id);
        break;
    case Kind::Pair:
        items << QStringLiteral("pair=%1").arg(m_id);
        break;
    case Kind::AuditEntry:
        items << QStringLiteral("audit=%1").arg(m_id)
              << QStringLiteral("at=") + encode(m_at.toUTC().toString(Qt::ISODateWithMs));
        break;
    case Kind::JournalDay:
        items << QStringLiteral("day=") + m_day.toString(Qt::ISODate);
        break;
    case Kind::Failed:
        items << QStringLiteral("view=failed");
        break;
    case Kind::Duplicates:
        items << QStringLiteral("view=duplicates");
        break;
    case Kind::Stuck:
        items << QStringLiteral("view=stuck");
        break;
    case Kind::Waiting:
        items << QStringLiteral("view=waiting");
        break;
    case Kind::Processing:
        items << QStringLiteral("view=processing");
        break;
    }
    const bool bySource = m_kind == Kind::JournalDay || m_kind == Kind::Failed ||
                          m_kind == Kind::Stuck || m_kind == Kind::Waiting ||
                          m_kind == Kind::Processing;
    if (!m_source.isEmpty() && bySource)
        items << QStringLiteral("source=") + encode(m_source);
    return kPrefix + QLatin1Char('?') + items.join(QLatin1Char('&'));
}

std::optional<ConsoleLink> ConsoleLink::fromUrl(const QString &pasted, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<ConsoleLink> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const QString text = stripPaste(pasted);
    if (text.isEmpty())
        return fail(QCoreApplication::translate("ConsoleLink", "The link is empty."));
    if (text.size() > kMaxLength)
        return fail(QCoreApplication::translate(
            "ConsoleLink", "The link is too long to be an Inbox Console link."));
    if (!text.startsWith(kPrefix, Qt::CaseInsensitive))
        return fail(QCoreApplication::translate(
            "ConsoleLink", "This is not an Inbox Console link: such a link starts with "
                           "inbox-console://open?"));
    QString rest = text.mid(kPrefix.size());
    if (rest.startsWith(QLatin1Char('/')))
        rest.remove(0, 1);
    if (!rest.startsWith(QLatin1Char('?')) || rest.size() < 2)
        return fail(QCoreApplication::translate(
            "ConsoleLink", "The link names no place to open (nothing after \"?\"): it may have "
                           "been cut off."));
    rest.remove(0, 1);
    for (const QChar c : std::as_const(rest)) {
        if (c.isSpace() || c.category() == QChar::Other_Control || c == QLatin1Char('#'))
            return fail(QCoreApplication::translate(
                "ConsoleLink", "The link contains a space or a character a link cannot hold: it "
                               "may have been broken across lines. Copy it again."));
    }

    QString values[8]; // profile, event, pair, audit, at, day, view, source
    static const char *const kKeys[] = {"profile", "event", "pair", "audit",
                                        "at",      "day",   "view", "source"};
    bool seen[8] = {};
    for (const QString &item : rest.split(QLatin1Char('&'), Qt::SkipEmptyParts)) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        QString key, value;
        if (eq < 0 || !decode(item.left(eq), &key) || !decode(item.mid(eq + 1), &value))
            return fail(QCoreApplication::translate(
                            "ConsoleLink",
                            "The part \"%1\" of the link is not of the form key=value with "
                            "valid %-codes.")
                            .arg(item.left(40)));
        int which = -1;
        for (int k = 0; k < 8; ++k) {
            if (key == QLatin1String(kKeys[k]))
                which = k;
        }
        if (which < 0)
            continue; // a newer program's key: the place it names still opens
        if (seen[which])
            return fail(QCoreApplication::translate("ConsoleLink", "The link gives \"%1\" twice.")
                            .arg(key));
        if (value.isEmpty())
            return fail(
                QCoreApplication::translate("ConsoleLink", "The link gives \"%1\" without a value.")
                    .arg(key));
        if (value.size() > kMaxTextLength || hasControl(value))
            return fail(QCoreApplication::translate(
                            "ConsoleLink",
                            "The value of \"%1\" in the link is too long or holds control "
                            "characters.")
                            .arg(key));
        seen[which] = true;
        values[which] = value;
    }

    const int places = int(seen[1]) + int(seen[2]) + int(seen[3]) + int(seen[5]) + int(seen[6]);
    if (places == 0)
        return fail(QCoreApplication::translate(
            "ConsoleLink", "The link names no place this version knows (an event, a pair, an audit "
                           "entry, a day or a view)."));
    if (places > 1)
        return fail(QCoreApplication::translate("ConsoleLink",
                                                "The link names more than one place to open."));

    ConsoleLink link;
    link.m_profile = values[0];
    const auto idOf = [&](int k) {
        return positiveId(values[k]);
    };
    if (seen[1] || seen[2] || seen[3]) {
        const int k = seen[1] ? 1 : seen[2] ? 2 : 3;
        const std::optional<qint64> id = idOf(k);
        if (!id)
            return fail(QCoreApplication::translate(
                            "ConsoleLink", "\"%1\" in the link is not a positive whole number: %2")
                            .arg(QLatin1String(kKeys[k]), values[k]));
        link.m_id = *id;
        link.m_kind = k == 1 ? Kind::Event : k == 2 ? Kind::Pair : Kind::AuditEntry;
        if (k == 3) {
            const QDateTime at = QDateTime::fromString(values[4], Qt::ISODateWithMs);
            if (!seen[4] || !at.isValid() || at.timeSpec() == Qt::LocalTime)
                return fail(QCoreApplication::translate(
                    "ConsoleLink", "The audit link lacks the time of the entry (at=, in UTC)."));
            link.m_at = at.toUTC();
        }
    } else if (seen[5]) {
        const QDate day = QDate::fromString(values[5], Qt::ISODate);
        if (values[5].size() != 10 || !day.isValid())
            return fail(
                QCoreApplication::translate(
                    "ConsoleLink", "\"day\" in the link is not a date of the form 2026-12-31: %1")
                    .arg(values[5]));
        link.m_kind = Kind::JournalDay;
        link.m_day = day;
        link.m_source = values[7];
    } else if (values[6] == QLatin1String("failed")) {
        link.m_kind = Kind::Failed;
        link.m_source = values[7];
    } else if (values[6] == QLatin1String("stuck")) {
        link.m_kind = Kind::Stuck;
        link.m_source = values[7];
    } else if (values[6] == QLatin1String("waiting")) {
        link.m_kind = Kind::Waiting;
        link.m_source = values[7];
    } else if (values[6] == QLatin1String("processing")) {
        link.m_kind = Kind::Processing;
        link.m_source = values[7];
    } else if (values[6] == QLatin1String("duplicates")) {
        link.m_kind = Kind::Duplicates;
    } else {
        return fail(QCoreApplication::translate(
                        "ConsoleLink", "The link names a view this version does not know: %1")
                        .arg(values[6]));
    }
    return link;
}

bool ConsoleLink::operator==(const ConsoleLink &other) const
{
    return m_kind == other.m_kind && m_id == other.m_id && m_day == other.m_day &&
           m_at == other.m_at && m_source == other.m_source && m_profile == other.m_profile;
}

} // namespace inbox
