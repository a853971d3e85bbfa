// inbox-alerts' configuration errors name what its file may hold: [alerts] only, never the
// receiver's [source NAME] (the two share ConfigParser; the receiver's words stay its own).
#include "alertsconfig.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using inbox::alerts::AlertsConfig;

class TestAlertsConfig final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // The errors of loading `text` as an alerts file, joined by newlines.
    QString errorsOf(const QByteArray &text)
    {
        const QString path = m_dir.filePath(QStringLiteral("alerts.conf"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return QStringLiteral("cannot write %1").arg(path);
        f.write(text);
        f.close();
        QStringList errors, warnings;
        AlertsConfig::load(path, &errors, &warnings);
        return errors.join(QLatin1Char('\n'));
    }

private slots:
    void sectionErrorsNameOnlyAlerts()
    {
        QVERIFY(m_dir.isValid());
        const QByteArray good = "[alerts]\ndatabase = dbname=inbox\n";
        QString e = errorsOf(good + "[alert]\nx = 1\n");
        QVERIFY2(e.contains(QLatin1String(":3: unknown section \"[alert]\": expected [alerts]")),
                 qPrintable(e));
        QVERIFY2(!e.contains(QLatin1String("source NAME")), qPrintable(e));

        e = errorsOf("database = dbname=inbox\n" + good);
        QVERIFY2(e.contains(QLatin1String(":1: \"database\" comes before any section ([alerts])")),
                 qPrintable(e));
        QVERIFY2(!e.contains(QLatin1String("source NAME")), qPrintable(e));

        // A receiver's section is refused in inbox-alerts' own words.
        e = errorsOf(good + "[source crm]\n");
        QVERIFY2(e.contains(QLatin1String(":3: inbox-alerts has no [source] sections")),
                 qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TestAlertsConfig)
#include "tst_alertsconfig.moc"
