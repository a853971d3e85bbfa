#pragma once
// One service configuration file as its loader judges it (ReceiverConfig, inbox-alerts'
// AlertsConfig): the file read and split into sections by ConfigParser, and the checks both
// loaders make the same way. Every error goes to the caller's list as "file:line: what".

#include "configparser.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace inbox::front {

struct ListenAddress;

class ConfigFile final
{
public:
    ConfigFile(const QString &path, QStringList *errors);

    // Reads and parses the file (`mainSection` and `sourceSections` as ConfigParser::parse
    // takes them). False, with "file: cannot read: why" in the errors, when it cannot be read.
    bool read(const QString &mainSection, bool sourceSections,
              const QString &namedKind = QStringLiteral("source"));

    const QList<ConfigSection> &sections() const { return m_sections; }
    // The folder relative secret file names are read from.
    QString dir() const;

    void fail(int line, const QString &what) const;
    // `entry` as a whole number min..max into *out; otherwise an error, *out left as it was.
    void integer(const ConfigEntry &entry, int min, int max, int *out) const;
    // `entry` as a listening address (parseListen) into *out; otherwise an error.
    void listen(const ConfigEntry &entry, ListenAddress *out) const;
    // The database keys: `database` (a conninfo, which must not hold a password) and
    // `database_password_file`. True when `entry` is one of them; its value is then taken.
    bool databaseKey(const ConfigEntry &entry, QString *conninfo, QString *password) const;
    // A key set twice in one section: "key is already set on line N" when `seen` (the
    // section's keys so far, with their lines) holds it; then `entry` is recorded there.
    void refuseRepeat(const ConfigEntry &entry, QHash<QString, int> *seen) const;

private:
    QString m_path;
    QStringList *m_errors;
    QList<ConfigSection> m_sections;
};

} // namespace inbox::front
