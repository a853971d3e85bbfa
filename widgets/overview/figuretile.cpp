#include "overview/figuretile.h"

#include <QKeyEvent>
#include <QMouseEvent>

namespace inbox {

FigureTile::FigureTile(QWidget *parent) : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
}

void FigureTile::setAction(const QString &where)
{
    m_action = true;
    setFocusPolicy(Qt::StrongFocus);
    setCursor(Qt::PointingHandCursor);
    setAccessibleDescription(where);
    setToolTip(toolTip().isEmpty() ? where : toolTip() + QLatin1Char('\n') + where);
}

void FigureTile::mousePressEvent(QMouseEvent *event)
{
    if (m_action && event->button() == Qt::LeftButton) {
        m_pressed = true;
        event->accept();
        return;
    }
    QFrame::mousePressEvent(event);
}

void FigureTile::mouseReleaseEvent(QMouseEvent *event)
{
    const bool click = m_pressed && event->button() == Qt::LeftButton &&
                       rect().contains(event->position().toPoint());
    m_pressed = false;
    if (click) {
        event->accept();
        emit activated();
        return;
    }
    QFrame::mouseReleaseEvent(event);
}

void FigureTile::keyPressEvent(QKeyEvent *event)
{
    if (m_action && event->modifiers() == Qt::NoModifier &&
        (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter ||
         event->key() == Qt::Key_Space)) {
        event->accept();
        emit activated();
        return;
    }
    QFrame::keyPressEvent(event);
}

void FigureTile::focusInEvent(QFocusEvent *event)
{
    // A frame draws no focus rectangle of its own: the highlight colour marks the focused tile.
    setStyleSheet(QStringLiteral("inbox--FigureTile { border: 2px solid palette(highlight); "
                                 "border-radius: 3px; }"));
    QFrame::focusInEvent(event);
}

void FigureTile::focusOutEvent(QFocusEvent *event)
{
    setStyleSheet(QString());
    QFrame::focusOutEvent(event);
}

} // namespace inbox
