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
    // English is a translation too: the source texts say "%n event(s)", and only the
    // English .qm turns that into "1 event" and "250 events".
    if (lang != QLatin1String("ru")) {
        auto *english = new QTranslator(qApp);
        if (english->load(QStringLiteral(":/i18n/inbox_console_en.qm")))
            QCoreApplication::installTranslator(english);
        return QStringLiteral("en");
    }
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
