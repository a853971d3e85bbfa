#pragma once

#include "db/dberror.h"

#include <QString>
#include <QVector>

#include <optional>

class QSettings;

namespace inbox {

// A saved place to connect to: a name and a libpq connection string (key=value, URI or
// service=NAME), and optionally a standby the screens read from (readFrom: a connection string
// whose missing keys come from conninfo, db/readroute.h). Never a password.
struct ConnectionProfile
{
    QString name;
    QString conninfo;
    QString readFrom;
};

// The connection string without any password in it (key=value or URI form). With no
// password the text is kept as typed; with one it comes back as key='value' pairs.
// `password` receives what was removed (to keep in memory), `removed` whether anything was.
// nullopt when libpq cannot parse the text.
std::optional<QString> stripPassword(const QString &conninfo, bool *removed,
                                     QString *password = nullptr, DbError *error = nullptr);

// Saved profiles in QSettings (the user's config file), format version 1:
//   [connect] profilesVersion=1, lastProfile=NAME, profiles/size,
//   profiles/N/name|conninfo|readFrom (readFrom absent: none; older files read the same)
class ConnectionProfiles final
{
public:
    static constexpr int kFormatVersion = 1;

    // Without a QSettings, the application's default one.
    explicit ConnectionProfiles(QSettings *settings = nullptr);
    ~ConnectionProfiles();
    Q_DISABLE_COPY_MOVE(ConnectionProfiles)

    QVector<ConnectionProfile> profiles() const; // by name
    std::optional<ConnectionProfile> find(const QString &name) const;

    struct Saved
    {
        bool ok = false;
        bool passwordRemoved = false;
        QString conninfo; // what was stored
        QString readFrom; // what was stored of it
        QString password; // what was removed, for the caller to keep in memory only
        DbError error;
    };
    // Adds or replaces the profile `name` (names are case-sensitive, trimmed, not empty).
    // A password in `readFrom` is removed as well (and not handed back: type it once, for both).
    Saved save(const QString &name, const QString &conninfo, const QString &readFrom = QString());
    bool remove(const QString &name);

    // The saved profile that connects where `conninfo` does, "" when none does: one with the
    // same text first, else one with the same settings as libpq reads them (the same keys
    // and values in any order or form, key=value or URI), leaving aside the password and the
    // keys that do not change where or as whom it connects (application_name,
    // connect_timeout). Among several, the last used one.
    QString matching(const QString &conninfo) const;
    // `a` and `b` connect to the same place as the same user in that sense (same text, or the
    // same settings); false when libpq cannot read either.
    static bool sameConnection(const QString &a, const QString &b);

    QString lastUsed() const;
    void setLastUsed(const QString &name);

    QString fileName() const;

private:
    void write(const QVector<ConnectionProfile> &profiles);

    QSettings *m_settings;
    bool m_owned;
};

} // namespace inbox
