#include "duplicates/duplicatewords.h"

#include "support/timetext.h"

#include <QLocale>

namespace inbox {

QString DuplicateWords::phone(const QString &n)
{
    if (n.size() == 11 && n.startsWith(QLatin1Char('7')))
        return QStringLiteral("+7 %1 %2-%3-%4")
            .arg(n.mid(1, 3), n.mid(4, 3), n.mid(7, 2), n.mid(9, 2));
    if (n.isEmpty())
        return n;
    // Unknown numbering plan: groups of three from the left are at least readable.
    QString out = QStringLiteral("+");
    for (int i = 0; i < n.size(); i += 3)
        out += (i ? QStringLiteral(" ") : QString()) + n.mid(i, 3);
    return out;
}

QString DuplicateWords::reasonShort(const QString &code)
{
    if (code == QLatin1String("same_phone"))
        return tr("phone");
    if (code == QLatin1String("same_email"))
        return tr("e-mail");
    if (code == QLatin1String("open_deal"))
        return tr("open deal");
    if (code == QLatin1String("names_differ"))
        return tr("names differ");
    if (code == QLatin1String("weak_shared_phone"))
        return tr("shared phone");
    if (code == QLatin1String("weak_shared_email"))
        return tr("shared e-mail");
    return code;
}

QString DuplicateWords::reasons(const DuplicatePair &p)
{
    QStringList parts;
    if (p.has("same_phone"))
        parts << tr("same phone %1").arg(phone(p.newer.phoneNorm));
    if (p.has("same_email"))
        parts << tr("same e-mail %1").arg(p.newer.emailNorm);
    if (p.has("open_deal"))
        parts << tr("lead A's deal %1 is still open").arg(p.earlier.dealRef);
    if (p.has("names_differ"))
        parts << tr("names differ");
    else if (!p.earlier.name.isEmpty() && !p.newer.name.isEmpty())
        parts << tr("names match");
    if (p.has("weak_shared_phone"))
        parts << tr("the phone is shared by many names");
    if (p.has("weak_shared_email"))
        parts << tr("the e-mail is shared by many names");
    // Codes a newer schema may add are shown as they are rather than hidden.
    static const QStringList known = {
        QStringLiteral("same_phone"),        QStringLiteral("same_email"),
        QStringLiteral("open_deal"),         QStringLiteral("names_differ"),
        QStringLiteral("weak_shared_phone"), QStringLiteral("weak_shared_email")};
    for (const QString &r : p.reasons)
        if (!known.contains(r))
            parts << r;
    return parts.join(QStringLiteral("; "));
}

QString DuplicateWords::weakness(const DuplicatePair &p)
{
    QStringList parts;
    if (p.has("weak_shared_phone"))
        parts << tr("phone %1 is used by %n different name(s) (an office line?)", "", p.phoneNames)
                     .arg(phone(p.newer.phoneNorm));
    if (p.has("weak_shared_email"))
        parts << tr("e-mail %1 is used by %n different name(s) (a shared mailbox?)", "",
                    p.emailNames)
                     .arg(p.newer.emailNorm);
    if (parts.isEmpty() && !p.weak)
        return QString();
    if (parts.isEmpty())
        parts << tr("every matching contact is a shared one");
    return tr("Weak evidence: %1.").arg(parts.join(QStringLiteral("; ")));
}

QString DuplicateWords::lead(const LeadSide &l, const QString &letter)
{
    return l.name.isEmpty() ? tr("lead %1 (#%2)").arg(letter).arg(l.id)
                            : tr("lead %1 (%2, #%3)").arg(letter, l.name).arg(l.id);
}

QString DuplicateWords::mergeStatement(const DuplicatePair &p)
{
    const QString b = lead(p.newer, QStringLiteral("B"));
    const QString a = lead(p.earlier, QStringLiteral("A"));
    if (p.newer.mergedInto != 0)
        return tr("%1 is already linked to lead #%2 by another decision: undo that one first.")
            .arg(b)
            .arg(p.newer.mergedInto);
    QString what;
    if (!p.earlier.dealRef.isEmpty()) {
        const QString deal = p.earlier.dealOpen ? tr("deal %1 (open)").arg(p.earlier.dealRef)
                                                : tr("deal %1 (closed)").arg(p.earlier.dealRef);
        what = tr("%1 will be linked to %2 of %3").arg(b, deal, a);
    } else {
        what = tr("%1 will be linked to %2, which has no deal yet").arg(b, a);
    }
    if (!p.newer.dealRef.isEmpty() && p.newer.dealRef != p.earlier.dealRef)
        what += tr("; B's own deal %1 is set aside on B's record").arg(p.newer.dealRef);
    return tr("Merge: %1. Nothing is deleted, and undo restores B exactly.").arg(what);
}

QString DuplicateWords::time(const QDateTime &at)
{
    return timeTextToday(at);
}

QString DuplicateWords::decision(PairStatus status, const QString &word, const QString &by,
                                 const QDateTime &at, const QString &note)
{
    QString s;
    switch (status) {
    case PairStatus::Merged:
        s = tr("merged by %1 at %2").arg(by, time(at));
        break;
    case PairStatus::Rejected:
        s = tr("kept separate by %1 at %2").arg(by, time(at));
        break;
    case PairStatus::Open:
        s = tr("open");
        break;
    case PairStatus::Unknown:
        s = word;
        break;
    }
    if (!note.isEmpty())
        s += tr(" (note: %1)").arg(note);
    return s;
}

} // namespace inbox
