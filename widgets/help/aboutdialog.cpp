#include "help/aboutdialog.h"

#include "db/migrator.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QTabWidget>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <fmt/core.h>
#include <libpq-fe.h>
#include <spdlog/version.h>

namespace inbox {

namespace {

// Where the full texts are on a Debian system: the package's copyright file (the licence
// per file, as Debian verified it) and the common licence texts.
QString fileLink(const QString &path)
{
    const QString escaped = path.toHtmlEscaped();
    if (!QFileInfo::exists(path))
        return QStringLiteral("<code>%1</code>").arg(escaped);
    return QStringLiteral("<a href=\"%1\"><code>%2</code></a>")
        .arg(QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded), escaped);
}

QString row(const QString &label, const QString &value)
{
    return QStringLiteral("<tr><td style=\"padding-right: 12px\"><b>%1</b></td><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), value);
}

QString versionText(int encoded)
{
    // libpq: 150020 = 15.20 (major * 10000 + minor) since PostgreSQL 10.
    return QStringLiteral("%1.%2").arg(encoded / 10000).arg(encoded % 10000);
}

} // namespace

AboutDialog::AboutDialog(const ServerInfo &server, bool connected, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Inbox Console"));
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("aboutTabs"));
    const auto page = [this](const QString &html, const QString &name, const QString &label) {
        auto *text = new QTextBrowser(this);
        text->setObjectName(name);
        text->setAccessibleName(label);
        text->setOpenExternalLinks(true);
        text->setHtml(html);
        return text;
    };
    tabs->addTab(page(aboutHtml(server, connected), QStringLiteral("aboutText"), tr("About")),
                 tr("&About"));
    tabs->addTab(page(licencesHtml(), QStringLiteral("licencesText"), tr("Licences")),
                 tr("&Licences"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(tabs, 1);
    layout->addWidget(buttons);
    // Big enough for the licence notes without scrolling sideways, in the font in use.
    const QFontMetrics fm = fontMetrics();
    resize(fm.horizontalAdvance(QLatin1Char('m')) * 60, fm.height() * 30);
}

QString AboutDialog::aboutHtml(const ServerInfo &server, bool connected)
{
    QString html = QStringLiteral("<h2>%1 %2</h2><p>%3</p><table>")
                       .arg(tr("Inbox Console"), QStringLiteral(INBOX_VERSION).toHtmlEscaped(),
                            tr("The operator console of the shared inbox database: the journal, "
                               "what needs attention, possible duplicates and the audit of what "
                               "people did."));
    html += row(tr("Program version"), QStringLiteral(INBOX_VERSION).toHtmlEscaped());
    html += row(tr("Schema version it carries"), QString::number(Migrator::latestVersion()));
    html += row(tr("Qt at run time"),
                QString::fromLatin1(qVersion()).toHtmlEscaped() + QStringLiteral(" (") +
                    tr("built with %1").arg(QStringLiteral(QT_VERSION_STR)) + QLatin1Char(')'));
    html += row(tr("libpq"), versionText(PQlibVersion()));
    html += QStringLiteral("</table><h3>%1</h3>").arg(tr("Connection"));
    if (!connected) {
        html += QStringLiteral("<p>%1</p>").arg(tr("Not connected."));
        return html;
    }
    html += QStringLiteral("<table>");
    QString schema = QString::number(server.schemaVersion);
    if (server.schemaMissing())
        schema = tr("no inbox schema");
    else if (server.schemaNewer())
        schema = tr("%1 (newer than this program)").arg(server.schemaVersion);
    else if (server.schemaBehind())
        schema = tr("%1 (older than this program)").arg(server.schemaVersion);
    html += row(tr("Database schema version"), schema.toHtmlEscaped());
    html += row(tr("Server"), server.serverVersion.toHtmlEscaped());
    html += row(tr("Database"), server.database.toHtmlEscaped());
    html += row(
        tr("User"),
        (server.superuser ? tr("%1 (superuser)").arg(server.user) : server.user).toHtmlEscaped());
    html += row(tr("Inbox roles"), server.roles.isEmpty()
                                       ? tr("none")
                                       : server.roles.join(QStringLiteral(", ")).toHtmlEscaped());
    html += QStringLiteral("</table>");
    return html;
}

QString AboutDialog::licencesHtml()
{
    const QString doc = QStringLiteral("/usr/share/doc/");
    const QString common = QStringLiteral("/usr/share/common-licenses/");
    QString html;
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("Inbox Console"),
                     tr("Inbox Console is free software: you may redistribute it and/or "
                        "modify it under the terms of the GNU General Public License, version "
                        "3 or (at your option) any later version (GPL-3.0-or-later). It comes "
                        "with no warranty. Full text: %1.")
                         .arg(fileLink(common + QStringLiteral("GPL-3"))));
    html += QStringLiteral("<p>%1 %2</p>")
                .arg(tr("The notices below are installed with the package in"),
                     fileLink(doc + QStringLiteral("inbox-console/copyright")));

    html += QStringLiteral("<h3>Qt %1</h3><p>%2</p><p>%3</p>")
                .arg(QString::fromLatin1(qVersion()),
                     tr("Qt Core, Gui, Widgets, Sql (with its PostgreSQL driver): GNU Lesser "
                        "General Public License version 3 (LGPL-3.0), as Debian distributes "
                        "them (Debian: \"LGPL-3 or GPL-2\"). Qt is linked as shared libraries, "
                        "so you may replace them with your own build. Full text: %1; "
                        "details: %2.")
                         .arg(fileLink(common + QStringLiteral("LGPL-3")),
                              fileLink(doc + QStringLiteral("libqt6core6/copyright"))),
                     tr("Source code: Debian's source package qt6-base (apt-get source "
                        "qt6-base) or the Qt Company's archive at %1.")
                         .arg(QStringLiteral("<a href=\"https://download.qt.io/archive/qt/\">"
                                             "https://download.qt.io/archive/qt/</a>")));

    html += QStringLiteral("<h3>Qt Charts</h3><p>%1</p>")
                .arg(tr("GNU General Public License version 3 or later (GPL-3.0-or-later): "
                        "Debian builds Qt Charts under the GPL only, not the LGPL. Because "
                        "Inbox Console links Qt Charts (the Overview's charts), whoever "
                        "distributes this build of Inbox Console must do so under the terms "
                        "of the GPL-3.0, with its complete source code. Full text: %1; "
                        "details: %2. Source: Debian's source package qt6-charts.")
                         .arg(fileLink(common + QStringLiteral("GPL-3")),
                              fileLink(doc + QStringLiteral("libqt6charts6/copyright"))));

    html += QStringLiteral("<h3>libpq %1</h3><p>%2</p>")
                .arg(versionText(PQlibVersion()),
                     tr("The PostgreSQL client library: PostgreSQL Licence (a permissive licence "
                        "like BSD or MIT), © the PostgreSQL Global Development Group and the "
                        "Regents of the University of California. Full text: %1.")
                         .arg(fileLink(doc + QStringLiteral("libpq5/copyright"))));

    html += QStringLiteral("<h3>spdlog %1.%2.%3</h3><p>%4</p>")
                .arg(SPDLOG_VER_MAJOR)
                .arg(SPDLOG_VER_MINOR)
                .arg(SPDLOG_VER_PATCH)
                .arg(tr("Logging: MIT licence, © Gabi Melman. Full text: %1.")
                         .arg(fileLink(doc + QStringLiteral("libspdlog1.10/copyright"))));

    html += QStringLiteral("<h3>fmt %1.%2.%3</h3><p>%4</p>")
                .arg(FMT_VERSION / 10000)
                .arg(FMT_VERSION / 100 % 100)
                .arg(FMT_VERSION % 100)
                .arg(tr("Text formatting (used by spdlog): MIT licence with an optional "
                        "exception for embedded object code, © Victor Zverovich. Full text: %1.")
                         .arg(fileLink(doc + QStringLiteral("libfmt9/copyright"))));
    return html;
}

} // namespace inbox
