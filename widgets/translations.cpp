#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace inbox {

QString installTranslations(const QString &language)
{
    const QString lang =
        language.isEmpty() ? QLocale::system().name().section(QLatin1Char('_'), 0, 0) : language;
    if (lang != QLatin1String("ru"))
        return QStringLiteral("en"); // the source strings are English
    QLocale::setDefault(QLocale(QLocale::Russian, QLocale::Russia));
    auto *own = new QTranslator(qApp);
    if (own->load(QStringLiteral(":/i18n/inbox_console_ru.qm")))
        QCoreApplication::installTranslator(own);
    // Qt's own dialogs and buttons (qt6-translations-l10n).
    auto *qt = new QTranslator(qApp);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return lang;
}

} // namespace inbox
