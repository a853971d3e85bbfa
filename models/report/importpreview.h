#pragma once

#include "report/exportreader.h"

#include <optional>

namespace inbox {

// The import dialog's preview: the first records of the file as the current mapping reads
// them, each with its problems, so a wrong mapping shows before a month is imported.
struct ImportPreview
{
    struct Line
    {
        qint64 line = 0;
        QStringList cells;            // the record's fields (empty when it could not be read)
        std::optional<ExportRow> row; // the mapped row, when it has no problem
        QVector<ImportProblem> problems;
    };

    QStringList header;
    QString layoutKey;
    ExportLayout layout;
    CsvEncoding encoding = CsvEncoding::Utf8;
    char delimiter = ';';
    QVector<Line> lines;
    bool more = false;       // the file goes on after these lines
    qint64 emptyRecords = 0; // records with no text among them (see CsvReader)
    QString error;           // the file could not be opened at all

    // Reads up to `count` records of `device` with `layout`, or with the recognised layout
    // when none is given.
    static ImportPreview read(QIODevice *device, int count, CsvOptions options = {},
                              const std::optional<ExportLayout> &layout = std::nullopt,
                              const QTimeZone &zone = QTimeZone());
};

} // namespace inbox
