// inbox-console: the desktop console, plus headless commands for scripts and CI.
#include "commandline.h"
#include "common/translations.h"
#include "navigation/consolelink.h"
#include "reportcommand.h"
#include "support/logging.h"
#include "window/mainwindow.h"
#include "window/screenshottour.h"
#include "window/settingsdialog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <memory>
#include <optional>

namespace {

bool isHeadless(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "migrate" || a == "report" || a == "--self-test" || a == "--version" ||
            a == "-v" || a == "--help" || a == "-h" || a == "--help-all")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    // Headless runs must work without a display (CI, servers): no QApplication for them.
    std::unique_ptr<QCoreApplication> app(isHeadless(argc, argv) ? new QCoreApplication(argc, argv)
                                                                 : new QApplication(argc, argv));
    QCoreApplication::setOrganizationName(QStringLiteral("inbox-console"));
    QCoreApplication::setApplicationName(QStringLiteral("inbox-console"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INBOX_VERSION));
    // `report` has options of its own (reportcommand.h).
    if (app->arguments().contains(QStringLiteral("report"))) {
        inbox::setupLogging(QStringLiteral("inbox-console"), false);
        return inbox::cli::report(app->arguments());
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Console for the shared inbox database.\n\n"
                "The database is given the libpq way: --db with a connection string "
                "(key=value or postgresql:// URI, service=NAME), or the PG* environment "
                "variables (PGHOST, PGDATABASE, PGUSER, PGSERVICE...). Passwords come from "
                "~/.pgpass or the service file, never from settings."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dbOption(QStringLiteral("db"),
                                      QCoreApplication::translate("main", "Connect to CONNINFO."),
                                      QStringLiteral("CONNINFO"));
    const QCommandLineOption readFromOption(
        QStringLiteral("read-from"),
        QCoreApplication::translate("main", "With --db: the screens read from this hot standby "
                                            "(a connection string; keys it leaves out come from "
                                            "--db); every action still goes to --db."),
        QStringLiteral("CONNINFO"));
    const QCommandLineOption selfTestOption(
        QStringLiteral("self-test"),
        QCoreApplication::translate("main", "Connect, check the schema version and exit "
                                            "(0 when the database is ready)."));
    const QCommandLineOption langOption(
        QStringLiteral("lang"),
        QCoreApplication::translate("main",
                                    "Interface language: en or ru (default: the system's)."),
        QStringLiteral("LANG"));
    const QCommandLineOption screenshotsOption(
        QStringLiteral("screenshots"),
        QCoreApplication::translate("main", "Once connected, save a picture of every screen "
                                            "into DIR and exit."),
        QStringLiteral("DIR"));
    const QCommandLineOption openOption(
        QStringLiteral("open"),
        QCoreApplication::translate(
            "main", "Open LINK (inbox-console://open?..., from Copy link) at its place, "
                    "connecting with the saved connection profile it names."),
        QStringLiteral("LINK"));
    parser.addOption(dbOption);
    parser.addOption(readFromOption);
    parser.addOption(openOption);
    parser.addOption(selfTestOption);
    parser.addOption(langOption);
    parser.addOption(screenshotsOption);
    parser.addPositionalArgument(
        QStringLiteral("command"),
        QCoreApplication::translate("main", "migrate: apply pending schema migrations and exit. "
                                            "report: the Report (see report --help)."),
        QStringLiteral("[migrate | report]"));
    parser.process(inbox::cli::withoutEmptyOpen(app->arguments()));

    const QString conninfo = parser.value(dbOption);
    const QStringList positional = parser.positionalArguments();
    // A URL handler may pass the link bare, without --open.
    const QString link =
        parser.isSet(openOption) ? parser.value(openOption) : inbox::cli::linkArgument(positional);
    if (!positional.isEmpty() && link.isEmpty()) {
        if (positional.size() > 1 || positional.first() != QLatin1String("migrate")) {
            std::fprintf(stderr, "inbox-console: unknown command '%s' (try --help)\n",
                         qPrintable(positional.join(QLatin1Char(' '))));
            return 64;
        }
        inbox::setupLogging(QStringLiteral("inbox-console"), false);
        return inbox::cli::migrate(conninfo);
    }
    if (parser.isSet(selfTestOption)) {
        inbox::setupLogging(QStringLiteral("inbox-console"), false);
        return inbox::cli::selfTest(conninfo);
    }

    inbox::setupLogging(QStringLiteral("inbox-console"), false);
    // The stored theme and a pending layout reset, before the window restores its layout.
    inbox::SettingsDialog::applyAtStart();
    inbox::installTranslations(parser.isSet(langOption) ? parser.value(langOption)
                                                        : inbox::SettingsDialog::storedLanguage());
    inbox::MainWindow window;
    window.show();
    // A link that names a profile connects with it (MainWindow::open); otherwise --db, or the
    // PG* environment, opens the window already connected, and a link opens once it is.
    const std::optional<inbox::ConsoleLink> parsed =
        link.isEmpty() ? std::nullopt : inbox::ConsoleLink::fromUrl(link);
    const bool linkConnects = parsed && !parsed->profile().isEmpty();
    if (!linkConnects &&
        (parser.isSet(dbOption) || qEnvironmentVariableIsSet("PGDATABASE") ||
         qEnvironmentVariableIsSet("PGHOST") || qEnvironmentVariableIsSet("PGSERVICE")))
        window.connectTo(conninfo, parser.value(readFromOption));
    if (!link.isEmpty() && !window.openLink(link))
        std::fprintf(stderr, "inbox-console: the link was not opened (see the window)\n");
    if (parser.isSet(screenshotsOption)) {
        auto *tour = new inbox::ScreenshotTour(&window, parser.value(screenshotsOption),
                                               parser.value(langOption));
        tour->start();
    }
    return app->exec();
}
