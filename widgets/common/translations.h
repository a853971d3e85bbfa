#pragma once

#include <QString>

namespace inbox {

// Installs the console's and Qt's own translations for `language` ("ru", "en"; empty: the
// system locale). Returns the language actually in use.
QString installTranslations(const QString &language);

} // namespace inbox
