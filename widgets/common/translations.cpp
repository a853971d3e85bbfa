#include "common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace inbox {

namespace {

// One of the program's own .qm files, embedded under :/i18n.
void installOwn(const QString &lang)
{
    auto *own = new QTranslator(qApp);
    if (own->load(QStringLiteral(":/i18n/inbox_console_%1.qm").arg(lang)))
        QCoreApplication::installTranslator(own);
    else
        delete own;
}

} // namespace

QString installTranslations(const QString &language)
{
    const QString lang =
        language.isEmpty() ? QLocale::system().name().section(QLatin1Char('_'), 0, 0) : language;
    // English is a translation too: the source texts say "%n event(s)", and only the
    // English .qm turns that into "1 event" and "250 events".
    if (lang != QLatin1String("ru")) {
        // Numbers in English read "1,234" whatever the system's locale is (C or POSIX on
        // servers gives "1234"); an English system locale keeps its own country's ways.
        const QLocale system = QLocale::system();
        QLocale::setDefault(system.language() == QLocale::English
                                ? system
                                : QLocale(QLocale::English, QLocale::UnitedStates));
        installOwn(QStringLiteral("en"));
        return QStringLiteral("en");
    }
    QLocale::setDefault(QLocale(QLocale::Russian, QLocale::Russia));
    installOwn(QStringLiteral("ru"));
    // Qt's own dialogs and buttons (qt6-translations-l10n).
    auto *qt = new QTranslator(qApp);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return lang;
}

} // namespace inbox
