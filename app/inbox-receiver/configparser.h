#pragma once
// The receiver's configuration file read as sections of `key = value` lines, every entry with
// its line number, so each later error can name file:line. Knows nothing of what the keys
// mean (ReceiverConfig does).
//
//   # a comment (also ';'), blank lines ignored
//   [receiver]
//   listen = 0.0.0.0:8080
//   [source telegram]
//   secret_file = telegram.secret

#include <QList>
#include <QString>
#include <QStringList>

namespace inbox::front {

struct ConfigEntry
{
    QString key;
    QString value; // trimmed; may be empty
    int line = 0;
};

struct ConfigSection
{
    QString kind; // the main section's word, or the named sections' ("source", "destination")
    QString name; // the source's name; empty for [receiver]
    int line = 0;
    QList<ConfigEntry> entries;
};

class ConfigParser final
{
public:
    // Parses `text` read from `fileName`. Errors ("file:line: what") go to *errors.
    // `mainSection` names the one-word section ("receiver"; inbox-alerts reads "alerts").
    // `sourceSections`: the file may also hold [source NAME] (the receiver's); the errors
    // name only the sections the file may hold ([source ...] is still read, for the caller
    // to refuse in its own words). `namedKind` is the word of the named sections: "source",
    // or "destination" for inbox-dispatcher's [destination NAME].
    static QList<ConfigSection> parse(const QString &fileName, const QByteArray &text,
                                      QStringList *errors,
                                      const QString &mainSection = QStringLiteral("receiver"),
                                      bool sourceSections = true,
                                      const QString &namedKind = QStringLiteral("source"));
};

} // namespace inbox::front
