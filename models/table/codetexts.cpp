#include "table/codetexts.h"

#include <QCoreApplication>

namespace inbox {

CodeTexts::CodeTexts(const char *context, std::initializer_list<Entry> entries)
    : m_context(context), m_entries(entries)
{}

QString CodeTexts::text(const QString &code) const
{
    for (const Entry &e : m_entries) {
        if (code == QLatin1String(e.code))
            return QCoreApplication::translate(m_context, e.text);
    }
    return code;
}

} // namespace inbox
