#include "common/elidedlabel.h"

#include <QEvent>
#include <QFontMetrics>
#include <QResizeEvent>

namespace inbox {

ElidedLabel::ElidedLabel(QWidget *parent) : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    // The label takes the width the layout gives; its text never asks for more.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ElidedLabel::setFullText(const QString &text)
{
    m_full = text;
    showFitting();
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    showFitting();
}

void ElidedLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        showFitting();
}

void ElidedLabel::showFitting()
{
    // The room QLabel draws in: inside the frame and the style sheet's padding, less the margin.
    int width = contentsRect().width() - 2 * margin();
    if (indent() > 0)
        width -= indent();
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideMiddle, qMax(width, 0));
    m_elided = shown != m_full;
    if (text() != shown)
        QLabel::setText(shown);
}

} // namespace inbox
