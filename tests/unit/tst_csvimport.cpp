#include "report/importpreview.h"

#include <QTest>

class TestCsvImport final : public QObject
{
    Q_OBJECT
private slots:
    void placeholder() {}
};

QTEST_GUILESS_MAIN(TestCsvImport)
#include "tst_csvimport.moc"
