#include "memorybench.h"

#include "journal/journalmodel.h"
#include "signalwait.h"

#include <QElapsedTimer>
#include <QFile>

#include <cstdio>

namespace bench {

qint64 procStatusKb(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(prefix)) {
            bool ok = false;
            const qint64 kb = line.mid(prefix.size()).trimmed().split(' ').value(0).toLongLong(&ok);
            return ok ? kb : -1;
        }
    }
    return -1;
}

bool runMemoryFigure(inbox::ConsoleContext *context, qint64 rows, QVector<Figure> *figures,
                     QString *error)
{
    using inbox::JournalModel;
    std::fprintf(stderr, "  memory: paging the journal model through %lld rows ...\n",
                 static_cast<long long>(rows));
    JournalModel model(context);
    if (!runUntil(&model, &JournalModel::loaded, &JournalModel::errorOccurred, [] {})) {
        *error =
            QStringLiteral("the journal model did not load: %1").arg(model.lastError().message);
        return false;
    }
    // Scrolled down: the view stops following the top, as the Journal screen does.
    model.setFollowing(false);
    const qint64 beforeKb = procStatusKb("VmRSS");
    qint64 paged = model.rowCount();
    QObject::connect(&model, &JournalModel::rowsInserted, &model,
                     [&](const QModelIndex &, int first, int last) { paged += last - first + 1; });
    QElapsedTimer timer;
    timer.start();
    int idle = 0;
    while (paged < rows && model.canFetchMore({})) {
        const qint64 was = paged;
        if (!runUntil(&model, &JournalModel::updated, &JournalModel::errorOccurred,
                      [&] { model.fetchMore({}); })) {
            *error = QStringLiteral("paging stopped at %1 rows: %2")
                         .arg(paged)
                         .arg(model.lastError().message);
            return false;
        }
        // An update that was not our page (a live re-read) brings nothing: ask again, but
        // never loop for ever.
        idle = paged == was ? idle + 1 : 0;
        if (idle > 100) {
            *error = QStringLiteral("paging made no progress at %1 rows").arg(paged);
            return false;
        }
    }
    const double seconds = double(timer.elapsed()) / 1000.0;
    const qint64 afterKb = procStatusKb("VmRSS");
    Figure f;
    f.name = QStringLiteral("memory_after_paging");
    f.latency = false;
    f.value = double(afterKb) / 1024.0;
    f.unit = QStringLiteral("MB");
    f.target = QStringLiteral("<= 200 MB");
    f.met = f.value <= 200.0;
    f.extra.insert(QStringLiteral("rows_paged"), double(paged));
    f.extra.insert(QStringLiteral("rows_held"), model.rowCount());
    f.extra.insert(QStringLiteral("before_mb"), double(beforeKb) / 1024.0);
    f.extra.insert(QStringLiteral("peak_mb"), double(procStatusKb("VmHWM")) / 1024.0);
    f.extra.insert(QStringLiteral("paging_s"), seconds);
    f.extra.insert(QStringLiteral("pages_per_s"),
                   seconds > 0 ? double(paged) / JournalModel::kPageSize / seconds : 0.0);
    f.note = QStringLiteral("resident set of the whole benchmark process (Qt, QPSQL, libpq, the "
                            "models of the earlier stages)");
    *figures << f;
    return true;
}

} // namespace bench
