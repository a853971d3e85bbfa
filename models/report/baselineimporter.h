#pragma once

#include "report/baselinecopy.h"
#include "report/exportlayout.h"

#include <QObject>
#include <QTimeZone>

#include <atomic>
#include <memory>

class QThread;

namespace inbox {

class ConsoleContext;

// The Report screen's import of a whole export: on a thread of its own with a connection of
// its own, the file is read and its rows streamed to the server as they are read (a month of
// 100,000 rows is about a second of parsing, which the server's storing overlaps), then
// stored as one baseline (BaselineCopy); the GUI thread only hears the outcome. Cancel stops
// the reading, or cancels the statement on the server; either way the baseline is not stored
// at all (one transaction).
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

    // What was read and stored: the rows, the file's unreadable records (valid once
    // `finished` was emitted, also after a failure).
    const BaselineCopy &outcome() const { return *m_outcome; }

signals:
    void stage(const QString &text); // what it does now, for the dialog's status line
    // ok: stored as baseline `baselineId`; else `error` says why (empty when cancelled).
    void finished(bool ok, qint64 baselineId, const QString &error);

private:
    class Canceller;

    void run(const QString &path, const ExportLayout &layout, const QTimeZone &zone,
             const BaselineCopy::Names &names);
    void finish(bool ok, qint64 baselineId, const QString &error);

    ConsoleContext *m_context;
    QThread *m_worker = nullptr;
    std::atomic_bool m_cancelled{false};
    std::shared_ptr<BaselineCopy> m_outcome;
    std::shared_ptr<Canceller> m_canceller;
    bool m_running = false;
};

} // namespace inbox
