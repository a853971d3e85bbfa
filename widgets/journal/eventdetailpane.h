#pragma once

#include "journal/eventdetail.h"

#include <QKeySequence>
#include <QWidget>

class QHBoxLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace inbox {

class ConsoleContext;
class ConsoleLink;
struct DecodedBody;

// The lower half of the journal: one event in full. A header with the key facts and
// copy buttons, and tabs: Body (decoded, with "Save whole body..."), Deliveries (every
// delivery from the journal and the differing bodies of conflicts), Timeline (the journal),
// Actions (operation keys and results), Lead (with its duplicate candidates).
class EventDetailPane final : public QWidget
{
    Q_OBJECT
public:
    explicit EventDetailPane(ConsoleContext *context, QWidget *parent = nullptr);

    void showEvent(qint64 eventId);
    // A key prune kept (JournalRow::isKept): its summary, by the id it had and its key.
    void showKept(qint64 eventId, const QString &source, const QString &externalId);
    void clear();
    qint64 eventId() const { return m_detail.id; }
    const EventDetail &detail() const { return m_detail; }
    EventDetailLoader *loader() const { return m_loader; }

    // Saves the whole body (event's own: conflictId 0) to `path` without asking; the result
    // comes by saved(). The buttons ask for the path first.
    void saveWholeBody(qint64 conflictId, const QString &path);
    // Edit > Copy link's key (the window binds it; the pane's menu and button show it).
    static QKeySequence linkKey();

signals:
    void loaded(qint64 eventId);
    void saved(bool ok, const QString &pathOrError);
    // A pair of the Lead tab was activated (double-click, Enter): show it on Duplicates.
    void openPair(qint64 candidateId);
    // "Copy link" on the event shown (the window adds the profile and copies it).
    void linkRequested(const inbox::ConsoleLink &place);

private:
    // The constructor's parts, in the order it calls them.
    QHBoxLayout *buildHead();
    QWidget *buildBodyPage();
    QWidget *buildDeliveriesPage();
    void buildTimelineAndActions();
    QWidget *buildLeadPage();
    void connectLoaderAndCopy();
    void connectSaving();
    void onLoaded(const EventDetail &detail);
    void fillKept(); // m_detail is a key prune kept
    void setEventActionTips();
    void showBody(QPlainTextEdit *view, QLabel *info, QTableWidget *fields,
                  const EventDetail::Body &body);
    void fillDeliveries();
    void fillTimeline();
    void fillActions();
    void fillHandlerAttempts();
    void fillLead();
    void showConflictBody(int row);
    void askAndSave(qint64 conflictId);
    void copy(const QString &text, const QString &what);
    void requestLink();
    static QString noteText(const DecodedBody &decoded);

    ConsoleContext *m_context;
    EventDetailLoader *m_loader;
    EventDetail m_detail;
    QString m_savePath;
    qint64 m_saveWhich = -1; // which body is being saved (conflict id, 0: the event's)

    QLabel *m_title;
    QLabel *m_facts;
    QLabel *m_message;
    QPushButton *m_copyId;
    QPushButton *m_copyExternal;
    QPushButton *m_copyKey;
    QPushButton *m_copyLink;
    QTabWidget *m_tabs;
    // Body
    QLabel *m_bodyInfo;
    QPlainTextEdit *m_bodyText;
    QTableWidget *m_bodyFields;
    QPushButton *m_saveBody;
    // Deliveries
    QTableWidget *m_deliveries;
    QTableWidget *m_conflicts;
    QLabel *m_conflictInfo;
    QPlainTextEdit *m_conflictText;
    QTableWidget *m_conflictFields;
    QPushButton *m_saveConflict;
    // Timeline, actions, lead
    QTableWidget *m_timeline;
    QTableWidget *m_actions;
    QTableWidget *m_handlerAttempts; // inbox-dispatcher's requests to the team's handler
    QLabel *m_lead;
    QLabel *m_candidatesLabel;
    QTableWidget *m_candidates;
};

} // namespace inbox
