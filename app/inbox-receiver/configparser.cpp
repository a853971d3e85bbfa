#include "configparser.h"

namespace inbox::front {

QList<ConfigSection> ConfigParser::parse(const QString &fileName, const QByteArray &text,
                                         QStringList *errors, const QString &mainSection,
                                         bool sourceSections, const QString &namedKind)
{
    const QString expected = sourceSections
                                 ? QStringLiteral("[%1] or [%2 NAME]").arg(mainSection, namedKind)
                                 : QStringLiteral("[%1]").arg(mainSection);
    QList<ConfigSection> sections;
    const QList<QByteArray> lines = text.split('\n');
    auto fail = [&](int line, const QString &what) {
        errors->append(QStringLiteral("%1:%2: %3").arg(fileName).arg(line).arg(what));
    };
    for (int i = 0; i < lines.size(); ++i) {
        const int lineNo = i + 1;
        QByteArray raw = lines.at(i);
        if (raw.endsWith('\r'))
            raw.chop(1);
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) ||
            line.startsWith(QLatin1Char(';')))
            continue;
        if (line.startsWith(QLatin1Char('['))) {
            if (!line.endsWith(QLatin1Char(']'))) {
                fail(lineNo, QStringLiteral("a section header must end with ']'"));
                continue;
            }
            const QStringList words =
                line.mid(1, line.size() - 2).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            ConfigSection section;
            section.line = lineNo;
            if (words.size() == 1 && words.at(0) == mainSection) {
                section.kind = words.at(0);
            } else if (words.size() == 2 && words.at(0) == namedKind) {
                section.kind = words.at(0);
                section.name = words.at(1);
            } else {
                fail(lineNo,
                     QStringLiteral("unknown section \"%1\": expected %2").arg(line, expected));
                section.kind = QStringLiteral("invalid");
            }
            sections.append(section);
            continue;
        }
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            fail(lineNo, QStringLiteral("expected \"key = value\""));
            continue;
        }
        if (sections.isEmpty()) {
            fail(lineNo, QStringLiteral("\"%1\" comes before any section (%2)")
                             .arg(line.left(eq).trimmed(), expected));
            continue;
        }
        sections.last().entries.append(
            {line.left(eq).trimmed(), line.mid(eq + 1).trimmed(), lineNo});
    }
    return sections;
}

} // namespace inbox::front
