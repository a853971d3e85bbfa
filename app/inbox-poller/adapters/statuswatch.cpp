#include "statuswatch.h"

#include <QJsonArray>

namespace inbox::poll {

StatusWatchSettings readStatusWatchSettings(const AdapterSettings &settings, bool withEvery,
                                            QList<SettingProblem> *problems)
{
    StatusWatchSettings out;
    const QString on = settings.options.value(QStringLiteral("statuses"), QStringLiteral("on"));
    if (on != QLatin1String("on") && on != QLatin1String("off"))
        problems->append({QStringLiteral("statuses"), QStringLiteral("statuses is on or off")});
    out.on = on != QLatin1String("off");
    const auto number = [&](const char *key, int lo, int hi, int *value, const QString &what) {
        const QString name = QString::fromLatin1(key);
        if (!settings.options.contains(name))
            return;
        bool ok = false;
        const int v = settings.options.value(name).toInt(&ok);
        if (!ok || v < lo || v > hi)
            problems->append(
                {name, QStringLiteral("%1 is %2 from %3 to %4").arg(name, what).arg(lo).arg(hi)});
        else
            *value = v;
    };
    number("status_days", 1, 90, &out.days, QStringLiteral("a number of days"));
    if (withEvery)
        number("status_every", 600, 86400, &out.everyS, QStringLiteral("a number of seconds"));
    return out;
}

bool isIdKey(QStringView key)
{
    if (key.isEmpty() || key.size() > 20)
        return false;
    for (const QChar c : key) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    }
    return true;
}

bool isPostingKey(QStringView key)
{
    if (key.isEmpty() || key.size() > 64)
        return false;
    for (const QChar c : key) {
        if (!(c.isDigit() && c.unicode() < 128) &&
            !((c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
              (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))) &&
            c != QLatin1Char('-'))
            return false;
    }
    return true;
}

bool readWatch(const QJsonObject &cursor, bool (*keyOk)(QStringView), QJsonObject *watch,
               QString *error)
{
    const QJsonValue value = cursor.value(QLatin1String("watch"));
    if (value.isUndefined()) {
        *watch = QJsonObject();
        return true;
    }
    if (!value.isObject()) {
        *error = QStringLiteral("the cursor's watch is not an object");
        return false;
    }
    *watch = value.toObject();
    for (auto it = watch->constBegin(); it != watch->constEnd(); ++it) {
        const QJsonArray entry = it.value().toArray();
        if (!keyOk(it.key()) || entry.size() != 2 || !entry.at(0).isDouble() ||
            !entry.at(1).isString()) {
            *error = QStringLiteral("the cursor's watch entry %1 is not a key with [seconds, "
                                    "\"status\"]")
                         .arg(it.key().left(24));
            return false;
        }
    }
    return true;
}

QString watchedStatus(const QJsonObject &watch, const QString &key)
{
    return watch.value(key).toArray().at(1).toString();
}

void watchStatus(QJsonObject *watch, const QString &key, qint64 createdS, const QString &status)
{
    const QJsonArray known = watch->value(key).toArray();
    const double created = known.isEmpty() ? double(createdS) : known.at(0).toDouble();
    watch->insert(key, QJsonArray{created, status});
}

void forgetOlderThan(QJsonObject *watch, qint64 oldestS)
{
    for (auto it = watch->begin(); it != watch->end();) {
        if (it.value().toArray().at(0).toDouble() < double(oldestS))
            it = watch->erase(it);
        else
            ++it;
    }
}

} // namespace inbox::poll
