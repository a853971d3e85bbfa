#include "report/importpreview.h"

namespace inbox {

ImportPreview ImportPreview::read(QIODevice *device, int count, CsvOptions options,
                                  const std::optional<ExportLayout> &layout, const QTimeZone &zone)
{
    ImportPreview preview;
    ExportReader reader(device, options);
    if (!reader.open()) {
        preview.error = reader.errorString();
        return preview;
    }
    if (layout)
        reader.setLayout(*layout);
    reader.setTimeZone(zone);
    preview.header = reader.header();
    preview.layoutKey = reader.layoutKey();
    preview.layout = reader.layout();
    preview.encoding = reader.csv().encoding();
    preview.delimiter = reader.csv().delimiter();

    ExportRow row;
    Line line;
    for (;;) {
        const ExportReader::Next next = reader.next(&row, &line.problems, &line.cells);
        if (next == ExportReader::Next::End)
            break;
        if (preview.lines.size() >= count) {
            preview.more = true;
            break;
        }
        if (next == ExportReader::Next::Row) {
            line.line = row.line;
            line.row = row;
        } else {
            line.line = line.problems.first().line;
            line.row.reset();
        }
        preview.lines.append(line);
    }
    preview.emptyRecords = reader.csv().emptyRecords();
    return preview;
}

} // namespace inbox
