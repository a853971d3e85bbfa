#pragma once

#include <QVariant>
#include <QVector>

#include <initializer_list>

namespace inbox {

// The titles (and optional tooltips) of a table's columns, in column order. The texts are
// QT_TR_NOOP literals of the model that owns the table; they are translated in that model's
// context when asked for, so the language can change while the program runs.
class ColumnHeaders final
{
public:
    struct Column
    {
        const char *title = nullptr;
        const char *toolTip = nullptr; // none: the header has no tooltip
    };

    ColumnHeaders(const char *context, std::initializer_list<Column> columns);
    // Columns with a title and no tooltip.
    ColumnHeaders(const char *context, std::initializer_list<const char *> titles);

    int size() const { return int(m_columns.size()); }
    // The title for Qt::DisplayRole, the tooltip for Qt::ToolTipRole; an invalid QVariant for
    // anything else (another role, a vertical header, a section out of range).
    QVariant value(int section, Qt::Orientation orientation, int role) const;

private:
    const char *m_context;
    QVector<Column> m_columns;
};

} // namespace inbox
