#include "journal/eventdetailpane.h"

#include "journal/bodydecoder.h"
#include "journal/journalmodel.h"
#include "navigation/consolelink.h"
#include "table/codetexts.h"

#include <QClipboard>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace inbox {

namespace {

QTableWidget *makeTable(const QStringList &headers, QWidget *parent)
{
    auto *t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->hide();
    t->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return t;
}

void setRow(QTableWidget *t, int row, const QStringList &values)
{
    for (int c = 0; c < values.size(); ++c) {
        auto *item = new QTableWidgetItem(values.at(c));
        item->setToolTip(values.at(c).size() > 40 ? values.at(c) : QString());
        t->setItem(row, c, item);
    }
}

QString when(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"))
                       : QString();
}

QPlainTextEdit *makeText(QWidget *parent)
{
    auto *e = new QPlainTextEdit(parent);
    e->setReadOnly(true);
    e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    e->setLineWrapMode(QPlainTextEdit::NoWrap);
    return e;
}

QString escaped(const QString &s)
{
    return s.toHtmlEscaped();
}

// The journal vocabulary (contract) in the reader's language.
QString entryText(const QString &entry)
{
    static const CodeTexts words(
        "inbox::EventDetailPane",
        {
            {"received", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "received")},
            {"duplicate", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "repeat delivery")},
            {"conflict", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "conflict (different body)")},
            {"rearmed", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "rearmed by a repeat")},
            {"claimed", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "claimed")},
            {"takeover", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "taken over (stale lock)")},
            {"done", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "done")},
            {"retry_scheduled", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "retry scheduled")},
            {"failed", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "failed")},
            {"stale_complete",
             QT_TRANSLATE_NOOP("inbox::EventDetailPane", "late completion refused")},
            {"stale_fail", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "late failure refused")},
            {"action_started", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "action started")},
            {"action_repeat", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "action asked again")},
            {"action_done", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "action done")},
            {"action_failed", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "action failed")},
            {"lead_recorded", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "lead recorded")},
            {"duplicate_flagged",
             QT_TRANSLATE_NOOP("inbox::EventDetailPane", "possible duplicate flagged")},
            {"requeued", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "requeued by a person")},
            {"duplicate_merged", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "duplicate merged")},
            {"duplicate_rejected", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "kept separate")},
            {"duplicate_undone", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "decision undone")},
            {"pruned", QT_TRANSLATE_NOOP("inbox::EventDetailPane", "pruned")},
            {"pruned_repeat",
             QT_TRANSLATE_NOOP("inbox::EventDetailPane", "repeat after removal by retention")},
        });
    // The contract's word stays visible next to the translation: it is what support staff
    // and the worker logs use.
    const QString text = words.text(entry);
    return text == entry ? entry : text + QStringLiteral(" (") + entry + QLatin1Char(')');
}

} // namespace

EventDetailPane::EventDetailPane(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context), m_loader(new EventDetailLoader(context, this)),
      m_title(new QLabel(this)), m_facts(new QLabel(this)), m_message(new QLabel(this)),
      m_copyId(new QPushButton(tr("Copy id"), this)),
      m_copyExternal(new QPushButton(tr("Copy external id"), this)),
      m_copyKey(new QPushButton(tr("Copy key"), this)),
      m_copyLink(new QPushButton(tr("Copy link"), this)), m_tabs(new QTabWidget(this))
{
    setObjectName(QStringLiteral("eventDetail"));
    QHBoxLayout *head = buildHead();
    QWidget *bodyPage = buildBodyPage();
    QWidget *deliveriesPage = buildDeliveriesPage();
    buildTimelineAndActions();
    QWidget *leadPage = buildLeadPage();

    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_tabs->addTab(bodyPage, tr("Body"));
    m_tabs->addTab(deliveriesPage, tr("Deliveries"));
    m_tabs->addTab(m_timeline, tr("Timeline"));
    m_tabs->addTab(m_actions, tr("Actions"));
    m_tabs->addTab(leadPage, tr("Lead"));
    m_tabs->addTab(m_handlerAttempts, tr("Handler"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(head);
    layout->addWidget(m_facts);
    layout->addWidget(m_tabs, 1);

    connectLoaderAndCopy();
    connectSaving();
    clear();
}

// The title, the facts' line, the message and the copy buttons; returns the row above the tabs.
QHBoxLayout *EventDetailPane::buildHead()
{
    m_title->setObjectName(QStringLiteral("detailTitle"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wraps instead of widening the pane: a long title (or its Russian text) must not take
    // the width of a list beside the pane.
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_facts->setObjectName(QStringLiteral("detailFacts"));
    m_facts->setWordWrap(true);
    m_facts->setTextFormat(Qt::RichText);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setObjectName(QStringLiteral("detailMessage"));
    m_message->hide();
    m_copyId->setObjectName(QStringLiteral("copyId"));
    m_copyExternal->setObjectName(QStringLiteral("copyExternalId"));
    m_copyKey->setObjectName(QStringLiteral("copyKey"));
    m_copyId->setToolTip(tr("Copy the event id to the clipboard"));
    m_copyExternal->setToolTip(tr("Copy the external id to the clipboard"));
    m_copyKey->setToolTip(tr("Copy the idempotency key to the clipboard"));
    m_copyLink->setObjectName(QStringLiteral("copyLinkButton"));
    m_copyLink->setToolTip(tr("Copy a link to this event that a colleague can open (%1)")
                               .arg(linkKey().toString(QKeySequence::NativeText)));

    auto *head = new QHBoxLayout;
    head->addWidget(m_title, 1);
    head->addWidget(m_message);
    head->addWidget(m_copyId);
    head->addWidget(m_copyExternal);
    head->addWidget(m_copyKey);
    head->addWidget(m_copyLink);
    return head;
}

// The Body tab: what was received, as fields or text, and saving it whole.
QWidget *EventDetailPane::buildBodyPage()
{
    auto *bodyPage = new QWidget(this);
    m_bodyInfo = new QLabel(bodyPage);
    m_bodyInfo->setObjectName(QStringLiteral("bodyInfo"));
    m_bodyInfo->setWordWrap(true);
    m_bodyText = makeText(bodyPage);
    m_bodyText->setObjectName(QStringLiteral("bodyText"));
    m_bodyFields = makeTable({tr("Field"), tr("Value")}, bodyPage);
    m_bodyFields->setObjectName(QStringLiteral("bodyFields"));
    m_bodyFields->setAccessibleName(tr("Body fields"));
    m_saveBody = new QPushButton(tr("Save whole body..."), bodyPage);
    m_saveBody->setObjectName(QStringLiteral("saveBody"));
    auto *bodyTop = new QHBoxLayout;
    bodyTop->addWidget(m_bodyInfo, 1);
    bodyTop->addWidget(m_saveBody);
    auto *bodyLayout = new QVBoxLayout(bodyPage);
    bodyLayout->addLayout(bodyTop);
    bodyLayout->addWidget(m_bodyFields);
    bodyLayout->addWidget(m_bodyText);
    return bodyPage;
}

// The Deliveries tab: every delivery, and beside it the bodies of conflicting ones.
QWidget *EventDetailPane::buildDeliveriesPage()
{
    auto *deliveriesPage = new QWidget(this);
    m_deliveries =
        makeTable({tr("At"), tr("Delivery"), tr("What happened"), tr("Detail")}, deliveriesPage);
    m_deliveries->setObjectName(QStringLiteral("deliveries"));
    m_deliveries->setAccessibleName(tr("Deliveries"));
    m_conflicts =
        makeTable({tr("At"), tr("Content type"), tr("Size"), tr("Fingerprint")}, deliveriesPage);
    m_conflicts->setObjectName(QStringLiteral("conflictBodies"));
    m_conflicts->setAccessibleName(tr("Conflicting bodies"));
    m_conflictInfo = new QLabel(deliveriesPage);
    m_conflictInfo->setWordWrap(true);
    m_conflictText = makeText(deliveriesPage);
    m_conflictText->setObjectName(QStringLiteral("conflictText"));
    m_conflictFields = makeTable({tr("Field"), tr("Value")}, deliveriesPage);
    m_conflictFields->setObjectName(QStringLiteral("conflictFields"));
    m_conflictFields->setAccessibleName(tr("Fields of the conflicting body"));
    m_saveConflict = new QPushButton(tr("Save this body..."), deliveriesPage);
    m_saveConflict->setObjectName(QStringLiteral("saveConflictBody"));
    auto *conflictTop = new QHBoxLayout;
    conflictTop->addWidget(m_conflictInfo, 1);
    conflictTop->addWidget(m_saveConflict);
    auto *conflictPane = new QWidget(deliveriesPage);
    auto *conflictLayout = new QVBoxLayout(conflictPane);
    conflictLayout->setContentsMargins(0, 0, 0, 0);
    conflictLayout->addWidget(new QLabel(
        tr("Bodies of conflicting deliveries (same key, different content):"), conflictPane));
    conflictLayout->addWidget(m_conflicts);
    conflictLayout->addLayout(conflictTop);
    conflictLayout->addWidget(m_conflictFields);
    conflictLayout->addWidget(m_conflictText);
    auto *deliveriesSplit = new QSplitter(Qt::Horizontal, deliveriesPage);
    deliveriesSplit->addWidget(m_deliveries);
    deliveriesSplit->addWidget(conflictPane);
    auto *deliveriesLayout = new QVBoxLayout(deliveriesPage);
    deliveriesLayout->addWidget(deliveriesSplit);
    return deliveriesPage;
}

// The Timeline, Actions and Handler tabs: a table each.
void EventDetailPane::buildTimelineAndActions()
{
    m_timeline = makeTable({tr("At"), tr("Entry"), tr("Actor"), tr("Detail")}, this);
    m_timeline->setObjectName(QStringLiteral("timeline"));
    m_timeline->setAccessibleName(tr("Timeline"));
    m_actions = makeTable({tr("Kind"), tr("Operation key"), tr("State"), tr("Calls"), tr("Started"),
                           tr("Finished"), tr("Result")},
                          this);
    m_actions->setObjectName(QStringLiteral("actions"));
    m_actions->setAccessibleName(tr("Actions"));
    m_handlerAttempts = makeTable({tr("At"), tr("Destination"), tr("Attempt"), tr("HTTP status"),
                                   tr("Took"), tr("Outcome"), tr("Answer or error")},
                                  this);
    m_handlerAttempts->setObjectName(QStringLiteral("handlerAttempts"));
    m_handlerAttempts->setAccessibleName(tr("Requests to the handler"));
    m_handlerAttempts->setToolTip(
        tr("Each request inbox-dispatcher made to hand this event to the team's handler, with "
           "the same Idempotency-Key every time"));
}

// The Lead tab: the event's lead and its possible duplicates.
QWidget *EventDetailPane::buildLeadPage()
{
    auto *leadPage = new QWidget(this);
    m_lead = new QLabel(leadPage);
    m_lead->setObjectName(QStringLiteral("lead"));
    m_lead->setTextFormat(Qt::RichText);
    m_lead->setWordWrap(true);
    m_lead->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_candidates = makeTable({tr("Pair"), tr("Status"), tr("Reasons"), tr("Score"),
                              tr("Other lead"), tr("Phone"), tr("E-mail"),
                              tr("Source / external id"), tr("Lead came"), tr("Decided")},
                             leadPage);
    m_candidates->setObjectName(QStringLiteral("candidates"));
    m_candidates->setAccessibleName(tr("Possible duplicates"));
    m_candidates->setToolTip(tr("Double-click or Enter: open the pair on Duplicates"));
    auto *leadLayout = new QVBoxLayout(leadPage);
    leadLayout->addWidget(m_lead);
    m_candidatesLabel = new QLabel(tr("Possible duplicates:"), leadPage);
    leadLayout->addWidget(m_candidatesLabel);
    leadLayout->addWidget(m_candidates, 1);
    return leadPage;
}

// Loading, opening a pair, the copy buttons and the pane's context menu.
void EventDetailPane::connectLoaderAndCopy()
{
    connect(m_loader, &EventDetailLoader::loaded, this, &EventDetailPane::onLoaded);
    connect(m_candidates, &QTableWidget::cellActivated, this, [this](int row) {
        if (row >= 0 && row < m_detail.candidates.size())
            emit openPair(m_detail.candidates.at(row).id);
    });
    connect(m_loader, &EventDetailLoader::failed, this, [this](const DbError &error) {
        m_facts->setText(escaped(tr("Could not load the event: %1").arg(error.message)));
    });
    connect(m_copyId, &QPushButton::clicked, this,
            [this] { copy(QString::number(m_detail.id), tr("event id")); });
    connect(m_copyExternal, &QPushButton::clicked, this,
            [this] { copy(m_detail.externalId(), tr("external id")); });
    connect(m_copyKey, &QPushButton::clicked, this,
            [this] { copy(m_detail.idempotencyKey(), tr("idempotency key")); });
    connect(m_copyLink, &QPushButton::clicked, this, &EventDetailPane::requestLink);
    // Right-click on the pane (outside its texts and tables, which have their own menus).
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        QMenu menu(this);
        // The key is the window's Edit > Copy link: shown here, not bound a second time.
        QAction *link = menu.addAction(tr("Copy link") + QLatin1Char('\t') +
                                       linkKey().toString(QKeySequence::NativeText));
        link->setEnabled(m_detail.found && m_detail.id > 0);
        if (menu.exec(mapToGlobal(at)) == link)
            requestLink();
    });
}

// Saving a body (the event's or a conflicting one's) and showing a conflicting body.
void EventDetailPane::connectSaving()
{
    connect(m_saveBody, &QPushButton::clicked, this, [this] { askAndSave(0); });
    connect(m_saveConflict, &QPushButton::clicked, this, [this] {
        const int row = m_conflicts->currentRow();
        if (row >= 0 && row < m_detail.conflictBodies.size())
            askAndSave(m_detail.conflictBodies.at(row).conflictId);
    });
    connect(m_conflicts, &QTableWidget::currentCellChanged, this,
            [this](int row) { showConflictBody(row); });
    connect(m_loader, &EventDetailLoader::wholeBodyFetched, this,
            [this](qint64 eventId, qint64 conflictId, const QByteArray &bytes) {
                if (eventId != m_detail.id || conflictId != m_saveWhich || m_savePath.isEmpty())
                    return;
                QSaveFile file(m_savePath);
                const bool ok = file.open(QIODevice::WriteOnly) &&
                                file.write(bytes) == bytes.size() && file.commit();
                const QString result = ok ? m_savePath : file.errorString();
                m_savePath.clear();
                emit saved(ok, result);
                m_message->setText(ok ? tr("Saved %1").arg(JournalModel::formatBytes(bytes.size()))
                                      : tr("Not saved: %1").arg(result));
                m_message->show();
            });
    connect(m_loader, &EventDetailLoader::wholeBodyFailed, this, [this](const DbError &error) {
        m_savePath.clear();
        emit saved(false, error.message);
        m_message->setText(tr("Not saved: %1").arg(error.message));
        m_message->show();
    });
}

void EventDetailPane::showKept(qint64 eventId, const QString &source, const QString &externalId)
{
    if (eventId <= 0) {
        clear();
        return;
    }
    if (eventId != m_detail.id)
        m_title->setText(tr("Event %1 (loading...)").arg(eventId));
    m_loader->loadKept(eventId, source, externalId);
}

void EventDetailPane::showEvent(qint64 eventId)
{
    if (eventId <= 0) {
        clear();
        return;
    }
    if (eventId != m_detail.id)
        m_title->setText(tr("Event %1 (loading...)").arg(eventId));
    m_loader->load(eventId);
}

void EventDetailPane::clear()
{
    m_loader->clear();
    m_detail = EventDetail();
    m_title->setText(
        tr("Select an event to see its body, deliveries, timeline, actions and lead."));
    m_facts->clear();
    m_message->hide();
    for (QPushButton *b :
         {m_copyId, m_copyExternal, m_copyKey, m_copyLink, m_saveBody, m_saveConflict})
        b->setEnabled(false);
    m_bodyInfo->clear();
    m_bodyText->clear();
    m_bodyFields->hide();
    for (QTableWidget *t :
         {m_deliveries, m_conflicts, m_timeline, m_actions, m_handlerAttempts, m_candidates})
        t->setRowCount(0);
    m_conflictText->clear();
    m_conflictFields->hide();
    m_conflictInfo->clear();
    m_lead->clear();
    setEventActionTips();
}

void EventDetailPane::onLoaded(const EventDetail &detail)
{
    const bool same = detail.id == m_detail.id;
    const int conflictRow = m_conflicts->currentRow();
    m_detail = detail;
    m_message->hide();
    if (detail.isKept()) {
        fillKept();
        return;
    }
    if (!detail.found) {
        clear();
        m_title->setText(tr("Event %1 is no longer in the database (pruned).").arg(detail.id));
        return;
    }
    const QVariantMap &e = detail.event;
    m_title->setText(
        tr("Event %1: %2 / %3").arg(detail.id).arg(detail.source(), detail.externalId()));
    for (QPushButton *b : {m_copyId, m_copyExternal, m_copyKey, m_copyLink, m_saveBody})
        b->setEnabled(true);
    setEventActionTips();

    const QString status = detail.status();
    QStringList facts;
    facts << QStringLiteral("<b>%1</b>").arg(escaped(JournalModel::statusText(status)));
    const QString kind = e.value(QStringLiteral("kind")).toString();
    if (!kind.isEmpty()) // a sender that names no kind: no empty "kind" fact
        facts << tr("kind %1").arg(escaped(kind));
    const int attempts = e.value(QStringLiteral("attempts")).toInt();
    const int maxAttempts = e.value(QStringLiteral("max_attempts")).toInt();
    facts << (attempts > 0 ? tr("attempt %1 of %2").arg(attempts).arg(maxAttempts)
                           : tr("not tried yet, up to %n attempt(s)", "", maxAttempts));
    facts << tr("deliveries %1").arg(e.value(QStringLiteral("deliveries")).toInt());
    facts << tr("occurred %1").arg(when(e.value(QStringLiteral("occurred_at")).toDateTime()));
    facts << tr("received %1").arg(when(e.value(QStringLiteral("received_at")).toDateTime()));
    if (status == QLatin1String("received"))
        facts << tr("next attempt %1")
                     .arg(when(e.value(QStringLiteral("next_attempt_at")).toDateTime()));
    if (status == QLatin1String("processing"))
        facts << tr("locked by %1 since %2")
                     .arg(escaped(e.value(QStringLiteral("locked_by")).toString()),
                          when(e.value(QStringLiteral("locked_at")).toDateTime()));
    if (status == QLatin1String("done"))
        facts << tr("done %1").arg(when(e.value(QStringLiteral("done_at")).toDateTime()));
    QString html = facts.join(QStringLiteral(" · "));
    html += QStringLiteral("<br>") + tr("key %1").arg(escaped(detail.idempotencyKey()));
    const QString error = e.value(QStringLiteral("last_error")).toString();
    if (!error.isEmpty() && status == QLatin1String("done")) {
        // complete keeps the error of an earlier attempt (contract §12): it is history here,
        // not the event's state.
        html += QStringLiteral("<br>") +
                tr("Earlier error, before the attempt that succeeded: %1").arg(escaped(error));
    } else if (!error.isEmpty()) {
        const bool retryable = e.value(QStringLiteral("error_retryable")).toBool();
        html += QStringLiteral("<br>") + (retryable ? tr("Last error (retryable): %1")
                                                    : tr("Last error (not retryable): %1"))
                                             .arg(escaped(error));
    }
    const QString review = e.value(QStringLiteral("needs_review")).toString();
    if (!review.isEmpty())
        html += QStringLiteral("<br>") + tr("<b>Needs review:</b> %1").arg(escaped(review));
    const QString result = e.value(QStringLiteral("result")).toString();
    if (!result.isEmpty())
        html += QStringLiteral("<br>") + tr("Result: %1").arg(escaped(result.left(300)));
    m_facts->setText(html);

    if (!same || m_bodyText->document()->isEmpty())
        showBody(m_bodyText, m_bodyInfo, m_bodyFields, detail.body);
    fillDeliveries();
    fillTimeline();
    fillActions();
    fillHandlerAttempts();
    fillLead();
    if (!detail.conflictBodies.isEmpty()) {
        const int row = same && conflictRow >= 0 ? conflictRow : 0;
        m_conflicts->setCurrentCell(qMin(row, int(detail.conflictBodies.size()) - 1), 0);
        showConflictBody(m_conflicts->currentRow());
    }
    emit loaded(detail.id);
}

void EventDetailPane::setEventActionTips()
{
    m_saveBody->setToolTip(QString());
    m_copyLink->setToolTip(tr("Copy a link to this event that a colleague can open (%1)")
                               .arg(linkKey().toString(QKeySequence::NativeText)));
}

// A key prune kept: its summary, whatever journal entries and lead still name its old id, and
// the deliveries after the prune. Nothing can be done to an event that is gone: saving its
// body and a link to it are off, and their tooltips say why.
void EventDetailPane::fillKept()
{
    const EventDetail::Kept &k = m_detail.kept;
    m_title->setText(tr("Event %1: %2 / %3 (removed by retention)")
                         .arg(m_detail.id)
                         .arg(k.source, k.externalId));
    for (QPushButton *b : {m_copyId, m_copyExternal, m_copyKey})
        b->setEnabled(true);
    m_copyLink->setEnabled(false);
    m_saveBody->setEnabled(false);
    const QString removed =
        tr("Body and actions removed by retention on %1; its journal entries stay until "
           "their day is pruned.")
            .arg(when(k.prunedAt));
    const QString gone = tr("Not available: the event was removed by retention on %1; only its "
                            "key and a summary are kept, so it has no body and no actions "
                            "(nothing to requeue, save or link to).")
                             .arg(when(k.prunedAt));
    m_saveBody->setToolTip(gone);
    m_copyLink->setToolTip(gone);

    QStringList facts;
    facts << QStringLiteral("<b>%1</b>").arg(escaped(tr("removed by retention")));
    if (!k.kind.isEmpty())
        facts << tr("kind %1").arg(escaped(k.kind));
    facts << tr("first seen %1").arg(when(k.receivedAt));
    facts << tr("final status %1").arg(escaped(JournalModel::statusText(k.status)));
    if (k.doneAt.isValid())
        facts << tr("done %1").arg(when(k.doneAt));
    facts << tr("deliveries %1 (repeats after the removal included)").arg(k.deliveries);
    facts << tr("last delivery %1").arg(when(k.lastDeliveryAt));
    QString html = facts.join(QStringLiteral(" · "));
    html += QStringLiteral("<br>") + tr("key %1").arg(escaped(k.idempotencyKey));
    html += QStringLiteral("<br><b>") + escaped(removed) + QStringLiteral("</b>");
    m_facts->setText(html);

    m_bodyInfo->setText(removed);
    m_bodyText->clear(); // left in place (empty), so the note stays at the top of the tab
    m_bodyText->show();
    m_bodyFields->hide();
    fillDeliveries();
    fillTimeline();
    fillActions();
    fillHandlerAttempts();
    fillLead();
    emit loaded(m_detail.id);
}

QString EventDetailPane::noteText(const DecodedBody &d)
{
    switch (d.noteCode) {
    case DecodedBody::Note::None:
        return QString();
    case DecodedBody::Note::InvalidJson:
        return tr("Not valid JSON (%1); shown as text.")
            .arg(d.note.section(QLatin1Char('('), 1).section(QLatin1Char(')'), 0, 0));
    case DecodedBody::Note::TooDeep:
        return tr("JSON nested deeper than %1 levels; shown as text.")
            .arg(BodyDecoder::kMaxJsonDepth);
    case DecodedBody::Note::Binary:
        return tr("Binary data; shown as a hex dump.");
    case DecodedBody::Note::InvalidUtf8:
        return tr("Bytes that are not valid UTF-8 are shown as \uFFFD.");
    }
    return QString();
}

void EventDetailPane::showBody(QPlainTextEdit *view, QLabel *info, QTableWidget *fields,
                               const EventDetail::Body &body)
{
    const DecodedBody d = BodyDecoder::decode(body.head, body.contentType, body.bytes);
    QString format;
    switch (d.format) {
    case DecodedBody::Format::Empty:
        format = tr("empty");
        break;
    case DecodedBody::Format::Json:
        format = tr("JSON");
        break;
    case DecodedBody::Format::Form:
        format = tr("form fields");
        break;
    case DecodedBody::Format::Text:
        format = tr("text");
        break;
    case DecodedBody::Format::Hex:
        format = tr("hex dump");
        break;
    }
    QStringList parts{body.contentType, JournalModel::formatBytes(body.bytes), format};
    QString text = parts.join(QStringLiteral(" · "));
    const QString note = noteText(d);
    if (!note.isEmpty())
        text += QStringLiteral(" · ") + note;
    if (d.truncated)
        text +=
            QStringLiteral(" · ") + tr("showing the first %1; save the whole body to see all of it")
                                        .arg(JournalModel::formatBytes(d.decodedBytes));
    info->setText(text);
    view->setLineWrapMode(d.format == DecodedBody::Format::Text ? QPlainTextEdit::WidgetWidth
                                                                : QPlainTextEdit::NoWrap);
    view->setPlainText(d.text);
    // Form fields read best as a table; the text repeats them, so it steps aside.
    view->setVisible(d.format != DecodedBody::Format::Form);
    fields->setVisible(d.format == DecodedBody::Format::Form);
    fields->setRowCount(int(d.fields.size()));
    for (int r = 0; r < d.fields.size(); ++r)
        setRow(fields, r, {d.fields.at(r).first, d.fields.at(r).second});
    fields->resizeColumnToContents(0);
}

void EventDetailPane::fillDeliveries()
{
    QVector<const EventDetail::JournalEntry *> rows;
    for (const auto &j : std::as_const(m_detail.journal)) {
        if (j.isDelivery())
            rows << &j;
    }
    m_deliveries->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const auto &j = *rows.at(r);
        // The delivery number is in the entry's detail (the first delivery is number 1).
        QString number = j.entry == QLatin1String("received") ? QStringLiteral("1") : QString();
        const int at = int(j.detail.indexOf(QLatin1String("\"delivery\": ")));
        if (at >= 0)
            number =
                j.detail.mid(at + 12).section(QRegularExpression(QStringLiteral("[,}]")), 0, 0);
        setRow(m_deliveries, r, {when(j.at), number, entryText(j.entry), j.detail});
    }
    m_deliveries->resizeColumnsToContents();

    m_conflicts->setRowCount(int(m_detail.conflictBodies.size()));
    for (int r = 0; r < m_detail.conflictBodies.size(); ++r) {
        const auto &b = m_detail.conflictBodies.at(r);
        setRow(m_conflicts, r,
               {when(b.at), b.contentType, JournalModel::formatBytes(b.bytes), b.fingerprint});
    }
    m_conflicts->resizeColumnsToContents();
    const bool any = !m_detail.conflictBodies.isEmpty();
    m_saveConflict->setEnabled(any);
    if (!any) {
        m_conflictInfo->setText(tr("No conflicting delivery: every repeat had the same body."));
        m_conflictText->clear();
        m_conflictFields->hide();
    }
}

void EventDetailPane::showConflictBody(int row)
{
    if (row < 0 || row >= m_detail.conflictBodies.size())
        return;
    showBody(m_conflictText, m_conflictInfo, m_conflictFields, m_detail.conflictBodies.at(row));
}

void EventDetailPane::fillTimeline()
{
    const int extra = m_detail.journalTruncated ? 1 : 0;
    const int older = m_detail.repeatsTruncated ? 1 : 0;
    m_timeline->setRowCount(int(m_detail.journal.size()) + extra + older);
    int r = 0;
    if (older) {
        setRow(m_timeline, r++,
               {QString(),
                tr("... older repeats after the removal left out: showing the latest %1")
                    .arg(EventDetailLoader::kJournalLimit),
                QString(), QString()});
    }
    for (const auto &j : std::as_const(m_detail.journal)) {
        setRow(m_timeline, r,
               {when(j.at), entryText(j.entry),
                j.byPerson ? tr("%1 (person)").arg(j.actor) : j.actor, j.detail});
        ++r;
        if (r == 1 + older && extra) {
            setRow(m_timeline, r,
                   {QString(),
                    tr("... earlier entries left out: showing the first and the latest %1")
                        .arg(EventDetailLoader::kJournalLimit),
                    QString(), QString()});
            ++r;
        }
    }
    m_timeline->resizeColumnsToContents();
}

void EventDetailPane::fillActions()
{
    m_actions->setRowCount(int(m_detail.actions.size()));
    for (int r = 0; r < m_detail.actions.size(); ++r) {
        const auto &a = m_detail.actions.at(r);
        setRow(m_actions, r,
               {a.kind, a.operationKey, a.state, QString::number(a.begun), when(a.startedAt),
                when(a.finishedAt), a.result});
    }
    m_actions->resizeColumnsToContents();
}

void EventDetailPane::fillHandlerAttempts()
{
    m_handlerAttempts->setRowCount(int(m_detail.handlerAttempts.size()));
    for (int r = 0; r < m_detail.handlerAttempts.size(); ++r) {
        const auto &a = m_detail.handlerAttempts.at(r);
        // What the contract made of the answer (delivery_attempts.applied, 0025).
        QString outcome;
        if (a.applied == QLatin1String("done"))
            outcome = tr("delivered: done");
        else if (a.applied == QLatin1String("received"))
            outcome = tr("failed: will be retried");
        else if (a.applied == QLatin1String("failed"))
            outcome = a.outcome == QLatin1String("reject") ? tr("refused by the handler: failed")
                                                           : tr("failed: no attempts left");
        else if (a.applied == QLatin1String("released"))
            outcome = tr("given back uncounted: the destination is paused");
        else if (a.applied == QLatin1String("lost_lock"))
            outcome = tr("not recorded: the event was no longer held");
        else
            outcome = a.applied;
        setRow(m_handlerAttempts, r,
               {when(a.at), a.destination, QString::number(a.attempt),
                a.httpStatus > 0 ? QString::number(a.httpStatus) : tr("no answer"),
                tr("%1 ms").arg(locale().toString(a.durationMs)), outcome,
                (a.answer.isEmpty() ? a.error : a.answer).left(300)});
    }
    m_handlerAttempts->resizeColumnsToContents();
}

void EventDetailPane::fillLead()
{
    // Without a lead there are no pairs: an empty table would look like "no duplicates".
    m_candidatesLabel->setVisible(m_detail.hasLead);
    m_candidates->setVisible(m_detail.hasLead);
    if (!m_detail.hasLead) {
        m_lead->setText(tr("This event has no lead, so it has no possible duplicates."));
        m_candidates->setRowCount(0);
        return;
    }
    const auto &l = m_detail.lead;
    auto pair = [](const QString &raw, const QString &norm) {
        if (raw.isEmpty() && norm.isEmpty())
            return QStringLiteral("-");
        return norm.isEmpty() || norm == raw
                   ? escaped(raw)
                   : QStringLiteral("%1 → %2").arg(escaped(raw), escaped(norm));
    };
    QString html = tr("<b>Lead %1</b>, came %2").arg(l.id).arg(when(l.createdAt));
    html += QStringLiteral("<br>") + tr("Name: %1").arg(escaped(l.name));
    html += QStringLiteral("<br>") + tr("Phone: %1").arg(pair(l.phoneRaw, l.phoneNorm));
    html += QStringLiteral("<br>") + tr("E-mail: %1").arg(pair(l.emailRaw, l.emailNorm));
    html += QStringLiteral("<br>") + tr("Channel: %1").arg(escaped(l.channel));
    if (!l.summary.isEmpty())
        html += QStringLiteral("<br>") + tr("Summary: %1").arg(escaped(l.summary));
    if (!l.dealRef.isEmpty())
        html +=
            QStringLiteral("<br>") +
            (l.dealOpen ? tr("Deal %1 (open)") : tr("Deal %1 (closed)")).arg(escaped(l.dealRef));
    if (l.mergedInto)
        html += QStringLiteral("<br>") + tr("<b>Merged into lead %1</b>").arg(l.mergedInto);
    m_lead->setText(html);

    m_candidates->setRowCount(int(m_detail.candidates.size()));
    for (int r = 0; r < m_detail.candidates.size(); ++r) {
        const auto &c = m_detail.candidates.at(r);
        const QString decided = c.decidedBy.isEmpty()
                                    ? QString()
                                    : QStringLiteral("%1, %2").arg(c.decidedBy, when(c.decidedAt));
        setRow(m_candidates, r,
               {QString::number(c.id), c.status,
                c.reasons.join(QStringLiteral(", ")) + (c.weak ? tr(" (weak)") : QString()),
                QLocale().toString(c.score, 'f', 2), c.other.name,
                c.other.phoneNorm.isEmpty() ? c.other.phoneRaw : c.other.phoneNorm,
                c.other.emailNorm.isEmpty() ? c.other.emailRaw : c.other.emailNorm,
                c.other.source + QStringLiteral(" / ") + c.other.externalId,
                when(c.other.createdAt), decided});
    }
    m_candidates->resizeColumnsToContents();
}

void EventDetailPane::copy(const QString &text, const QString &what)
{
    QGuiApplication::clipboard()->setText(text);
    m_message->setText(tr("Copied %1").arg(what));
    m_message->show();
    QTimer::singleShot(3000, m_message, &QLabel::hide);
}

QKeySequence EventDetailPane::linkKey()
{
    return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L);
}

void EventDetailPane::requestLink()
{
    if (m_detail.found && m_detail.id > 0)
        emit linkRequested(ConsoleLink::event(m_detail.id));
}

void EventDetailPane::askAndSave(qint64 conflictId)
{
    QString type = m_detail.body.contentType;
    for (const auto &b : std::as_const(m_detail.conflictBodies)) {
        if (b.conflictId == conflictId)
            type = b.contentType;
    }
    const QString ext = type.contains(QLatin1String("json"))      ? QStringLiteral("json")
                        : type.startsWith(QLatin1String("text/")) ? QStringLiteral("txt")
                        : type == QLatin1String("message/rfc822") ? QStringLiteral("eml")
                                                                  : QStringLiteral("bin");
    const QString suggested =
        conflictId
            ? QStringLiteral("event-%1-conflict-%2.%3").arg(m_detail.id).arg(conflictId).arg(ext)
            : QStringLiteral("event-%1.%2").arg(m_detail.id).arg(ext);
    const QString path = QFileDialog::getSaveFileName(this, tr("Save body"), suggested);
    if (!path.isEmpty())
        saveWholeBody(conflictId, path);
}

void EventDetailPane::saveWholeBody(qint64 conflictId, const QString &path)
{
    if (!m_detail.found)
        return;
    m_savePath = path;
    m_saveWhich = conflictId;
    m_message->setText(tr("Reading the whole body..."));
    m_message->show();
    m_loader->fetchWholeBody(m_detail.id, conflictId);
}

} // namespace inbox
