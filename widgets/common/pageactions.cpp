#include "common/pageactions.h"

#include <QAction>
#include <QWidget>

namespace inbox {

QAction *addPageAction(QWidget *page, const QString &objectName, const QString &text,
                       const QList<QKeySequence> &keys)
{
    auto *action = new QAction(text, page);
    action->setObjectName(objectName);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    page->addAction(action);
    return action;
}

} // namespace inbox
