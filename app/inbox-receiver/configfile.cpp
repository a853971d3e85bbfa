#include "configfile.h"

#include "receiverconfig.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>

namespace inbox::front {

ConfigFile::ConfigFile(const QString &path, QStringList *errors) : m_path(path), m_errors(errors) {}

bool ConfigFile::read(const QString &mainSection, bool sourceSections, const QString &namedKind)
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_errors->append(QStringLiteral("%1: cannot read: %2").arg(m_path, file.errorString()));
        return false;
    }
    m_sections = ConfigParser::parse(m_path, file.readAll(), m_errors, mainSection, sourceSections,
                                     namedKind);
    return true;
}

QString ConfigFile::dir() const
{
    return QFileInfo(m_path).absolutePath();
}

void ConfigFile::fail(int line, const QString &what) const
{
    m_errors->append(QStringLiteral("%1:%2: %3").arg(m_path).arg(line).arg(what));
}

void ConfigFile::integer(const ConfigEntry &entry, int min, int max, int *out) const
{
    bool ok = false;
    const int n = entry.value.toInt(&ok);
    if (!ok || n < min || n > max)
        fail(entry.line, QStringLiteral("%1 must be a whole number %2..%3, not \"%4\"")
                             .arg(entry.key)
                             .arg(min)
                             .arg(max)
                             .arg(entry.value));
    else
        *out = n;
}

void ConfigFile::listen(const ConfigEntry &entry, ListenAddress *out) const
{
    QString error;
    if (!parseListen(entry.value, out, &error))
        fail(entry.line, error);
}

bool ConfigFile::databaseKey(const ConfigEntry &entry, QString *conninfo, QString *password) const
{
    if (entry.key == QLatin1String("database")) {
        *conninfo = entry.value;
        if (entry.value.contains(QLatin1String("password")))
            fail(entry.line, QStringLiteral("database must not hold a password: use "
                                            "database_password_file or a passfile"));
        return true;
    }
    if (entry.key == QLatin1String("database_password_file")) {
        QByteArray secret;
        QString error;
        if (!readSecretFile(dir(), entry.value, &secret, &error))
            fail(entry.line, error);
        *password = QString::fromUtf8(secret);
        return true;
    }
    return false;
}

void ConfigFile::refuseRepeat(const ConfigEntry &entry, QHash<QString, int> *seen) const
{
    if (seen->contains(entry.key))
        fail(entry.line, QStringLiteral("%1 is already set on line %2")
                             .arg(entry.key)
                             .arg(seen->value(entry.key)));
    seen->insert(entry.key, entry.line);
}

} // namespace inbox::front
