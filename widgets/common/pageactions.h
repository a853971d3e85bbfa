#pragma once

#include <QKeySequence>
#include <QList>

class QAction;
class QWidget;

namespace inbox {

// A keyboard action of one screen: a QAction on the page (so the Help's shortcut list finds
// it and names the screen), its keys live only while the focus is within that page, which
// lets two screens use the same key for their own thing.
QAction *addPageAction(QWidget *page, const QString &objectName, const QString &text,
                       const QList<QKeySequence> &keys);

} // namespace inbox
