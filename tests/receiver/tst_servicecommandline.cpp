// The services' shared command line (app/service): the parser alone, for every rule, then the
// two real programs, inbox-receiver and inbox-alerts, answering the same command lines the
// same way (their usage differs only by inbox-alerts' --once).
#include "programrun.h"
#include "servicecommandline.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using inbox::service::ServiceCommandLine;

namespace {
const QString kName = QStringLiteral("inbox-x");
const QString kOnce = QStringLiteral("--once");

ServiceCommandLine parse(const QStringList &args)
{
    return ServiceCommandLine::parse(kName, {kOnce}, QStringList{QStringLiteral("/bin/x")} + args);
}

ProgramRun run(const QString &program, const QStringList &args)
{
    return runProgram(program, args, 20000);
}
} // namespace

class TestServiceCommandLine final : public QObject
{
    Q_OBJECT

private slots:
    void usageNamesTheProgramAndItsFlags()
    {
        QCOMPARE(ServiceCommandLine::usage(kName, {}),
                 QStringLiteral("usage: inbox-x --config FILE [--log-level "
                                "trace|debug|info|warn|error]\n"
                                "       inbox-x --check-config FILE\n"
                                "       inbox-x --version\n"));
        QCOMPARE(ServiceCommandLine::usage(kName, {kOnce, QStringLiteral("--dry")}),
                 QStringLiteral("usage: inbox-x --config FILE [--once] [--dry] [--log-level "
                                "trace|debug|info|warn|error]\n"
                                "       inbox-x --check-config FILE\n"
                                "       inbox-x --version\n"));
    }

    void runsWithAConfiguration_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("checkOnly");
        QTest::addColumn<QString>("level");
        QTest::addColumn<bool>("once");
        QTest::newRow("config") << QStringList{QStringLiteral("--config"), QStringLiteral("a")}
                                << "a" << false << "" << false;
        QTest::newRow("check") << QStringList{QStringLiteral("--check-config"), QStringLiteral("b")}
                               << "b" << true << "" << false;
        QTest::newRow("level and flag")
            << QStringList{QStringLiteral("--log-level"), QStringLiteral("debug"), kOnce,
                           QStringLiteral("--config"), QStringLiteral("c")}
            << "c" << false << "debug" << true;
        // The last of --config and --check-config counts; a flag may repeat.
        QTest::newRow("last file wins")
            << QStringList{QStringLiteral("--config"),       QStringLiteral("a"), kOnce, kOnce,
                           QStringLiteral("--check-config"), QStringLiteral("b")}
            << "b" << true << "" << true;
        QTest::newRow("check then config")
            << QStringList{QStringLiteral("--check-config"), QStringLiteral("b"),
                           QStringLiteral("--config"), QStringLiteral("a")}
            << "a" << false << "" << false;
        // A value is taken as it is, even one that looks like an option.
        QTest::newRow("value like an option")
            << QStringList{QStringLiteral("--config"), QStringLiteral("--version")} << "--version"
            << false << "" << false;
    }
    void runsWithAConfiguration()
    {
        QFETCH(QStringList, args);
        const ServiceCommandLine c = parse(args);
        QVERIFY2(!c.exitCode(), qPrintable(c.err()));
        QCOMPARE(c.program(), kName);
        QTEST(c.configPath(), "path");
        QTEST(c.checkOnly(), "checkOnly");
        QTEST(c.logLevel(), "level");
        QTEST(c.has(kOnce), "once");
        QVERIFY(!c.has(QStringLiteral("--other")));
        QVERIFY(c.out().isEmpty());
        QVERIFY(c.err().isEmpty());
    }

    void endsTheProgram_data()
    {
        const QString usage = ServiceCommandLine::usage(kName, {kOnce});
        const QString version = QStringLiteral("inbox-x " INBOX_VERSION "\n");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("out");
        QTest::addColumn<QString>("err");
        QTest::newRow("nothing") << QStringList{} << 2 << "" << usage;
        QTest::newRow("version") << QStringList{QStringLiteral("--version")} << 0 << version << "";
        QTest::newRow("help") << QStringList{QStringLiteral("--help")} << 0 << usage << "";
        QTest::newRow("-h") << QStringList{QStringLiteral("-h")} << 0 << usage << "";
        QTest::newRow("unknown") << QStringList{QStringLiteral("--bogus")} << 2 << ""
                                 << QStringLiteral("inbox-x: unknown argument --bogus\n") + usage;
        QTest::newRow("--config=FILE")
            << QStringList{QStringLiteral("--config=a")} << 2 << ""
            << QStringLiteral("inbox-x: unknown argument --config=a\n") + usage;
        // An option without its value is an unknown argument, named as given.
        QTest::newRow("config without a file")
            << QStringList{QStringLiteral("--config")} << 2 << ""
            << QStringLiteral("inbox-x: unknown argument --config\n") + usage;
        QTest::newRow("check without a file")
            << QStringList{QStringLiteral("--config"), QStringLiteral("a"),
                           QStringLiteral("--check-config")}
            << 2 << "" << QStringLiteral("inbox-x: unknown argument --check-config\n") + usage;
        QTest::newRow("level without a value")
            << QStringList{QStringLiteral("--config"), QStringLiteral("a"),
                           QStringLiteral("--log-level")}
            << 2 << "" << QStringLiteral("inbox-x: unknown argument --log-level\n") + usage;
        QTest::newRow("empty file name")
            << QStringList{QStringLiteral("--config"), QString()} << 2 << "" << usage;
        QTest::newRow("level but no file")
            << QStringList{QStringLiteral("--log-level"), QStringLiteral("debug")} << 2 << ""
            << usage;
        QTest::newRow("flag but no file") << QStringList{kOnce} << 2 << "" << usage;
        // The first argument that ends the program decides.
        QTest::newRow("version first")
            << QStringList{QStringLiteral("--version"), QStringLiteral("--bogus")} << 0 << version
            << "";
        QTest::newRow("unknown first")
            << QStringList{QStringLiteral("--bogus"), QStringLiteral("--version")} << 2 << ""
            << QStringLiteral("inbox-x: unknown argument --bogus\n") + usage;
        QTest::newRow("version after a good start")
            << QStringList{QStringLiteral("--config"), QStringLiteral("a"), kOnce,
                           QStringLiteral("--version")}
            << 0 << version << "";
        QTest::newRow("no end of options")
            << QStringList{QStringLiteral("--"), QStringLiteral("--version")} << 2 << ""
            << QStringLiteral("inbox-x: unknown argument --\n") + usage;
    }
    void endsTheProgram()
    {
        QFETCH(QStringList, args);
        const ServiceCommandLine c = parse(args);
        QVERIFY(c.exitCode().has_value());
        QTEST(*c.exitCode(), "code");
        QTEST(c.out(), "out");
        QTEST(c.err(), "err");
    }

    // Both programs, as processes: the same rules, each with its own name and flags.
    void bothProgramsAnswerTheSame_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("receiver") << QStringLiteral(INBOX_RECEIVER_BIN) << "inbox-receiver"
                                  << QStringList{};
        QTest::newRow("alerts") << QStringLiteral(INBOX_ALERTS_BIN) << "inbox-alerts"
                                << QStringList{kOnce};
    }
    void bothProgramsAnswerTheSame()
    {
        QFETCH(QString, program);
        QFETCH(QString, name);
        QFETCH(QStringList, flags);
        const QString usage = ServiceCommandLine::usage(name, flags);

        ProgramRun r = run(program, {QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, name + QStringLiteral(" " INBOX_VERSION "\n"));
        QCOMPARE(r.err, QString());

        r = run(program, {QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, usage);

        r = run(program, {QStringLiteral("--bogus")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, name + QStringLiteral(": unknown argument --bogus\n") + usage);

        r = run(program, {QStringLiteral("--config")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, name + QStringLiteral(": unknown argument --config\n") + usage);

        r = run(program, {});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, usage);

        // Only inbox-alerts knows --once; the receiver refuses it before reading any file.
        r = run(program, {QStringLiteral("--once"), QStringLiteral("--check-config"),
                          QStringLiteral("/nonexistent/x.conf")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, flags.contains(kOnce)
                            ? name + QStringLiteral(": /nonexistent/x.conf: cannot read: No such "
                                                    "file or directory\n")
                            : name + QStringLiteral(": unknown argument --once\n") + usage);

        // A configuration's errors, each named by file:line, prefixed with the program's name;
        // exit 2 before anything starts.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("bad.conf"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("# a comment\n[nonsense]\n");
        file.close();
        r = run(program, {QStringLiteral("--check-config"), path});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.out, QString());
        QVERIFY2(r.err.startsWith(name + QStringLiteral(": ") + path +
                                  QStringLiteral(":2: unknown section \"[nonsense]\"")),
                 qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestServiceCommandLine)
#include "tst_servicecommandline.moc"
