#include "reportcommand.h"

#include "clioutput.h"
#include "common/translations.h"
#include "db/pgconnection.h"
#include "report/baselinebatch.h"
#include "report/baselinecopy.h"
#include "report/exportreader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDate>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QSaveFile>

#include <cstdio>
#include <optional>

namespace inbox::cli {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("inbox::cli", text);
}

// A plain text table: the first column (and the last, when `textLast`) left-aligned, the
// others right-aligned.
void printTable(const QVector<QStringList> &rows, bool textLast = false)
{
    QVector<int> widths;
    for (const QStringList &row : rows)
        for (int c = 0; c < row.size(); ++c) {
            if (widths.size() <= c)
                widths.append(0);
            widths[c] = qMax(widths[c], int(row[c].size()));
        }
    for (const QStringList &row : rows) {
        QString line;
        for (int c = 0; c < row.size(); ++c) {
            if (c > 0)
                line += QStringLiteral("  ");
            const bool left = c == 0 || (textLast && c == row.size() - 1);
            line += left ? row[c].leftJustified(widths[c]) : row[c].rightJustified(widths[c]);
        }
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        say(line);
    }
}

QString csvField(const QString &value)
{
    if (!value.contains(QLatin1Char(',')) && !value.contains(QLatin1Char('"')) &&
        !value.contains(QLatin1Char('\n')))
        return value;
    QString quoted = value;
    quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

bool writeCsv(const QString &path, const QVector<QStringList> &rows, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    QByteArray out;
    for (const QStringList &row : rows) {
        QStringList fields;
        for (const QString &v : row)
            fields << csvField(v);
        out += fields.join(QLatin1Char(',')).toUtf8() + "\r\n";
    }
    file.write(out);
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

QString share(qint64 part, qint64 whole)
{
    return whole > 0
               ? QString::number(100.0 * double(part) / double(whole), 'f', 1) + QLatin1Char('%')
               : QStringLiteral("-");
}

QString windowText(int hours)
{
    return QStringLiteral("%1 hours").arg(hours);
}

// The baseline's header line and per-source figures, as printed after an import; the summary's
// rows (source, rows, by id, by phone, by e-mail, duplicates) in `summary` when given.
int printBaseline(PgConnection &db, qint64 id, int windowHours, const QString &what,
                  std::optional<PgRows> *summary = nullptr)
{
    DbError error;
    const auto head = db.exec(
        QStringLiteral("SELECT name, file_name, coalesce(layout_name, ''), row_count,"
                       " unreadable_lines, to_char(period_first AT TIME ZONE 'UTC', 'YYYY-MM-DD'),"
                       " to_char(period_last AT TIME ZONE 'UTC', 'YYYY-MM-DD'), imported_by"
                       " FROM inbox.baseline_list() WHERE id = $1"),
        {PgParam(id)}, &error);
    if (!head || head->rows() != 1) {
        complain(what, head ? tr("there is no baseline %1").arg(id) : error.oneLine());
        return 1;
    }
    say(tr("Baseline %1 \"%2\": %3 rows from %4 (%5), %6 unreadable lines, %7 .. %8 (UTC), "
           "imported by %9")
            .arg(QString::number(id), head->text(0, 0), head->text(0, 3), head->text(0, 1),
                 head->text(0, 2), head->text(0, 4), head->text(0, 5), head->text(0, 6),
                 head->text(0, 7)));
    auto rows = db.exec(
        QStringLiteral("SELECT source, rows, dup_external_id, dup_phone, dup_email, duplicates"
                       " FROM inbox.baseline_summary($1, $2::interval)"),
        {PgParam(id), PgParam(windowText(windowHours))}, &error);
    if (!rows) {
        complain(what, error.oneLine());
        return 1;
    }
    say(tr("Duplicates within %1 hours (the rows beyond the first of each group):")
            .arg(windowHours));
    QVector<QStringList> table = {{tr("source"), tr("rows"), tr("by external id"), tr("by phone"),
                                   tr("by e-mail"), tr("duplicates"), tr("share")}};
    qint64 total[5] = {};
    for (int r = 0; r < rows->rows(); ++r) {
        QStringList line = {rows->text(r, 0)};
        for (int c = 0; c < 5; ++c) {
            total[c] += rows->toInt(r, c + 1);
            line << rows->text(r, c + 1);
        }
        line << share(rows->toInt(r, 5), rows->toInt(r, 1));
        table << line;
    }
    QStringList line = {tr("total")};
    for (const qint64 t : total)
        line << QString::number(t);
    line << share(total[4], total[0]);
    table << line;
    printTable(table);
    if (summary)
        *summary = std::move(rows);
    return 0;
}

std::optional<ExportField> fieldByName(const QString &name)
{
    static const QMap<QString, ExportField> fields = {
        {QStringLiteral("source"), ExportField::Source},
        {QStringLiteral("external_id"), ExportField::ExternalId},
        {QStringLiteral("created_at"), ExportField::CreatedAt},
        {QStringLiteral("phone"), ExportField::Phone},
        {QStringLiteral("email"), ExportField::Email},
        {QStringLiteral("name"), ExportField::Name}};
    const auto it = fields.constFind(name.trimmed().toLower());
    return it == fields.cend() ? std::nullopt : std::optional<ExportField>(*it);
}

int importFile(const QCommandLineParser &parser, const QString &path, int windowHours)
{
    const QString what = QStringLiteral("report import");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        complain(what, QStringLiteral("%1: %2").arg(path, file.errorString()));
        return 1;
    }
    ExportReader reader(&file);
    if (!reader.open()) {
        complain(what, QStringLiteral("%1: %2").arg(path, reader.errorString()));
        return 1;
    }
    ExportLayout layout = reader.layout();
    for (const QString &map : parser.values(QStringLiteral("map"))) {
        const qsizetype eq = map.indexOf(QLatin1Char('='));
        const std::optional<ExportField> field = eq > 0 ? fieldByName(map.left(eq)) : std::nullopt;
        if (!field) {
            complain(what, tr("--map takes FIELD=COLUMN, FIELD one of source, external_id, "
                              "created_at, phone, email, name; got %1")
                               .arg(map));
            return 64;
        }
        layout.setColumns(*field, {});
        if (!layout.addColumnByName(*field, map.mid(eq + 1), reader.header())) {
            complain(what, tr("the file has no column \"%1\"").arg(map.mid(eq + 1)));
            return 1;
        }
    }
    if (parser.isSet(QStringLiteral("source")))
        layout.setConstantSource(parser.value(QStringLiteral("source")));
    const QVector<ExportField> missing = layout.missing(int(reader.header().size()));
    if (!missing.isEmpty()) {
        QStringList names;
        for (const ExportField f : missing)
            names << ExportLayout::fieldName(f);
        complain(what, tr("no column for: %1 (map them with --map FIELD=COLUMN, or give "
                          "--source NAME)")
                           .arg(names.join(QStringLiteral(", "))));
        return 1;
    }
    reader.setLayout(layout);

    PgConnection db;
    if (!connect(db, parser.value(QStringLiteral("db")), what))
        return 2;
    const QString name = parser.isSet(QStringLiteral("name")) ? parser.value(QStringLiteral("name"))
                                                              : QFileInfo(path).completeBaseName();
    const QString layoutText = parser.isSet(QStringLiteral("layout"))
                                   ? parser.value(QStringLiteral("layout"))
                                   : BaselineBatch::layoutName(layout.kind());
    // Read and stored in one go: the rows stream to the server while the file is read.
    const BaselineCopy copy =
        BaselineCopy::run(db, reader, {name, QFileInfo(path).fileName(), layoutText});
    for (const ImportProblem &p : copy.problems())
        say(tr("line %1: %2").arg(p.line).arg(p.text()));
    if (copy.error().isEmpty() || copy.rows() + copy.unreadable() > 0) // it read the file
        say(tr("%1: %2 rows read, %3 unreadable lines")
                .arg(path)
                .arg(copy.rows())
                .arg(copy.unreadable()));
    if (!copy.error().isEmpty()) {
        complain(what, copy.error().oneLine());
        return 1;
    }
    if (copy.rows() == 0) {
        complain(what, tr("no row could be read, nothing was stored"));
        return 1;
    }
    return printBaseline(db, copy.baselineId(), windowHours, what);
}

int compare(const QCommandLineParser &parser, int windowHours)
{
    const QString what = QStringLiteral("report compare");
    bool ok = false;
    const qint64 id = parser.value(QStringLiteral("baseline")).toLongLong(&ok);
    const QDate from = QDate::fromString(parser.value(QStringLiteral("from")), Qt::ISODate);
    const QDate to = QDate::fromString(parser.value(QStringLiteral("to")), Qt::ISODate);
    if (!ok || !from.isValid() || !to.isValid()) {
        complain(what, tr("give --baseline ID --from YYYY-MM-DD --to YYYY-MM-DD"));
        return 64;
    }
    PgConnection db;
    if (!connect(db, parser.value(QStringLiteral("db")), what))
        return 2;
    std::optional<PgRows> base;
    if (const int rc = printBaseline(db, id, windowHours, what, &base); rc != 0)
        return rc;
    DbError error;
    const auto now =
        db.exec(QStringLiteral("SELECT source, deliveries, repeats, conflicts, flagged,"
                               " merged, rejected, refused, failed"
                               " FROM inbox.remeasure($1::date, $2::date)"),
                {PgParam(from.toString(Qt::ISODate)), PgParam(to.toString(Qt::ISODate))}, &error);
    const auto reasons =
        now ? db.exec(QStringLiteral("SELECT source, kind, reason, coalesce(error, ''), n"
                                     " FROM inbox.remeasure_reasons($1::date, $2::date)"),
                      {PgParam(from.toString(Qt::ISODate)), PgParam(to.toString(Qt::ISODate))},
                      &error)
            : std::nullopt;
    if (!reasons) {
        complain(what, error.oneLine());
        return 1;
    }

    // One line per source of either side: the CRM's and the inbox's names may differ, so a
    // source only one side has is shown with blanks on the other.
    QMap<QString, QStringList> bySource;
    constexpr int kBase = 3, kNow = 8;
    for (int r = 0; r < base->rows(); ++r) {
        QStringList &line = bySource[base->text(r, 0)];
        line = QStringList(kBase + kNow);
        line[0] = base->text(r, 1);
        line[1] = base->text(r, 5);
        line[2] = share(base->toInt(r, 5), base->toInt(r, 1));
    }
    for (int r = 0; r < now->rows(); ++r) {
        QStringList &line = bySource[now->text(r, 0)];
        if (line.isEmpty())
            line = QStringList(kBase + kNow);
        for (int c = 0; c < kNow; ++c)
            line[kBase + c] = now->text(r, c + 1);
    }
    say(QString());
    say(tr("Baseline %1 against the inbox, UTC days %2 .. %3:")
            .arg(id)
            .arg(from.toString(Qt::ISODate), to.toString(Qt::ISODate)));
    QVector<QStringList> table = {{tr("source"), tr("baseline rows"), tr("baseline duplicates"),
                                   tr("share"), tr("deliveries"), tr("repeats absorbed"),
                                   tr("conflicts"), tr("possible duplicates flagged"), tr("merged"),
                                   tr("rejected"), tr("refused"), tr("failed")}};
    qint64 total[kBase + kNow] = {};
    for (auto it = bySource.cbegin(); it != bySource.cend(); ++it) {
        table << (QStringList{it.key()} + it.value());
        for (int c = 0; c < kBase + kNow; ++c)
            total[c] += it.value().at(c).toLongLong();
    }
    QStringList totalLine = {tr("total")};
    for (int c = 0; c < kBase + kNow; ++c)
        totalLine << (c == 2 ? share(total[1], total[0]) : QString::number(total[c]));
    table << totalLine;
    printTable(table);
    if (reasons->rows() > 0) {
        say(QString());
        say(tr("Refused and failed, by reason:"));
        QVector<QStringList> why = {
            {tr("source"), tr("what"), tr("reason"), tr("count"), tr("error")}};
        for (int r = 0; r < reasons->rows(); ++r)
            why << QStringList{reasons->text(r, 0),
                               reasons->text(r, 1) == QLatin1String("refused") ? tr("refused")
                                                                               : tr("failed"),
                               reasons->text(r, 2), reasons->text(r, 4), reasons->text(r, 3)};
        printTable(why, true);
    }
    if (parser.isSet(QStringLiteral("csv"))) {
        QString csvError;
        const QString path = parser.value(QStringLiteral("csv"));
        if (!writeCsv(path, table, &csvError)) {
            complain(what, QStringLiteral("%1: %2").arg(path, csvError));
            return 1;
        }
        say(tr("written: %1").arg(path));
    }
    return 0;
}

} // namespace

int report(const QStringList &arguments)
{
    QStringList args = arguments;
    args.removeOne(QStringLiteral("report"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("The Report from the command line.\n\n"
           "  report import FILE   read a CRM export (CSV), list the lines it cannot read,\n"
           "                       store it as a baseline and print its duplicates\n"
           "  report compare       print a baseline and the inbox's figures of a period\n"
           "                       side by side"));
    parser.addHelpOption();
    const QList<QCommandLineOption> options = {
        {QStringLiteral("db"), tr("Connect to CONNINFO."), QStringLiteral("CONNINFO")},
        {QStringLiteral("name"), tr("import: the baseline's name (default: the file's)."),
         QStringLiteral("NAME")},
        {QStringLiteral("layout"),
         tr("import: the layout's name stored with the baseline (default: the recognised "
            "one)."),
         QStringLiteral("LAYOUT")},
        {QStringLiteral("map"),
         tr("import: take FIELD (source, external_id, created_at, phone, email, name) from "
            "the column named COLUMN; repeat for each field."),
         QStringLiteral("FIELD=COLUMN")},
        {QStringLiteral("source"), tr("import: the source of every row, when no column has it."),
         QStringLiteral("NAME")},
        {QStringLiteral("window"), tr("The duplicate window in hours (default 24)."),
         QStringLiteral("HOURS"), QStringLiteral("24")},
        {QStringLiteral("baseline"), tr("compare: the baseline's id."), QStringLiteral("ID")},
        {QStringLiteral("from"), tr("compare: the first UTC day of the period."),
         QStringLiteral("DATE")},
        {QStringLiteral("to"), tr("compare: the last UTC day of the period."),
         QStringLiteral("DATE")},
        {QStringLiteral("csv"), tr("compare: also write the table to FILE as CSV."),
         QStringLiteral("FILE")},
        {QStringLiteral("lang"), tr("Language of the output: en or ru."), QStringLiteral("LANG")},
    };
    parser.addOptions(options);
    parser.addPositionalArgument(QStringLiteral("command"), tr("import FILE, or compare"),
                                 QStringLiteral("import FILE | compare"));
    parser.process(args);
    installTranslations(parser.value(QStringLiteral("lang")));

    bool ok = false;
    const int windowHours = parser.value(QStringLiteral("window")).toInt(&ok);
    if (!ok || windowHours < 1 || windowHours > 90 * 24) {
        complain(QStringLiteral("report"), tr("--window takes hours, 1 to 2160"));
        return 64;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() == 2 && positional.at(0) == QLatin1String("import"))
        return importFile(parser, positional.at(1), windowHours);
    if (positional.size() == 1 && positional.at(0) == QLatin1String("compare"))
        return compare(parser, windowHours);
    complain(QStringLiteral("report"), tr("use: report import FILE, or report compare "
                                          "(try report --help)"));
    return 64;
}

} // namespace inbox::cli
