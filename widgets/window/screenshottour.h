#pragma once

#include <QObject>
#include <QString>

class QTabWidget;

namespace inbox {

class MainWindow;

// `inbox-console --screenshots DIR`: once connected, shows every screen in turn, selects the
// first row of its lists so the detail panes have something to show, waits for the data and
// saves the window as DIR/<lang>[-dark]-<NN>-<screen>.png; then quits (exit code 0, or 1 when the
// connection or a file failed). For the README's pictures, taken from the running program.
class ScreenshotTour final : public QObject
{
    Q_OBJECT
public:
    ScreenshotTour(MainWindow *window, const QString &directory, const QString &language);
    void start();

    static constexpr int kSettleMs = 2500;   // data loaded, live counters arrived
    static constexpr int kConnectMs = 30000; // give up when not connected by then

private:
    void showScreen(int index);
    void saveScreen(int index);
    void finish(int code);

    MainWindow *m_window;
    QTabWidget *m_tabs = nullptr;
    QString m_directory;
    QString m_language;
    bool m_started = false;
};

} // namespace inbox
