#pragma once

#include <QCoreApplication>
#include <QKeySequence>
#include <QString>
#include <QVector>

class QObject;
class QTabWidget;
class QWidget;

namespace inbox {

// Every keyboard shortcut of a window, read from its QActions and QShortcuts at run time, so
// the list in Help cannot fall behind the code.
struct ShortcutEntry
{
    QKeySequence keys;
    QString description; // the action's text (with its menu), or the QShortcut's whatsThis
    QString where;       // the screen (tab) it works on, or empty for everywhere
    int order = 0;       // 0 everywhere, then the tab's position + 1
    const QObject *source = nullptr; // the QAction or QShortcut
};

class ShortcutList final
{
    Q_DECLARE_TR_FUNCTIONS(inbox::ShortcutList)
public:
    // `tabs` (optional) names the screen a shortcut belongs to.
    static QVector<ShortcutEntry> collect(const QWidget *window, const QTabWidget *tabs);
    static QString html(const QVector<ShortcutEntry> &entries);
};

} // namespace inbox
