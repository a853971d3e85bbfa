// extract(), knownAdapters() and checkRules(): the table from an adapter's name to its pair
// of functions (adapters.h).
#include "adapters.h"
#include "adaptersupport.h"

namespace receiver {

namespace {

struct Adapter
{
    const char *name;
    Extraction (*extract)(const SourceRules &, const HttpRequest &);
    QStringList (*check)(const SourceRules &);
};

const Adapter kAdapters[] = {
    {"json", adapters::extractJson, adapters::checkJson},
    {"telegram", adapters::extractTelegram, adapters::checkTelegram},
    {"stripe", adapters::extractStripe, adapters::checkStripe},
    {"standard-webhooks", adapters::extractStandardWebhooks, adapters::checkStandardWebhooks},
    {"bitrix24", adapters::extractBitrix24, adapters::checkBitrix24},
    {"amocrm", adapters::extractAmocrm, adapters::checkAmocrm},
    {"yookassa", adapters::extractYookassa, adapters::checkYookassa},
    {"form", adapters::extractForm, adapters::checkForm},
};

const Adapter *find(const QString &name)
{
    for (const Adapter &adapter : kAdapters) {
        if (name == QLatin1String(adapter.name))
            return &adapter;
    }
    return nullptr;
}

} // namespace

Extraction extract(const SourceRules &rules, const HttpRequest &request)
{
    const Adapter *adapter = find(rules.adapter);
    if (!adapter) // checkRules refuses this at start; never guess an adapter for a delivery
        return support::refuse(Refusal::Malformed, "unknown_adapter");
    return adapter->extract(rules, request);
}

QStringList knownAdapters()
{
    QStringList names;
    for (const Adapter &adapter : kAdapters)
        names.append(QLatin1String(adapter.name));
    return names;
}

QString checkRules(const SourceRules &rules)
{
    QStringList problems;
    if (rules.source.isEmpty())
        problems.append(QStringLiteral("the source has no name"));
    const Adapter *adapter = find(rules.adapter);
    if (!adapter) {
        problems.append(QStringLiteral("unknown adapter \"%1\" (known: %2)")
                            .arg(rules.adapter, knownAdapters().join(QStringLiteral(", "))));
        return problems.join(QStringLiteral("; "));
    }
    for (const QByteArray &secret : rules.secrets) {
        if (secret.isEmpty()) {
            problems.append(QStringLiteral("a secret is empty (secret_file or secret_env)"));
            break;
        }
    }
    if (rules.toleranceSeconds <= 0)
        problems.append(QStringLiteral("tolerance must be a positive number of seconds"));
    problems.append(adapter->check(rules));
    return problems.join(QStringLiteral("; "));
}

} // namespace receiver
