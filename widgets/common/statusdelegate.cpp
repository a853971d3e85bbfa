#include "common/statusdelegate.h"

#include "common/theme.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace inbox {

StatusDelegate::StatusDelegate(int rawRole, QObject *parent)
    : QStyledItemDelegate(parent), m_rawRole(rawRole)
{}

QColor StatusDelegate::colorFor(const QString &status)
{
    return Theme::statusColor(status);
}

void StatusDelegate::paintBadge(QPainter *painter, const QRectF &box, const QString &status,
                                const QColor &backing)
{
    const QColor color = colorFor(status);
    const QRectF r = box.adjusted(1.5, 1.5, -1.5, -1.5);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    if (backing.isValid()) {
        // On a selection colour the shape sits on a disc of the base colour, so an outline
        // in a similar hue stays visible.
        painter->setPen(Qt::NoPen);
        painter->setBrush(backing);
        painter->drawRoundedRect(box, 3, 3);
    }
    QPen pen(color, 1.6);
    painter->setPen(pen);
    if (status == QLatin1String("received")) {
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(r);
    } else if (status == QLatin1String("processing")) {
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(r);
        painter->setBrush(color);
        painter->drawPie(r, 90 * 16, 180 * 16);
    } else if (status == QLatin1String("done")) {
        painter->setBrush(color);
        painter->drawEllipse(r);
        QPen tick(Theme::color(Theme::Color::OnStatus), 1.8);
        painter->setPen(tick);
        QPainterPath path;
        path.moveTo(r.left() + r.width() * 0.25, r.top() + r.height() * 0.52);
        path.lineTo(r.left() + r.width() * 0.43, r.top() + r.height() * 0.70);
        path.lineTo(r.left() + r.width() * 0.76, r.top() + r.height() * 0.32);
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(path);
    } else if (status == QLatin1String("failed")) {
        painter->setBrush(color);
        painter->drawRect(r);
        QPen cross(Theme::color(Theme::Color::OnStatus), 1.8);
        painter->setPen(cross);
        const QRectF c =
            r.adjusted(r.width() * 0.27, r.height() * 0.27, -r.width() * 0.27, -r.height() * 0.27);
        painter->drawLine(c.topLeft(), c.bottomRight());
        painter->drawLine(c.topRight(), c.bottomLeft());
    } else if (status == QLatin1String("pruned")) {
        // A kept key (the event removed by retention): the outline of what was there.
        pen.setStyle(Qt::DotLine);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(r);
    } else {
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(r);
    }
    painter->restore();
}

void StatusDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                           const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const int side = qMin(opt.rect.height() - 6, opt.fontMetrics.height());
    const QRectF badge(opt.rect.left() + 4, opt.rect.center().y() - side / 2.0 + 0.5, side, side);
    const bool selected = opt.state & QStyle::State_Selected;
    paintBadge(painter, badge, index.data(m_rawRole).toString(),
               selected ? opt.palette.color(QPalette::Base) : QColor());

    const QRect textRect = opt.rect.adjusted(side + 10, 0, -2, 0);
    painter->save();
    painter->setPen(opt.palette.color(opt.state & QStyle::State_Selected ? QPalette::HighlightedText
                                                                         : QPalette::Text));
    painter->drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                      opt.fontMetrics.elidedText(text, Qt::ElideRight, textRect.width()));
    painter->restore();
}

QSize StatusDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.rwidth() += option.fontMetrics.height() + 10;
    return s;
}

} // namespace inbox
