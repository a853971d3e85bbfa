#pragma once

#include <QLabel>

namespace inbox {

// A one-line label for a value that has no place to wrap (an e-mail address, a phone, an id):
// when the width runs short it shows "…" in the middle instead of cutting the end off, so a
// cut value never passes for a whole one. The whole value stays in text() and the tooltip.
class ElidedLabel final : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    const QString &fullText() const { return m_full; }
    bool isElided() const { return m_elided; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void showFitting();

    QString m_full;
    bool m_elided = false;
};

} // namespace inbox
