#include "amocrmadapter.h"
#include "bitrix24adapter.h"
#include "jsonlistadapter.h"
#include "ozonadapter.h"
#include "polladapter.h"
#include "wbadapter.h"

namespace inbox::poll {

std::unique_ptr<PollAdapter> makeAdapter(const QString &name, const AdapterSettings &settings,
                                         QList<SettingProblem> *problems)
{
    if (name == QLatin1String("amocrm"))
        return makeAmoCrmAdapter(settings, problems);
    if (name == QLatin1String("bitrix24"))
        return makeBitrix24Adapter(settings, problems);
    if (name == QLatin1String("ozon"))
        return makeOzonAdapter(settings, problems);
    if (name == QLatin1String("wb"))
        return makeWbAdapter(settings, problems);
    if (name == QLatin1String("json_list"))
        return JsonListAdapter::make(settings, problems);
    problems->append(
        {QStringLiteral("adapter"), QStringLiteral("unknown adapter \"%1\"").arg(name)});
    return nullptr;
}

} // namespace inbox::poll
