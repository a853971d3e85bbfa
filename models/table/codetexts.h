#pragma once

#include <QString>
#include <QVector>

#include <initializer_list>

namespace inbox {

// The words people read for the codes the database stores ("failed", "duplicate_merged"):
// QT_TR_NOOP texts of the owning model, translated in its context when asked for. A code
// not in the table reads as itself.
class CodeTexts final
{
public:
    struct Entry
    {
        const char *code;
        const char *text;
    };

    CodeTexts(const char *context, std::initializer_list<Entry> entries);

    QString text(const QString &code) const;

private:
    const char *m_context;
    QVector<Entry> m_entries;
};

} // namespace inbox
