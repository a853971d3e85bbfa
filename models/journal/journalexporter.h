#pragma once

#include "db/dberror.h"
#include "journal/journalfilter.h"

#include <QObject>

#include <memory>
#include <optional>

class QSaveFile;

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// Writes what the journal shows for a filter to a CSV file, page by page over its own
// channel (the same keyset pages as the table, larger), so an export of millions of rows
// holds one page in memory. The file appears only when the export completed (QSaveFile);
// a cancelled or failed export leaves nothing behind.
class JournalExporter final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kPageSize = 5000;

    explicit JournalExporter(ConsoleContext *context, QObject *parent = nullptr);
    ~JournalExporter() override;

    bool start(const JournalFilter &filter, const QString &path, QString *error);
    void cancel();
    bool isRunning() const { return m_file != nullptr; }
    qint64 rowsWritten() const { return m_rows; }

    static QByteArray csvField(const QString &value);
    static QByteArray header();

signals:
    void progress(qint64 rows);
    void finished(bool ok, const QString &error, qint64 rows);

private:
    void next();
    void onReply(const QueryReply &reply);
    void finish(bool ok, const QString &error);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    JournalFilter m_filter;
    std::unique_ptr<QSaveFile> m_file;
    std::optional<JournalKey> m_last;
    int m_paged = -1;
    quint64 m_ticket = 0;
    qint64 m_rows = 0;
    bool m_retried = false;
};

} // namespace inbox
