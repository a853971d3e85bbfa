#pragma once

#include <QFrame>

namespace inbox {

// One figure of the Overview (a caption, the value, a note). A tile given an action is a
// button in all but look: focusable (Tab), activated by a click, Enter or Space, with a
// pointing-hand cursor and an accessible description saying where it leads.
class FigureTile final : public QFrame
{
    Q_OBJECT
public:
    explicit FigureTile(QWidget *parent = nullptr);

    // Makes the tile lead somewhere; `where` is its accessible description and tooltip line.
    void setAction(const QString &where);
    bool hasAction() const { return m_action; }

signals:
    void activated();

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    bool m_action = false;
    bool m_pressed = false;
};

} // namespace inbox
