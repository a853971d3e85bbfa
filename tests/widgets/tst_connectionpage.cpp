// The connect screen, driven as a person would: type a connection string, press Enter, read
// what the window says. The database work happens on the session thread; the test only waits
// for the labels, so a blocked GUI thread would show up as a timeout.
#include "connectionpage.h"
#include "mainwindow.h"
#include "migrator.h"
#include "pgcluster.h"
#include "sessionworker.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

class TestConnectionPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QString error;
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
        QVERIFY2(m_cluster.createLogin(QStringLiteral("support_sam"),
                                       {QStringLiteral("inbox_support")}, &error),
                 qPrintable(error));
    }

    void showsUserRolesAndSchema()
    {
        inbox::MainWindow window;
        window.show();
        const QString db = m_cluster.createDatabase();
        auto *conninfo = window.findChild<QLineEdit *>(QStringLiteral("conninfo"));
        QVERIFY(conninfo);
        conninfo->setText(m_cluster.conninfo(db, QStringLiteral("support_sam")));
        QTest::keyClick(conninfo, Qt::Key_Return);

        auto *user = window.findChild<QLabel *>(QStringLiteral("user"));
        auto *roles = window.findChild<QLabel *>(QStringLiteral("roles"));
        auto *schema = window.findChild<QLabel *>(QStringLiteral("schema"));
        QTRY_COMPARE_WITH_TIMEOUT(user->text(), QStringLiteral("support_sam"), 10000);
        QCOMPARE(roles->text(), QStringLiteral("inbox_support"));
        QVERIFY2(schema->text().startsWith(QString::number(inbox::Migrator::latestVersion())),
                 qPrintable(schema->text()));
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("migrate"))->isHidden());
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("error"))->isHidden());
        QVERIFY(window.session()->info().hasRole(QStringLiteral("inbox_support")));
        QVERIFY(!window.session()->info().mayRequeue());
    }

    void offersAndAppliesPendingMigrations()
    {
        QString error;
        QVERIFY2(m_cluster.execAsSuperuser(QStringLiteral("postgres"),
                                           QStringLiteral("CREATE DATABASE bare"), &error),
                 qPrintable(error));
        inbox::MainWindow window;
        window.show();
        window.connectTo(m_cluster.conninfo(QStringLiteral("bare")));
        auto *migrate = window.findChild<QPushButton *>(QStringLiteral("migrate"));
        auto *schema = window.findChild<QLabel *>(QStringLiteral("schema"));
        QTRY_VERIFY_WITH_TIMEOUT(!migrate->isHidden(), 10000);
        QVERIFY(migrate->text().contains(QString::number(inbox::Migrator::latestVersion())));

        QSignalSpy migrated(window.session(), &inbox::Session::migrated);
        QTest::mouseClick(migrate, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(migrated.count(), 1, 30000);
        QVERIFY(migrate->isHidden());
        QVERIFY2(schema->text().contains(QString::number(inbox::Migrator::latestVersion())),
                 qPrintable(schema->text()));
        QCOMPARE(window.session()->info().schemaVersion, inbox::Migrator::latestVersion());
    }

    void unreachableServerIsAClearMessage()
    {
        inbox::MainWindow window;
        window.show();
        window.connectTo(QStringLiteral("host=/nonexistent-dir dbname=x connect_timeout=2"));
        auto *error = window.findChild<QLabel *>(QStringLiteral("error"));
        QTRY_VERIFY_WITH_TIMEOUT(!error->isHidden(), 10000);
        QVERIFY2(error->text().contains(QStringLiteral("/nonexistent-dir")),
                 qPrintable(error->text()));
        QVERIFY(!window.session()->isOpen());
        // The window stays usable: the connect button is enabled again.
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("connect"))->isEnabled());
    }

    void badConnectionStringIsRefusedBeforeConnecting()
    {
        inbox::MainWindow window;
        window.connectTo(QStringLiteral("host=x no_such_option=1"));
        auto *error = window.findChild<QLabel *>(QStringLiteral("error"));
        QTRY_VERIFY_WITH_TIMEOUT(!error->isHidden(), 10000);
        QVERIFY2(error->text().contains(QStringLiteral("no_such_option")),
                 qPrintable(error->text()));
    }

    void cleanupTestCase() { m_cluster.stop(); }

private:
    PgCluster m_cluster;
};

QTEST_MAIN(TestConnectionPage)
#include "tst_connectionpage.moc"
