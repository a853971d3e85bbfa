#include "common/alertcelldelegate.h"

#include "common/theme.h"

namespace inbox {

AlertCellDelegate::AlertCellDelegate(int alertRole, QObject *parent)
    : QStyledItemDelegate(parent), m_alertRole(alertRole)
{}

void AlertCellDelegate::initStyleOption(QStyleOptionViewItem *option,
                                        const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (!index.data(m_alertRole).toBool())
        return;
    option->font.setBold(true);
    const QColor red = Theme::color(Theme::Color::AlertText);
    // A selected row keeps the selection's text colour: red on the highlight is hard to read,
    // and the bold face still marks the cell.
    option->palette.setColor(QPalette::Text, red);
}

} // namespace inbox
