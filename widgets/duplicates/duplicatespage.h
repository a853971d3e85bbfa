#pragma once

#include "duplicates/duplicatedecider.h"
#include "duplicates/duplicatepair.h"

#include <QWidget>

class QComboBox;
class QKeySequence;
class QLabel;
class QLineEdit;
class QPushButton;
class QShortcut;
class QTableView;
class QTimer;

namespace inbox {

class ConsoleContext;
class DuplicateCounters;
class DuplicatePairLoader;
class FilterSaver;
class DuplicateQueueModel;
class LeadComparison;

// Screen 5: the possible-duplicate queue for managers. The open pairs oldest first, with
// counters and filters; the pair on screen side by side with what matched and what a merge
// will do; decisions by keyboard (M merge, R keep separate, S skip, U undo my last decision,
// J/K next/previous) with an optional note. After a decision the next pair opens at once.
// A decision someone else made first is shown (who, what, when) and mine is not applied.
// Users without inbox_manager see the same screen read-only.
class DuplicatesPage final : public QWidget
{
    Q_OBJECT
public:
    explicit DuplicatesPage(ConsoleContext *context, QWidget *parent = nullptr);
    ~DuplicatesPage() override;

    DuplicateQueueModel *model() const { return m_model; }
    qint64 currentCandidate() const { return m_currentId; }
    // The pair whose pane has been drawn since it was put on screen; decisions wait
    // for it, so a key handled before the drawing never decides an unseen pair.
    qint64 drawnCandidate() const { return m_drawnId; }
    // How long the last decision took from the key to the next pair on screen (for figures).
    qint64 lastAdvanceUs() const { return m_lastAdvanceUs; }
    // Puts pair `candidateId` on screen, in the list's filter or not (a decided pair).
    void showCandidate(qint64 candidateId);

protected:
    // The keys go to the pair list whenever the screen is shown without the focus in it.
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

signals:
    // One click to the source event's journal detail.
    void openEvent(qint64 eventId);
    // A pair was put on screen (its detail shown); for tests and figures.
    void pairShown(qint64 candidateId);
    // A decision finished, applied or not.
    void decisionFinished(const inbox::DecisionResult &result);

private:
    // The parts of the screen, built once by the constructor.
    void nameParts();
    void buildFilters();
    void buildQueue();
    void buildPair();
    void buildDecisionButtons();
    void layOut();
    int em() const;
    // The width `column`'s header text needs, bold, with the header's margins.
    int headerWidth(int column) const;
    QShortcut *addKey(const QKeySequence &keys, const QString &what);
    void createShortcuts();
    void connectControls();
    void connectQueue();
    void connectPairAndDecisions();
    void connectContext();
    void startTimers();

    void onConnected();
    void onDisconnected();
    void onTopics(const QSet<QString> &topics);
    void rereadAll();
    void applyFilter();
    void restoreFilters();
    void updateCounters();
    void updatePermissions();
    void updateEmptyState();

    void open(qint64 id);
    QVector<qint64> readAhead(qint64 id) const;
    void selectRow(int row);
    void onCurrentRowChanged(int row);
    void onPairLoaded(const DuplicatePair &pair);
    void onPairMissing(qint64 id);
    void showPair();
    // After a decision that was not applied: the pair again with the state the answer brought
    // (onDecision took it in), when `pairId` is the pair on screen.
    void redrawIfShown(qint64 pairId);
    void showNothing(const QString &why);

    void decide(Decision decision);
    void skip();
    void undoLast();
    void next();
    void previous();
    void onDecision(const DecisionResult &result);
    void onUndoFinished(const DecisionResult &result, const QString &now);
    void onDecideFinished(const DecisionResult &result, const QString &now);
    void onDecisionLost(const DecisionResult &result, const QString &now, const QString &verb);
    static QString decisionVerb(Decision decision);
    void advanceAfter(qint64 decidedId);
    void say(const QString &text, bool problem = false);
    // A read of the screen failed (`what` says which, with the server's words): shown on a
    // line of its own under the counters, never on the decisions' line (a decision's report
    // must not give way to it). A lost connection is reported, and the read is sent once more
    // first when it has not been since it last worked: the channel reopens its connection for
    // it, so the first read after the server came back is not shown as failed.
    enum class Read { Queue, Pair };
    void readFailed(Read read, const DbError &error, const QString &what);
    // That read worked: its error (if shown) is gone.
    void readWorked(Read read);
    void clearReadProblems();
    void showReadProblems();
    bool checkMayDecide();

    ConsoleContext *m_context;
    DuplicateQueueModel *m_model;
    DuplicateCounters *m_counters;
    DuplicatePairLoader *m_loader;
    DuplicateDecider *m_decider;

    QLabel *m_countersLabel;
    QLabel *m_busy;
    QLabel *m_readProblem; // the failed reads of the screen, until they work again
    QLineEdit *m_search;
    QComboBox *m_channel;
    QComboBox *m_reason;
    QComboBox *m_age;
    QTableView *m_view;
    QLabel *m_listNote;
    QLabel *m_title;
    QLabel *m_reasons;
    QLabel *m_weak;
    QLabel *m_decided;
    LeadComparison *m_comparison;
    QLabel *m_mergeStatement;
    QLineEdit *m_note;
    QPushButton *m_merge;
    QPushButton *m_reject;
    QPushButton *m_skip;
    QPushButton *m_undo;
    QLabel *m_outcome;
    QWidget *m_detail;
    QLabel *m_empty;
    QTimer *m_searchDelay;
    QTimer *m_ageTick;
    QTimer *m_slowReread;

    struct Mine
    {
        qint64 id;
        PairStatus status; // Merged or Rejected
    };
    QVector<Mine> m_mine; // my decisions in this session, newest last (U undoes the last)
    DuplicatePair m_pair; // the pair on screen
    qint64 m_currentId = 0;
    qint64 m_drawnId = 0; // the pair whose pane has been drawn since it was put there
    int m_resumeRow = -1; // where J continues when the pair on screen left the list
    bool m_ignoreSelection = false;
    bool m_mayDecide = false;
    bool m_advanceWhenLoaded = false;
    bool m_selectFirstWhenLoaded = true;
    qint64 m_advanceStartedNs = 0;
    qint64 m_lastAdvanceUs = 0;
    FilterSaver *m_filterSaver; // writes the filters a moment after a change
    // Per Read: the error shown ("" for none), and whether it was sent again after a loss.
    QString m_readErrors[2];
    bool m_readRetried[2] = {false, false};
};

} // namespace inbox
