#include "settings/connectionprofiles.h"

#include "db/conninfo.h"

#include <QSettings>

#include <algorithm>

namespace inbox {

namespace {
const QString kGroup = QStringLiteral("connect");
const QString kArray = QStringLiteral("profiles");
// Where and as whom a connection string connects: libpq's reading of it, sorted, without the
// keys that do not change that. nullopt when libpq cannot parse it.
std::optional<QList<QPair<QString, QString>>> destination(const QString &conninfo)
{
    const std::optional<ConnInfo> parsed = ConnInfo::parse(conninfo, nullptr);
    if (!parsed)
        return std::nullopt;
    static const QStringList kAside{QStringLiteral("password"), QStringLiteral("application_name"),
                                    QStringLiteral("fallback_application_name"),
                                    QStringLiteral("connect_timeout")};
    QList<QPair<QString, QString>> pairs;
    for (const auto &pair : parsed->pairs()) {
        if (!kAside.contains(pair.first))
            pairs << pair;
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

} // namespace

std::optional<QString> stripPassword(const QString &conninfo, bool *removed, QString *password,
                                     DbError *error)
{
    if (removed)
        *removed = false;
    const QString text = conninfo.trimmed();
    std::optional<ConnInfo> parsed = ConnInfo::parse(text, error);
    if (!parsed)
        return std::nullopt;
    if (!parsed->contains(QStringLiteral("password")))
        return text;
    if (removed)
        *removed = true;
    if (password)
        *password = parsed->value(QStringLiteral("password"));
    return parsed->toRedactedString();
}

ConnectionProfiles::ConnectionProfiles(QSettings *settings)
    : m_settings(settings ? settings : new QSettings), m_owned(settings == nullptr)
{}

ConnectionProfiles::~ConnectionProfiles()
{
    if (m_owned)
        delete m_settings;
}

QString ConnectionProfiles::fileName() const
{
    return m_settings->fileName();
}

QVector<ConnectionProfile> ConnectionProfiles::profiles() const
{
    QVector<ConnectionProfile> out;
    m_settings->beginGroup(kGroup);
    const int n = m_settings->beginReadArray(kArray);
    for (int i = 0; i < n; ++i) {
        m_settings->setArrayIndex(i);
        ConnectionProfile p{m_settings->value(QStringLiteral("name")).toString(),
                            m_settings->value(QStringLiteral("conninfo")).toString(),
                            m_settings->value(QStringLiteral("readFrom")).toString()};
        if (p.name.isEmpty())
            continue;
        // A file edited by hand may hold a password: never hand it on.
        bool removed = false;
        if (std::optional<QString> clean = stripPassword(p.conninfo, &removed))
            p.conninfo = *clean;
        if (std::optional<QString> clean = stripPassword(p.readFrom, &removed))
            p.readFrom = *clean;
        out << p;
    }
    m_settings->endArray();
    m_settings->endGroup();
    std::sort(out.begin(), out.end(), [](const ConnectionProfile &a, const ConnectionProfile &b) {
        return QString::localeAwareCompare(a.name, b.name) < 0;
    });
    return out;
}

std::optional<ConnectionProfile> ConnectionProfiles::find(const QString &name) const
{
    for (const ConnectionProfile &p : profiles()) {
        if (p.name == name)
            return p;
    }
    return std::nullopt;
}

void ConnectionProfiles::write(const QVector<ConnectionProfile> &profiles)
{
    m_settings->beginGroup(kGroup);
    m_settings->setValue(QStringLiteral("profilesVersion"), kFormatVersion);
    m_settings->remove(kArray);
    m_settings->beginWriteArray(kArray, int(profiles.size()));
    for (int i = 0; i < profiles.size(); ++i) {
        m_settings->setArrayIndex(i);
        m_settings->setValue(QStringLiteral("name"), profiles.at(i).name);
        m_settings->setValue(QStringLiteral("conninfo"), profiles.at(i).conninfo);
        if (profiles.at(i).readFrom.isEmpty())
            m_settings->remove(QStringLiteral("readFrom"));
        else
            m_settings->setValue(QStringLiteral("readFrom"), profiles.at(i).readFrom);
    }
    m_settings->endArray();
    m_settings->endGroup();
    m_settings->sync();
}

ConnectionProfiles::Saved ConnectionProfiles::save(const QString &name, const QString &conninfo,
                                                   const QString &readFrom)
{
    Saved result;
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty()) {
        result.error = DbError::plain(QStringLiteral("a profile needs a name"));
        return result;
    }
    const std::optional<QString> clean =
        stripPassword(conninfo, &result.passwordRemoved, &result.password, &result.error);
    if (!clean)
        return result;
    bool readPasswordRemoved = false;
    std::optional<QString> cleanRead = QString();
    if (!readFrom.trimmed().isEmpty())
        cleanRead = stripPassword(readFrom, &readPasswordRemoved, nullptr, &result.error);
    if (!cleanRead)
        return result;
    result.passwordRemoved = result.passwordRemoved || readPasswordRemoved;
    QVector<ConnectionProfile> all = profiles();
    auto it = std::find_if(all.begin(), all.end(),
                           [&](const ConnectionProfile &p) { return p.name == trimmed; });
    if (it != all.end()) {
        it->conninfo = *clean;
        it->readFrom = *cleanRead;
    } else {
        all << ConnectionProfile{trimmed, *clean, *cleanRead};
    }
    write(all);
    result.ok = m_settings->status() == QSettings::NoError;
    if (!result.ok)
        result.error = DbError::plain(QStringLiteral("cannot write %1").arg(fileName()));
    result.conninfo = *clean;
    result.readFrom = *cleanRead;
    return result;
}

bool ConnectionProfiles::remove(const QString &name)
{
    QVector<ConnectionProfile> all = profiles();
    const auto before = all.size();
    all.erase(std::remove_if(all.begin(), all.end(),
                             [&](const ConnectionProfile &p) { return p.name == name; }),
              all.end());
    if (all.size() == before)
        return false;
    write(all);
    if (lastUsed() == name)
        setLastUsed(QString());
    return true;
}

bool ConnectionProfiles::sameConnection(const QString &a, const QString &b)
{
    if (a.trimmed() == b.trimmed())
        return true;
    const auto first = destination(a.trimmed());
    return first && first == destination(b.trimmed());
}

QString ConnectionProfiles::matching(const QString &conninfo) const
{
    const QString text = conninfo.trimmed();
    const auto wanted = destination(text);
    const QString last = lastUsed();
    QString sameText, sameSettings;
    for (const ConnectionProfile &p : profiles()) {
        if (p.conninfo.trimmed() == text) {
            if (sameText.isEmpty() || p.name == last)
                sameText = p.name;
        } else if (wanted && destination(p.conninfo) == wanted) {
            if (sameSettings.isEmpty() || p.name == last)
                sameSettings = p.name;
        }
    }
    return sameText.isEmpty() ? sameSettings : sameText;
}

QString ConnectionProfiles::lastUsed() const
{
    return m_settings->value(kGroup + QStringLiteral("/lastProfile")).toString();
}

void ConnectionProfiles::setLastUsed(const QString &name)
{
    m_settings->setValue(kGroup + QStringLiteral("/lastProfile"), name);
    m_settings->sync();
}

} // namespace inbox
