#pragma once

#include <QString>

#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

namespace inbox {

// The contract's words for an enum's values, each spelled once: the word of a value and the
// value of a word. A value or a word not in the table has none (an empty word, nullopt), so
// the caller says what an unknown word means (Unknown, Unrecognised or nothing at all).
template<typename Enum> class WordTable final
{
public:
    WordTable(std::initializer_list<std::pair<Enum, const char *>> entries) : m_entries(entries) {}

    QString word(Enum value) const
    {
        for (const auto &[known, spelled] : m_entries)
            if (known == value)
                return QLatin1String(spelled);
        return QString();
    }

    std::optional<Enum> parse(const QString &word) const
    {
        for (const auto &[value, spelled] : m_entries)
            if (word == QLatin1String(spelled))
                return value;
        return std::nullopt;
    }

private:
    std::vector<std::pair<Enum, const char *>> m_entries;
};

} // namespace inbox
