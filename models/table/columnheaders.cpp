#include "table/columnheaders.h"

#include <QCoreApplication>

namespace inbox {

ColumnHeaders::ColumnHeaders(const char *context, std::initializer_list<Column> columns)
    : m_context(context), m_columns(columns)
{}

ColumnHeaders::ColumnHeaders(const char *context, std::initializer_list<const char *> titles)
    : m_context(context)
{
    m_columns.reserve(int(titles.size()));
    for (const char *title : titles)
        m_columns.append(Column{title});
}

QVariant ColumnHeaders::value(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.size())
        return {};
    const Column &c = m_columns.at(section);
    const char *text = role == Qt::DisplayRole   ? c.title
                       : role == Qt::ToolTipRole ? c.toolTip
                                                 : nullptr;
    if (!text)
        return {};
    return QCoreApplication::translate(m_context, text);
}

} // namespace inbox
