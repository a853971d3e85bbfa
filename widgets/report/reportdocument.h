#pragma once
// The Report as words and a table, for the screen's summary line and the exported PDF: what an
// owner who has never seen the console reads. The PDF is written with Qt's own PDF writer.

#include <QCoreApplication>
#include <QString>

namespace inbox {

class ComparisonModel;
struct ReportFigures;

class ReportDocument final
{
    Q_DECLARE_TR_FUNCTIONS(ReportDocument)
public:
    // Two sentences: before (share, per month, hours) and after (the same, and the repeats the
    // inbox absorbed).
    static QString summary(const ReportFigures &figures);
    // The whole report as HTML: title, the baseline's origin, the period, the summary and the
    // comparison table with its total.
    static QString html(const ComparisonModel &table);
    static bool writePdf(const ComparisonModel &table, const QString &path, QString *error);
    // The comparison table as CSV (UTF-8 with a BOM, so spreadsheet programs read the Cyrillic).
    static bool writeCsv(const ComparisonModel &table, const QString &path, QString *error);
};

} // namespace inbox
