#include "jsonlistadapter.h"
#include "polladapter.h"

namespace inbox::poll {

std::unique_ptr<PollAdapter> makeAdapter(const QString &name, const AdapterSettings &settings,
                                         QList<SettingProblem> *problems)
{
    // Each adapter adds its line here: if (name == u"ozon") return makeOzonAdapter(...);
    if (name == QLatin1String("json_list"))
        return JsonListAdapter::make(settings, problems);
    problems->append(
        {QStringLiteral("adapter"), QStringLiteral("unknown adapter \"%1\"").arg(name)});
    return nullptr;
}

} // namespace inbox::poll
