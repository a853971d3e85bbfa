#pragma once

#include <QMainWindow>

class QLabel;
class QTabWidget;

namespace inbox {

class ConnectionPage;
class ConsoleContext;
class Session;

// The frame: menus, the connection banner, the status bar and one tab per screen. Screens
// do their own work; the window only tells them when the connection comes and goes.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    Session *session() const { return m_session; }
    ConsoleContext *context() const { return m_context; }
    ConnectionPage *connectionPage() const { return m_connectionPage; }

    // Opens the window already connecting to `conninfo` (the --db option or PG* environment).
    void connectTo(const QString &conninfo);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void addScreen(QWidget *screen, const QString &title);
    void onOpened();

    Session *m_session;
    ConsoleContext *m_context;
    ConnectionPage *m_connectionPage;
    QTabWidget *m_tabs;
    QLabel *m_banner;
    QLabel *m_state;
};

} // namespace inbox
