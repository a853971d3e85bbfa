#include "report/baselineimporter.h"

#include "db/consolecontext.h"
#include "db/pgconnection.h"
#include "report/baselinebatch.h"
#include "report/exportreader.h"

#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QThread>

#include <libpq-fe.h>

namespace inbox {

// Cancels the statement the import's connection runs, from the GUI thread (PQcancel is
// meant to be called from another thread than the connection's).
class BaselineImporter::Canceller final
{
public:
    ~Canceller() { set(nullptr); }
    void set(pg_conn *conn)
    {
        QMutexLocker lock(&m_mutex);
        if (m_cancel)
            PQfreeCancel(m_cancel);
        m_cancel = conn ? PQgetCancel(conn) : nullptr;
    }
    void cancel()
    {
        QMutexLocker lock(&m_mutex);
        char message[256];
        if (m_cancel)
            PQcancel(m_cancel, message, sizeof message);
    }

private:
    QMutex m_mutex;
    PGcancel *m_cancel = nullptr;
};

BaselineImporter::BaselineImporter(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_context(context), m_outcome(std::make_shared<BaselineCopy>()),
      m_canceller(std::make_shared<Canceller>())
{}

BaselineImporter::~BaselineImporter()
{
    m_cancelled = true;
    m_canceller->cancel();
    if (m_worker) {
        m_worker->wait();
        delete m_worker; // its finished() would have deleted it, but no longer reaches us
    }
}

bool BaselineImporter::start(const QString &path, const ExportLayout &layout, const QString &name,
                             const QTimeZone &zone, QString *error)
{
    if (m_running) {
        *error = tr("An import is already running.");
        return false;
    }
    QFile probe(path);
    if (!probe.open(QIODevice::ReadOnly)) {
        *error = tr("%1 cannot be opened: %2").arg(path, probe.errorString());
        return false;
    }
    m_running = true;
    m_cancelled = false;
    m_outcome = std::make_shared<BaselineCopy>();
    const QString fileName = QFileInfo(path).fileName();
    emit stage(tr("Reading %1...").arg(fileName));
    run(path, layout, zone, {name, fileName, BaselineBatch::layoutName(layout.kind())});
    return true;
}

void BaselineImporter::run(const QString &path, const ExportLayout &layout, const QTimeZone &zone,
                           const BaselineCopy::Names &names)
{
    // The thread owns nothing of this object but the shared outcome and canceller and the flag
    // it reads; it tells the stage through a queued call, which is dropped if this is gone.
    std::shared_ptr<BaselineCopy> outcome = m_outcome;
    std::shared_ptr<Canceller> canceller = m_canceller;
    auto failure = std::make_shared<QString>();
    const ConnectOptions options = m_context->options();
    m_worker = QThread::create([=, flag = &m_cancelled, self = this] {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            *failure = file.errorString();
            return;
        }
        ExportReader reader(&file);
        if (!reader.open()) {
            *failure = reader.errorString();
            return;
        }
        reader.setLayout(layout);
        reader.setTimeZone(zone);
        PgConnection db;
        DbError error;
        if (!db.connect(options, &error)) {
            *failure = error.oneLine();
            return;
        }
        canceller->set(db.raw());
        *outcome = BaselineCopy::run(db, reader, names, flag, [self](int rows) {
            QMetaObject::invokeMethod(self, [self, rows] {
                emit self->stage(
                    tr("Storing %Ln row(s) and counting their duplicates...", nullptr, rows));
            });
        });
        canceller->set(nullptr);
    });
    connect(m_worker, &QThread::finished, this, [this, failure] {
        m_worker->deleteLater();
        m_worker = nullptr;
        if (!failure->isEmpty()) {
            finish(false, 0, *failure);
            return;
        }
        if (m_outcome->stored()) { // committed before a late cancel reached the server
            finish(true, m_outcome->baselineId(), QString());
            return;
        }
        if (m_cancelled || m_outcome->wasCancelled()) {
            finish(false, 0, QString());
            return;
        }
        if (!m_outcome->error().isEmpty()) {
            finish(false, 0, m_outcome->error().oneLine());
            return;
        }
        if (m_outcome->rows() == 0) {
            finish(false, 0, tr("No row could be read, nothing was stored."));
            return;
        }
        finish(false, 0, tr("Not stored."));
    });
    m_worker->start();
}

void BaselineImporter::cancel()
{
    if (!m_running)
        return;
    // The reading stops at its next thousand records; a running statement is cancelled on
    // the server and its transaction rolled back. The thread's end reports the cancel.
    m_cancelled = true;
    m_canceller->cancel();
}

void BaselineImporter::finish(bool ok, qint64 baselineId, const QString &error)
{
    if (!m_running)
        return;
    m_running = false;
    emit finished(ok, baselineId, error);
}

} // namespace inbox
