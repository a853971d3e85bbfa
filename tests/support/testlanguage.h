#pragma once

#include <QString>
#include <QTranslator>

#include <memory>

// The program's own translation loaded in a test, as installTranslations does for the chosen
// language: its .qm file from `qmDir` (the build's, INBOX_QM_DIR) installed, and the default
// locale set to the language's (Russian numbers read "0,60"). Dropped again on drop() or when
// it goes, back to no translator and the C locale.
class TestLanguage final
{
public:
    TestLanguage() = default;
    ~TestLanguage();
    Q_DISABLE_COPY_MOVE(TestLanguage)

    // "ru" or "en"; false when its .qm cannot be loaded (nothing is installed then).
    bool use(const QString &qmDir, const QString &language);
    void drop();

    // The languages the program ships, as the rows of a test function's data: a QString
    // column "language" ("en", then "ru"), and with `column` one more QString column with what
    // each of them should show.
    static void addRows();
    static void addRows(const char *column, const QString &english, const QString &russian);

private:
    std::unique_ptr<QTranslator> m_translator;
};
