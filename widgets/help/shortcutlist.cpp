#include "help/shortcutlist.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QSet>
#include <QShortcut>
#include <QTabWidget>

#include <algorithm>

namespace inbox {

namespace {

QString plain(QString text)
{
    // "&Refresh" -> "Refresh", "Export CSV..." -> "Export CSV"; "&&" stays a literal "&".
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    while (text.endsWith(QLatin1Char('.')) || text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text.trimmed();
}

// The screen a widget sits on: the tab page that holds it.
void placeOf(const QWidget *widget, const QTabWidget *tabs, ShortcutEntry *entry)
{
    if (!tabs || !widget)
        return;
    for (int i = 0; i < tabs->count(); ++i) {
        // By the object tree: isAncestorOf() stops at a popup menu, a window of its own.
        const QWidget *page = tabs->widget(i);
        for (const QObject *o = widget; o; o = o->parent()) {
            if (o == page) {
                entry->where = plain(tabs->tabText(i));
                entry->order = i + 1;
                return;
            }
        }
    }
}

QString actionText(const QAction *action)
{
    QString text = plain(action->text());
    // The menu it is in, as people see it: "View > Refresh".
    for (const QObject *o : action->associatedObjects()) {
        if (const auto *menu = qobject_cast<const QMenu *>(o); menu && !menu->title().isEmpty())
            return plain(menu->title()) + QStringLiteral(" \u203a ") + text;
    }
    return text;
}

} // namespace

QVector<ShortcutEntry> ShortcutList::collect(const QWidget *window, const QTabWidget *tabs)
{
    QVector<ShortcutEntry> out;
    if (!window)
        return out;
    // Actions: those owned anywhere under the window, plus those only added to it.
    QList<QAction *> actions = window->findChildren<QAction *>();
    actions += window->actions();
    QSet<const QAction *> seen;
    for (const QAction *a : std::as_const(actions)) {
        if (seen.contains(a) || a->isSeparator())
            continue;
        seen.insert(a);
        for (const QKeySequence &keys : a->shortcuts()) {
            if (keys.isEmpty())
                continue;
            ShortcutEntry e;
            e.keys = keys;
            e.description = actionText(a);
            e.source = a;
            // Window-wide unless the action lives on one screen.
            if (a->shortcutContext() != Qt::ApplicationShortcut &&
                a->shortcutContext() != Qt::WindowShortcut)
                placeOf(qobject_cast<const QWidget *>(a->parent()), tabs, &e);
            out << e;
        }
    }
    for (const QShortcut *s : window->findChildren<QShortcut *>()) {
        const QString description = s->whatsThis().isEmpty() ? s->objectName() : s->whatsThis();
        for (const QKeySequence &keys : s->keys()) {
            if (keys.isEmpty())
                continue;
            ShortcutEntry e;
            e.keys = keys;
            e.description = description;
            e.source = s;
            placeOf(qobject_cast<const QWidget *>(s->parent()), tabs, &e);
            out << e;
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const ShortcutEntry &a, const ShortcutEntry &b) {
        return a.order < b.order;
    });
    return out;
}

QString ShortcutList::html(const QVector<ShortcutEntry> &entries)
{
    QString html = QStringLiteral("<h2>%1</h2><p>%2</p>")
                       .arg(tr("Keyboard shortcuts"),
                            tr("Read from the program itself. Screen keys work while that "
                               "screen is shown; single letters do not act while you type in "
                               "a text field. Alt with an underlined letter presses a button or "
                               "opens a menu."));
    int group = -1;
    QSet<QString> shown; // the same key and text twice (e.g. a menu and a button) once
    for (const ShortcutEntry &e : entries) {
        const QString key = e.keys.toString(QKeySequence::NativeText);
        const QString line = QString::number(e.order) + key + e.description;
        if (shown.contains(line))
            continue;
        shown.insert(line);
        if (e.order != group) {
            if (group != -1)
                html += QStringLiteral("</table>");
            group = e.order;
            html += QStringLiteral("<h3>%1</h3><table cellpadding=\"3\">")
                        .arg(e.where.isEmpty() ? tr("Everywhere")
                                               : tr("%1 screen").arg(e.where.toHtmlEscaped()));
        }
        html += QStringLiteral("<tr><td><b><code>%1</code></b></td><td>%2</td></tr>")
                    .arg(key.toHtmlEscaped(), e.description.toHtmlEscaped());
    }
    if (group != -1)
        html += QStringLiteral("</table>");
    return html;
}

} // namespace inbox
