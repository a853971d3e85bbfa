#include "alertcelldelegate.h"

#include "theme.h"

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
    option->palette.setColor(QPalette::Text, red);
    option->palette.setColor(QPalette::HighlightedText, red);
}

} // namespace inbox
