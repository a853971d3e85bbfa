#pragma once

#include "db/dberror.h"
#include "report/baselinebatch.h"
#include "report/exportlayout.h"

#include <QObject>
#include <QTimeZone>

#include <atomic>
#include <memory>

class QThread;

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// The Report screen's import of a whole export: the file is read on a thread of its own (a
// month of 100,000 rows is about a second of parsing), then stored with inbox.import_baseline
// over a channel of its own; the GUI thread only hears the outcome. Cancel stops the reading,
// or cancels the statement on the server (the baseline is then not stored at all: one
// transaction).
class BaselineImporter final : public QObject
{
    Q_OBJECT
public:
    explicit BaselineImporter(ConsoleContext *context, QObject *parent = nullptr);
    ~BaselineImporter() override;

    // Starts importing `path` with `layout` under `name`; false with *error when the file
    // cannot be opened or has no header. Times without an offset are read in `zone`.
    bool start(const QString &path, const ExportLayout &layout, const QString &name,
               const QTimeZone &zone, QString *error);
    void cancel();
    bool isRunning() const { return m_running; }

    // The file's unreadable records (valid once `finished` was emitted, also after a failure).
    const BaselineBatch &batch() const { return *m_batch; }

signals:
    void stage(const QString &text); // what it does now, for the dialog's status line
    // ok: stored as baseline `baselineId`; else `error` says why (empty when cancelled).
    void finished(bool ok, qint64 baselineId, const QString &error);

private:
    void read(const QString &path, const ExportLayout &layout, const QTimeZone &zone);
    void store();
    void onReply(const QueryReply &reply);
    void finish(bool ok, qint64 baselineId, const QString &error);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    QThread *m_reader = nullptr;
    std::atomic_bool m_cancelled{false};
    std::shared_ptr<BaselineBatch> m_batch;
    QString m_name;
    QString m_fileName;
    QString m_layoutName;
    quint64 m_ticket = 0;
    bool m_running = false;
};

} // namespace inbox
