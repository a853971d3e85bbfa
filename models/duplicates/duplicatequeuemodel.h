#pragma once

#include "db/database.h"
#include "db/dberror.h"
#include "db/querychannel.h"
#include "duplicates/duplicatefilter.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QSet>
#include <QStringList>

namespace inbox {

// The open candidate pairs, oldest first, in keyset pages over duplicate_candidates_open_idx
// ((created_at, id) WHERE status = 'open'). Rows are fetched as the view scrolls; a live
// refresh re-reads the loaded range and applies the difference in place (rows removed,
// inserted, changed), so the view keeps its place and selection.
class DuplicateQueueModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Waiting, Channels, Names, Contact, Reasons, Score, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole, // the column's raw value (QDateTime, QStringList, double...)
        CandidateIdRole,
        WeakRole,
        SkippedRole,
    };
    // Rows kept at most: a review queue is worked from the top; past this the page asks for a
    // narrower filter instead of growing without bound.
    static constexpr int kMaxRows = 10000;

    explicit DuplicateQueueModel(QObject *parent = nullptr);
    ~DuplicateQueueModel() override;

    void setConnectOptions(const ConnectOptions &options);
    const DuplicateFilter &filter() const { return m_filter; }
    void setFilter(const DuplicateFilter &filter); // reloads from the first page
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }

    void reload();  // from the first page, dropping what is loaded
    void refresh(); // re-read the loaded range and apply the difference in place
    void clear();

    // After a decision of mine: out of the list at once, without waiting for a refresh.
    void removeCandidate(qint64 id);
    void setSkipped(qint64 id, bool skipped);
    bool isSkipped(qint64 id) const { return m_skipped.contains(id); }
    int rowOf(qint64 id) const;
    qint64 candidateAt(int row) const;
    bool isLoading() const { return m_pending != Pending::None; }
    bool atEnd() const { return m_atEnd; }
    bool isCapped() const { return !m_atEnd && m_rows.size() >= kMaxRows; }
    // Time of the last reply from the request to the rows being in the model, for figures.
    qint64 lastLatencyUs() const { return m_lastLatencyUs; }

    // The SQL of one page: rows after `afterKey` (or from the start), up to `upToKey` when
    // given, at most `limit`. Public for the tests and the benchmark.
    struct Key
    {
        qint64 createdUs = 0;
        qint64 id = 0;
    };
    static Query pageQuery(const DuplicateFilter &filter, const Key *afterKey, const Key *upToKey,
                           int limit);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // Tells views the waiting times moved on (they are relative to now).
    void touchAges();

signals:
    void loaded();
    void failed(const inbox::DbError &error);
    void busyChanged(bool busy);
    // Around a refresh's changes, so a page can tell them from the user's own moves.
    void refreshAboutToApply();
    void refreshApplied();

private:
    struct Row
    {
        qint64 id = 0;
        Key key;
        QDateTime createdAt;
        QStringList reasons;
        double score = 0;
        bool weak = false;
        QString aChannel, aName, bChannel, bName, phone, email;
        qint64 gapS = 0;
        bool operator==(const Row &o) const;
    };
    enum class Pending { None, First, More, Refresh };

    void submit(Pending kind, const Query &query);
    void onReply(const QueryReply &reply);
    static QVector<Row> parse(const Rows &rows);
    void append(const QVector<Row> &rows);
    void applyDifference(const QVector<Row> &fresh);
    QVariant display(const Row &row, int column) const;

    QueryChannel *m_channel;
    DuplicateFilter m_filter;
    QVector<Row> m_rows;
    QSet<qint64> m_skipped;
    int m_pageSize = 100;
    bool m_atEnd = true;
    bool m_haveOptions = false;
    Pending m_pending = Pending::None;
    quint64 m_ticket = 0;
    int m_requestedLimit = 0;
    qint64 m_lastLatencyUs = 0;
    qint64 m_requestStartedNs = 0;
};

} // namespace inbox
