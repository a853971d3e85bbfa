#include "report/baselineimporter.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"

#include <QFile>
#include <QFileInfo>
#include <QThread>

namespace inbox {

BaselineImporter::BaselineImporter(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("report-import"), this)),
      m_batch(std::make_shared<BaselineBatch>())
{
    connect(m_channel, &QueryChannel::replied, this, &BaselineImporter::onReply);
}

BaselineImporter::~BaselineImporter()
{
    m_cancelled = true;
    if (m_reader) {
        m_reader->wait();
        delete m_reader; // its finished() would have deleted it, but no longer reaches us
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
    m_name = name;
    m_fileName = QFileInfo(path).fileName();
    m_layoutName = BaselineBatch::layoutName(layout.kind());
    m_batch = std::make_shared<BaselineBatch>();
    emit stage(tr("Reading %1...").arg(m_fileName));
    read(path, layout, zone);
    return true;
}

void BaselineImporter::read(const QString &path, const ExportLayout &layout, const QTimeZone &zone)
{
    // The thread owns nothing of this object but the shared batch and the flag it reads.
    std::shared_ptr<BaselineBatch> batch = m_batch;
    auto readError = std::make_shared<QString>();
    m_reader = QThread::create([path, layout, zone, batch, readError, flag = &m_cancelled] {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            *readError = file.errorString();
            return;
        }
        ExportReader reader(&file);
        if (!reader.open()) {
            *readError = reader.errorString();
            return;
        }
        reader.setLayout(layout);
        reader.setTimeZone(zone);
        *batch = BaselineBatch::read(reader, flag);
    });
    connect(m_reader, &QThread::finished, this, [this, readError] {
        m_reader->deleteLater();
        m_reader = nullptr;
        if (!readError->isEmpty()) {
            finish(false, 0, *readError);
            return;
        }
        if (m_cancelled || m_batch->wasCancelled()) {
            finish(false, 0, QString());
            return;
        }
        if (m_batch->rows() == 0) {
            finish(false, 0, tr("No row could be read, nothing was stored."));
            return;
        }
        store();
    });
    m_reader->start();
}

void BaselineImporter::store()
{
    emit stage(tr("Storing %Ln row(s) and counting their duplicates...", nullptr, m_batch->rows()));
    m_channel->setConnectOptions(m_context->options());
    m_ticket = m_channel->submit(
        Query{BaselineBatch::storeSql(), m_batch->storeParams(m_name, m_fileName, m_layoutName)});
}

void BaselineImporter::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket || !m_running)
        return;
    if (!reply.ok()) {
        finish(false, 0, reply.error.oneLine());
        return;
    }
    const Rows &rows = reply.results.value(0);
    finish(true, rows.rows.isEmpty() ? 0 : rows.rows.first().value(0).toLongLong(), QString());
}

void BaselineImporter::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    if (!m_reader) {
        // Storing: the statement is cancelled on the server and its transaction rolled back.
        m_channel->cancel();
        finish(false, 0, QString());
    }
}

void BaselineImporter::finish(bool ok, qint64 baselineId, const QString &error)
{
    if (!m_running)
        return;
    m_running = false;
    emit finished(ok, baselineId, error);
}

} // namespace inbox
