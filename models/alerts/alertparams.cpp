#include "alerts/alertparams.h"

#include <QRegularExpression>

namespace inbox {

const QStringList &AlertParams::kinds()
{
    static const QStringList names{
        QStringLiteral("stuck"),         QStringLiteral("failed"),
        QStringLiteral("repeat_share"),  QStringLiteral("failure_share"),
        QStringLiteral("silent_source"), QStringLiteral("duplicates_age"),
        QStringLiteral("destination"),   QStringLiteral("poll_source")};
    return names;
}

const QStringList &AlertParams::severities()
{
    static const QStringList names{QStringLiteral("info"), QStringLiteral("warning"),
                                   QStringLiteral("critical")};
    return names;
}

QVector<AlertParams::Param> AlertParams::params(const QString &kind)
{
    const auto share = [](const char *minVolume) {
        return QVector<Param>{
            {QStringLiteral("factor"), false, 1, 100, QStringLiteral("2.0")},
            {QStringLiteral("min_rise"), false, 0, 1, QStringLiteral("0.05")},
            {QStringLiteral("min_volume"), true, 0, 1e9, QString::fromLatin1(minVolume)},
            {QStringLiteral("min_baseline_days"), true, 1, 14, QStringLiteral("3")},
            {QStringLiteral("ceiling"), false, 0, 1, QStringLiteral("0.20")}};
    };
    if (kind == QLatin1String("stuck"))
        return {{QStringLiteral("minutes"), true, 1, 10080, QStringLiteral("30")}};
    if (kind == QLatin1String("failed"))
        return {{QStringLiteral("min_failures"), true, 1, 100000, QStringLiteral("1")}};
    if (kind == QLatin1String("repeat_share"))
        return share("50");
    if (kind == QLatin1String("failure_share"))
        return share("20");
    if (kind == QLatin1String("silent_source"))
        return {{QStringLiteral("gap_factor"), false, 1, 1000, QStringLiteral("3")},
                {QStringLiteral("gap_minutes"), true, 1, 43200, QString()}};
    if (kind == QLatin1String("duplicates_age"))
        return {{QStringLiteral("hours"), true, 1, 8760, QStringLiteral("24")}};
    if (kind == QLatin1String("destination"))
        return {{QStringLiteral("destination"), false, 1, 64, QString(), Type::Text},
                {QStringLiteral("backlog_minutes"), true, 1, 10080, QStringLiteral("30")},
                {QStringLiteral("on_pause"), false, 0, 0, QStringLiteral("true"), Type::Flag}};
    if (kind == QLatin1String("poll_source"))
        return {{QStringLiteral("minutes"), true, 1, 10080, QStringLiteral("30")},
                {QStringLiteral("on_stop"), false, 0, 0, QStringLiteral("true"), Type::Flag}};
    return {};
}

QString AlertParams::fieldOf(const QString &message)
{
    static const QRegularExpression head(QStringLiteral("^p_([a-z_]+)(?:\\.([a-z_]+))?"));
    const QRegularExpressionMatch m = head.match(message);
    if (!m.hasMatch())
        return {};
    const QString argument = m.captured(1);
    if (argument == QLatin1String("params") && !m.captured(2).isEmpty())
        return QStringLiteral("params.") + m.captured(2);
    return argument;
}

} // namespace inbox
