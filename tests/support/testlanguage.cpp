#include "testlanguage.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTest>

TestLanguage::~TestLanguage()
{
    drop();
}

bool TestLanguage::use(const QString &qmDir, const QString &language)
{
    drop();
    m_translator = std::make_unique<QTranslator>();
    if (!m_translator->load(QStringLiteral("%1/inbox_console_%2.qm").arg(qmDir, language)))
        return false;
    QCoreApplication::installTranslator(m_translator.get());
    QLocale::setDefault(language == QLatin1String("ru")
                            ? QLocale(QLocale::Russian, QLocale::Russia)
                            : QLocale(QLocale::English, QLocale::UnitedStates));
    return true;
}

void TestLanguage::drop()
{
    if (m_translator)
        QCoreApplication::removeTranslator(m_translator.get());
    m_translator.reset();
    QLocale::setDefault(QLocale::c());
}

void TestLanguage::addRows()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Russian") << QStringLiteral("ru");
}

void TestLanguage::addRows(const char *column, const QString &english, const QString &russian)
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>(column);
    QTest::newRow("English") << QStringLiteral("en") << english;
    QTest::newRow("Russian") << QStringLiteral("ru") << russian;
}
