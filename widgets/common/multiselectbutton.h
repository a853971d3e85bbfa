#pragma once

#include <QPair>
#include <QStringList>
#include <QToolButton>
#include <QVariantList>
#include <QVector>

class QListWidget;

namespace inbox {

// A filter button with a drop-down list of checkable values that stays open while ticking
// several. Nothing ticked means "all". The button text says what is chosen.
class MultiSelectButton final : public QToolButton
{
    Q_OBJECT
public:
    MultiSelectButton(const QString &title, QWidget *parent = nullptr);

    // (value, label) pairs; ticked values that are still offered stay ticked.
    void setOptions(const QVector<QPair<QString, QString>> &options);
    // Options from a one-column query (sources, kinds): each value shown as it is.
    static QVector<QPair<QString, QString>> plainOptions(const QVector<QVariantList> &rows);
    QStringList options() const;
    QStringList selected() const;
    void setSelected(const QStringList &values); // emits selectionChanged if it changed
    // What the button says when nothing is ticked, where that means "none" rather than "all".
    void setNothingText(const QString &text);
    QListWidget *list() const { return m_list; }

signals:
    void selectionChanged(const QStringList &values);

private:
    void updateText();
    void fitList(); // the list as tall as its rows (up to 14)

    QString m_title;
    QString m_nothingText;
    QListWidget *m_list;
    QStringList m_last;
    bool m_filling = false;
};

} // namespace inbox
