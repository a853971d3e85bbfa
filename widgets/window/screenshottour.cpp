#include "window/screenshottour.h"

#include "common/theme.h"
#include "db/consolecontext.h"
#include "support/logging.h"
#include "window/mainwindow.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QDir>
#include <QTabWidget>
#include <QTimer>
#include <spdlog/spdlog.h>

namespace inbox {

ScreenshotTour::ScreenshotTour(MainWindow *window, const QString &directory,
                               const QString &language)
    : QObject(window), m_window(window), m_tabs(window->findChild<QTabWidget *>()),
      m_directory(directory), m_language(language.isEmpty() ? QStringLiteral("system") : language)
{}

void ScreenshotTour::start()
{
    if (!m_tabs || !QDir().mkpath(m_directory)) {
        logger("ui")->error("screenshots: no tabs or cannot create {}", m_directory.toStdString());
        QTimer::singleShot(0, this, [this] { finish(1); });
        return;
    }
    m_window->resize(1400, 900);
    auto begin = [this] {
        if (m_started)
            return;
        m_started = true;
        QTimer::singleShot(kSettleMs, this, [this] { showScreen(0); });
    };
    connect(m_window->context(), &ConsoleContext::connected, this, begin);
    if (m_window->context()->isConnected())
        begin();
    QTimer::singleShot(kConnectMs, this, [this] {
        if (!m_started) {
            logger("ui")->error("screenshots: not connected after {} s", kConnectMs / 1000);
            finish(1);
        }
    });
}

void ScreenshotTour::showScreen(int index)
{
    if (index >= m_tabs->count()) {
        finish(0);
        return;
    }
    m_tabs->setCurrentIndex(index);
    // The first row of the screen's first list, so its detail pane shows something.
    const auto views = m_tabs->widget(index)->findChildren<QAbstractItemView *>();
    QTimer::singleShot(kSettleMs / 2, this, [views] {
        for (QAbstractItemView *view : views) {
            if (view->isVisible() && view->model() && view->model()->rowCount() > 0) {
                view->setCurrentIndex(view->model()->index(0, 0));
                break;
            }
        }
    });
    QTimer::singleShot(kSettleMs, this, [this, index] { saveScreen(index); });
}

void ScreenshotTour::saveScreen(int index)
{
    QString name = QString::fromLatin1(m_tabs->widget(index)->metaObject()->className())
                       .section(QStringLiteral("::"), -1)
                       .toLower();
    name.remove(QStringLiteral("page"));
    const QString path =
        QStringLiteral("%1/%2-%3-%4.png")
            .arg(m_directory, m_language + (Theme::isDark() ? QStringLiteral("-dark") : QString()))
            .arg(index + 1, 2, 10, QLatin1Char('0'))
            .arg(name);
    if (!m_window->grab().save(path)) {
        logger("ui")->error("screenshots: could not write {}", path.toStdString());
        finish(1);
        return;
    }
    logger("ui")->info("screenshot {}", path.toStdString());
    showScreen(index + 1);
}

void ScreenshotTour::finish(int code)
{
    QCoreApplication::exit(code);
}

} // namespace inbox
