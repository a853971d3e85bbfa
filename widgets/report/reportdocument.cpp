#include "report/reportdocument.h"

#include "report/comparisonmodel.h"
#include "report/reportfigures.h"
#include "support/timetext.h"

#include <QLocale>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

namespace inbox {

namespace {

QString number(double value, int decimals = 0)
{
    return QLocale().toString(value, 'f', decimals);
}

QString percent(double share)
{
    return QLocale().toString(share * 100, 'f', 1) + QLatin1Char('%');
}

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1Char('"'), QLatin1String("\"\"")) +
           QLatin1Char('"');
}

} // namespace

QString ReportDocument::summary(const ReportFigures &f)
{
    return tr("Before the inbox: %1 of %2 rows were duplicates, %3 for a person per 30 days, "
              "%4 hours of a manager at %5 minutes each. With the inbox: repeats absorbed %6 "
              "(%7 of %8 deliveries), possible duplicates for a person %9 per 30 days (%10 of "
              "the deliveries), %11 hours.")
        .arg(percent(f.beforeShare()), number(double(f.beforeTotal().rows)),
             number(f.beforeDuplicatesPerMonth()), number(f.beforeHoursPerMonth(), 1),
             number(f.minutesPerDuplicate), number(double(f.afterTotal().repeats)),
             percent(f.afterRepeatShare()), number(double(f.afterTotal().deliveries)),
             number(f.afterDuplicatesPerMonth()))
        .arg(percent(f.afterFlaggedShare()), number(f.afterHoursPerMonth(), 1));
}

QString ReportDocument::html(const ComparisonModel &table)
{
    const ReportFigures &f = table.figures();
    QString out = QStringLiteral("<html><body style=\"font-family: sans-serif;\">");
    out += QStringLiteral("<h1>%1</h1>")
               .arg(tr("Duplicates before and after the inbox").toHtmlEscaped());
    out += QStringLiteral("<p>%1</p>")
               .arg(tr("Baseline: %1, file %2, %3 rows from %4 to %5 (%6 unreadable lines), "
                       "imported by %7 on %8. Duplicates by external id, and by phone or e-mail "
                       "within %9 hours.")
                        .arg(f.baseline.name, f.baseline.fileName,
                             QLocale().toString(f.baseline.rowCount),
                             f.baseline.periodFirst.toUTC().date().toString(Qt::ISODate),
                             f.baseline.periodLast.toUTC().date().toString(Qt::ISODate),
                             QLocale().toString(f.baseline.unreadableLines), f.baseline.importedBy,
                             timeText(f.baseline.importedAt))
                        .arg(f.windowHours)
                        .toHtmlEscaped());
    out += QStringLiteral("<p>%1</p>")
               .arg(tr("With the inbox: %1 to %2 (UTC days, %3 days).")
                        .arg(f.from.toString(Qt::ISODate), f.to.toString(Qt::ISODate))
                        .arg(f.afterDays())
                        .toHtmlEscaped());
    out += QStringLiteral("<p><b>%1</b></p>").arg(summary(f).toHtmlEscaped());
    out += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\"><tr>");
    for (int c = 0; c < table.columnCount(); ++c)
        out += QStringLiteral("<th>%1</th>")
                   .arg(table.headerData(c, Qt::Horizontal).toString().toHtmlEscaped());
    out += QStringLiteral("</tr>");
    for (int r = 0; r < table.rowCount(); ++r) {
        const bool total = table.index(r, 0).data(ComparisonModel::TotalRole).toBool();
        out += QStringLiteral("<tr>");
        for (int c = 0; c < table.columnCount(); ++c)
            out += QStringLiteral("<td%1>%2%3%4</td>")
                       .arg(c == 0 ? QString() : QStringLiteral(" align=\"right\""),
                            total ? QStringLiteral("<b>") : QString(),
                            table.text(r, c).toHtmlEscaped(),
                            total ? QStringLiteral("</b>") : QString());
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</table>");
    out += QStringLiteral("<p><small>%1</small></p>")
               .arg(tr("Repeats absorbed: deliveries of a key the inbox already had, which no "
                       "longer reach anyone. Possible duplicates: similar leads flagged for a "
                       "manager, who merged or rejected them. The baseline's sources are named "
                       "as in the CRM's export, the inbox's by their senders: compare the "
                       "totals.")
                        .toHtmlEscaped());
    out += QStringLiteral("</body></html>");
    return out;
}

bool ReportDocument::writePdf(const ComparisonModel &table, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    {
        QPdfWriter pdf(&file);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setPageOrientation(QPageLayout::Landscape);
        pdf.setTitle(tr("Duplicates before and after the inbox"));
        pdf.setCreator(QStringLiteral("Inbox Console"));
        pdf.setResolution(96);
        QTextDocument document;
        document.setHtml(html(table));
        document.setPageSize(QSizeF(pdf.width(), pdf.height()));
        document.print(&pdf);
    }
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

bool ReportDocument::writeCsv(const ComparisonModel &table, const QString &path, QString *error)
{
    QString out;
    QStringList header;
    for (int c = 0; c < table.columnCount(); ++c)
        header << csvField(table.headerData(c, Qt::Horizontal).toString());
    out += header.join(QLatin1Char(',')) + QLatin1String("\r\n");
    for (int r = 0; r < table.rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < table.columnCount(); ++c) {
            // Plain numbers, not the screen's grouped ones: a spreadsheet reads them as numbers.
            const QVariant raw = table.index(r, c).data(ComparisonModel::RawRole);
            cells << csvField(c == ComparisonModel::Source || !raw.isValid()
                                  ? raw.toString()
                                  : (c == ComparisonModel::ShareBefore
                                         ? QString::number(raw.toDouble(), 'f', 4)
                                         : QString::number(raw.toLongLong())));
        }
        out += cells.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    file.write("\xEF\xBB\xBF" + out.toUtf8());
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace inbox
