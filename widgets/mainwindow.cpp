#include "mainwindow.h"

#include "connectionpage.h"
#include "migrator.h"
#include "sessionworker.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace inbox {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new Session(this)),
      m_connectionPage(new ConnectionPage(m_session, this))
{
    setWindowTitle(tr("Inbox Console"));
    setCentralWidget(m_connectionPage);
    resize(900, 600);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Inbox Console"), this, &MainWindow::about);

    auto *state = new QLabel(tr("Not connected"), this);
    statusBar()->addPermanentWidget(state);
    connect(m_session, &Session::opened, state, [state](const ServerInfo &info) {
        state->setText(
            tr("%1 @ %2, schema %3").arg(info.user, info.database).arg(info.schemaVersion));
    });
    connect(m_session, &Session::migrated, state, [state](const ServerInfo &info) {
        state->setText(
            tr("%1 @ %2, schema %3").arg(info.user, info.database).arg(info.schemaVersion));
    });
    connect(m_session, &Session::failed, state, [state] { state->setText(tr("Not connected")); });
}

void MainWindow::connectTo(const QString &conninfo)
{
    m_connectionPage->setConnInfo(conninfo);
    m_connectionPage->connectNow();
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About Inbox Console"),
                       tr("<b>Inbox Console</b> %1<br>Schema version %2<br>"
                          "Built with Qt %3, PostgreSQL libpq and spdlog.")
                           .arg(QStringLiteral(INBOX_VERSION))
                           .arg(Migrator::latestVersion())
                           .arg(QString::fromLatin1(qVersion())));
}

} // namespace inbox
