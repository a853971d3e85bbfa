#pragma once

#include <QMainWindow>

namespace inbox {

class ConnectionPage;
class Session;

// The frame: menus, status bar, and one widget per screen. Screens do their own work.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    Session *session() const { return m_session; }
    ConnectionPage *connectionPage() const { return m_connectionPage; }

    // Opens the window already connecting to `conninfo` (the --db option or PG* environment).
    void connectTo(const QString &conninfo);

private:
    void about();

    Session *m_session;
    ConnectionPage *m_connectionPage;
};

} // namespace inbox
