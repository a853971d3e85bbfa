#pragma once

#include <QStyledItemDelegate>

namespace inbox {

// An event status as a shape, a colour and the word, so it reads without colour too:
// received = open circle, processing = half-filled circle, done = filled circle with a tick,
// failed = filled square with a cross. The raw status comes from the model's raw-value role.
class StatusDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit StatusDelegate(int rawRole, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    static QColor colorFor(const QString &status);
    // Draws the badge for `status` into `box` (a square), on `backing` if that is valid.
    static void paintBadge(QPainter *painter, const QRectF &box, const QString &status,
                           const QColor &backing = QColor());

private:
    int m_rawRole;
};

} // namespace inbox
