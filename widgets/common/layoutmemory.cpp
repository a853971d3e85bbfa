#include "common/layoutmemory.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QMainWindow>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>

namespace inbox {

namespace {

const QString kGroup = QStringLiteral("layout");

// "JournalPage" from "inbox::JournalPage": stable across runs, unlike the tab's title.
QString screenKey(const QWidget *screen)
{
    return QString::fromLatin1(screen->metaObject()->className()).section(QStringLiteral("::"), -1);
}

// The screen's splitters and column headers, in construction order (stable for a version).
QList<QSplitter *> splittersOf(const QWidget *screen)
{
    return screen->findChildren<QSplitter *>();
}

QList<QHeaderView *> columnHeadersOf(const QWidget *screen)
{
    QList<QHeaderView *> out;
    for (QHeaderView *h : screen->findChildren<QHeaderView *>())
        if (h->orientation() == Qt::Horizontal)
            out << h;
    return out;
}

} // namespace

void LayoutMemory::restore(QMainWindow *window, QTabWidget *screens)
{
    QSettings s;
    s.beginGroup(kGroup);
    if (s.value(QStringLiteral("version")).toString() != QCoreApplication::applicationVersion())
        return;
    window->restoreGeometry(s.value(QStringLiteral("geometry")).toByteArray());
    for (int i = 0; i < screens->count(); ++i) {
        const QWidget *screen = screens->widget(i);
        const QString key = screenKey(screen);
        const QList<QSplitter *> splitters = splittersOf(screen);
        for (int n = 0; n < splitters.size(); ++n)
            splitters.at(n)->restoreState(
                s.value(QStringLiteral("%1/splitter%2").arg(key).arg(n)).toByteArray());
        const QList<QHeaderView *> headers = columnHeadersOf(screen);
        for (int n = 0; n < headers.size(); ++n)
            headers.at(n)->restoreState(
                s.value(QStringLiteral("%1/columns%2").arg(key).arg(n)).toByteArray());
    }
    const int tab = s.value(QStringLiteral("screen"), -1).toInt();
    if (tab >= 0 && tab < screens->count())
        screens->setCurrentIndex(tab);
}

void LayoutMemory::save(const QMainWindow *window, const QTabWidget *screens)
{
    QSettings s;
    s.remove(kGroup);
    s.beginGroup(kGroup);
    s.setValue(QStringLiteral("version"), QCoreApplication::applicationVersion());
    s.setValue(QStringLiteral("geometry"), window->saveGeometry());
    s.setValue(QStringLiteral("screen"), screens->currentIndex());
    for (int i = 0; i < screens->count(); ++i) {
        const QWidget *screen = screens->widget(i);
        const QString key = screenKey(screen);
        const QList<QSplitter *> splitters = splittersOf(screen);
        for (int n = 0; n < splitters.size(); ++n)
            s.setValue(QStringLiteral("%1/splitter%2").arg(key).arg(n),
                       splitters.at(n)->saveState());
        const QList<QHeaderView *> headers = columnHeadersOf(screen);
        for (int n = 0; n < headers.size(); ++n)
            s.setValue(QStringLiteral("%1/columns%2").arg(key).arg(n), headers.at(n)->saveState());
    }
}

void LayoutMemory::reset()
{
    QSettings().remove(kGroup);
}

} // namespace inbox
