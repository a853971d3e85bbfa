#pragma once

#include <QStyledItemDelegate>

namespace inbox {

// Numbers that need a person's eye (a model says so through its alert role) are drawn bold
// in red; the rest as usual.
class AlertCellDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    AlertCellDelegate(int alertRole, QObject *parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    int m_alertRole;
};

} // namespace inbox
