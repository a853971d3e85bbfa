#include "alertcelldelegate.h"

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
    const bool dark = option->palette.color(QPalette::Base).lightness() < 128;
    const QColor red = dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e);
    option->palette.setColor(QPalette::Text, red);
    option->palette.setColor(QPalette::HighlightedText, red);
}

} // namespace inbox
