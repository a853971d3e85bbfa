#include "polladapter.h"

namespace inbox::poll {

std::unique_ptr<PollAdapter> makeAdapter(const QString &name, const AdapterSettings &settings,
                                         QList<SettingProblem> *problems)
{
    Q_UNUSED(settings);
    // Each adapter adds its line here: if (name == u"ozon") return makeOzonAdapter(...);
    problems->append(
        {QStringLiteral("adapter"), QStringLiteral("unknown adapter \"%1\"").arg(name)});
    return nullptr;
}

} // namespace inbox::poll
