#include "duplicates/duplicatespage.h"

#include "common/rowtable.h"
#include "common/theme.h"
#include "db/consolecontext.h"
#include "duplicates/duplicatecounters.h"
#include "duplicates/duplicatepairloader.h"
#include "duplicates/duplicatequeuemodel.h"
#include "duplicates/duplicatewords.h"
#include "duplicates/leadcomparison.h"
#include "settings/filtermemory.h"
#include "support/duration.h"
#include "support/monotonic.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

namespace inbox {

namespace {

constexpr int kReadAhead = 3; // pairs read together with the one on screen
// The settings group of this screen's filters: filters/duplicates.
const QString kScreen = QStringLiteral("duplicates");

const QString kBoxRules = QStringLiteral("padding: 6px; border-radius: 4px;");
const QString kNoticePadding = QStringLiteral("padding: 6px;");

} // namespace

DuplicatesPage::DuplicatesPage(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context), m_model(new DuplicateQueueModel(this)),
      m_counters(new DuplicateCounters(this)), m_loader(new DuplicatePairLoader(this)),
      m_decider(new DuplicateDecider(this)), m_countersLabel(new QLabel(this)),
      m_busy(new QLabel(tr("Loading…"), this)), m_readProblem(new QLabel(this)),
      m_search(new QLineEdit(this)), m_channel(new QComboBox(this)), m_reason(new QComboBox(this)),
      m_age(new QComboBox(this)), m_view(new QTableView(this)), m_listNote(new QLabel(this)),
      m_title(new QLabel(this)), m_reasons(new QLabel(this)), m_weak(new QLabel(this)),
      m_decided(new QLabel(this)), m_comparison(new LeadComparison(this)),
      m_mergeStatement(new QLabel(this)), m_note(new QLineEdit(this)),
      m_merge(new QPushButton(tr("Merge [M]"), this)),
      m_reject(new QPushButton(tr("Keep separate [R]"), this)),
      m_skip(new QPushButton(tr("Skip [S]"), this)),
      m_undo(new QPushButton(tr("Undo my last [U]"), this)), m_outcome(new QLabel(this)),
      m_detail(new QWidget(this)), m_empty(new QLabel(this)), m_searchDelay(new QTimer(this)),
      m_ageTick(new QTimer(this)), m_slowReread(new QTimer(this))
{
    m_filterSaver = new FilterSaver(this);
    nameParts();
    buildFilters();
    buildQueue();
    buildPair();
    buildDecisionButtons();
    layOut();
    createShortcuts();
    connectControls();
    connectQueue();
    connectPairAndDecisions();
    connectContext();
    startTimers();

    showNothing(tr("Not connected."));
    updateCounters();
    updatePermissions();
    restoreFilters();
    if (m_context->isConnected())
        onConnected();
}

DuplicatesPage::~DuplicatesPage() = default;

void DuplicatesPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Never the search box first (it is first in the tab order): a J or M typed on arrival
    // would filter the list instead of moving or deciding. Focus already inside the page (the
    // note, a button, the list) stays where it is.
    const QWidget *focus = window()->focusWidget();
    if (!focus || !isAncestorOf(focus) || focus == m_search)
        m_view->setFocus(Qt::OtherFocusReason);
}

// ---- building the screen ---------------------------------------------------------------

int DuplicatesPage::em() const
{
    // In ems, not pixels: the columns grow with a larger font (high DPI, accessibility).
    return m_view->fontMetrics().horizontalAdvance(QLatin1Char('m'));
}

int DuplicatesPage::headerWidth(int column) const
{
    const QHeaderView *header = m_view->horizontalHeader();
    QFont bold = header->font();
    bold.setBold(true);
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const QString text = m_model->headerData(column, Qt::Horizontal).toString();
    return QFontMetrics(bold).horizontalAdvance(text) + 4 * margin;
}

void DuplicatesPage::nameParts()
{
    // Object names: for tests and accessibility tools.
    const std::pair<QWidget *, const char *> names[] = {
        {m_countersLabel, "counters"},
        {m_readProblem, "readProblem"},
        {m_search, "search"},
        {m_channel, "channelFilter"},
        {m_reason, "reasonFilter"},
        {m_age, "ageFilter"},
        {m_view, "queue"},
        {m_listNote, "listNote"},
        {m_title, "pairTitle"},
        {m_reasons, "reasons"},
        {m_weak, "weak"},
        {m_decided, "decidedBanner"},
        {m_mergeStatement, "mergeStatement"},
        {m_outcome, "outcome"},
        {m_empty, "empty"},
        {m_note, "note"},
        {m_merge, "merge"},
        {m_reject, "reject"},
        {m_skip, "skip"},
        {m_undo, "undo"},
    };
    for (const auto &[widget, name] : names)
        widget->setObjectName(QLatin1String(name));
}

void DuplicatesPage::buildFilters()
{
    m_search->setPlaceholderText(tr("Search by phone, e-mail or external id  ( / )"));
    m_search->setAccessibleName(tr("Search pairs"));
    m_search->setClearButtonEnabled(true);
    m_channel->addItem(tr("All channels"), QString());
    m_channel->setAccessibleName(tr("Channel"));
    m_reason->setAccessibleName(tr("Reason"));
    m_reason->addItem(tr("Any reason"), QString());
    m_reason->addItem(tr("Same phone"), QStringLiteral("same_phone"));
    m_reason->addItem(tr("Same e-mail"), QStringLiteral("same_email"));
    m_reason->addItem(tr("Open deal"), QStringLiteral("open_deal"));
    m_reason->addItem(tr("Names differ"), QStringLiteral("names_differ"));
    m_reason->addItem(tr("Weak evidence only"), QStringLiteral("weak"));
    m_reason->addItem(tr("Strong evidence only"), QStringLiteral("strong"));
    m_age->setAccessibleName(tr("Age"));
    m_age->addItem(tr("Any age"), int(DuplicateFilter::Age::Any));
    m_age->addItem(tr("Flagged in the last hour"), int(DuplicateFilter::Age::UnderHour));
    m_age->addItem(tr("Flagged in the last 24 hours"), int(DuplicateFilter::Age::UnderDay));
    m_age->addItem(tr("Waiting over 24 hours"), int(DuplicateFilter::Age::OverDay));
    m_age->addItem(tr("Waiting over 7 days"), int(DuplicateFilter::Age::OverWeek));
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(250);
    m_busy->hide();
}

void DuplicatesPage::buildQueue()
{
    m_view->setModel(m_model);
    setUpRowTable(m_view);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Each column as wide as its usual content and never narrower than its header (drawn bold
    // while a row is selected), in any language; a long name or e-mail is elided and its
    // tooltip holds the whole text. The last column takes what is left.
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);
    const std::pair<int, int> widths[] = {
        {DuplicateQueueModel::Waiting, 6},  {DuplicateQueueModel::Channels, 12},
        {DuplicateQueueModel::Names, 14},   {DuplicateQueueModel::Contact, 12},
        {DuplicateQueueModel::Reasons, 10}, {DuplicateQueueModel::Score, 4},
    };
    for (const auto &[column, ems] : widths)
        m_view->setColumnWidth(column, qMax(ems * em(), headerWidth(column)));
    m_view->setAccessibleName(tr("Open pairs, oldest first"));
    m_listNote->setWordWrap(true);
    m_listNote->hide();
}

void DuplicatesPage::buildPair()
{
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_title->setFont(big);
    for (QLabel *l :
         {m_reasons, m_weak, m_decided, m_mergeStatement, m_outcome, m_empty, m_readProblem}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::PlainText);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    // Through the theme, so that the text follows a later change of theme (a plain style sheet
    // keeps the palette of the theme it was first polished in: black text in the dark theme).
    Theme::setLook(m_weak, Theme::Look::Box, kNoticePadding);
    Theme::setLook(m_decided, Theme::Look::DecidedBanner,
                   kBoxRules + QStringLiteral(" font-weight: bold;"));
    Theme::setLook(m_mergeStatement, Theme::Look::Box, kNoticePadding);
    Theme::setLook(m_readProblem, Theme::Look::ProblemBanner, kBoxRules);
    m_readProblem->hide();
    m_weak->hide();
    m_decided->hide();
}

void DuplicatesPage::buildDecisionButtons()
{
    m_note->setPlaceholderText(tr("Note (optional), saved with the decision"));
    m_note->setAccessibleName(tr("Note"));
    m_note->setMaxLength(1000);
    m_merge->setToolTip(tr("Same request: link lead B to lead A (M)"));
    m_reject->setToolTip(tr("Different requests: keep them apart for good (R)"));
    m_skip->setToolTip(tr("Decide later: go to the next pair (S)"));
    m_undo->setToolTip(tr("Undo my last decision in this session (U)"));
    for (QPushButton *b : {m_merge, m_reject, m_skip, m_undo})
        b->setFocusPolicy(Qt::TabFocus);
}

void DuplicatesPage::layOut()
{
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 3);
    filters->addWidget(m_channel, 1);
    filters->addWidget(m_reason, 1);
    filters->addWidget(m_age, 1);

    auto *top = new QHBoxLayout;
    top->addWidget(m_countersLabel, 1);
    top->addWidget(m_busy);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_view, 1);
    leftLayout->addWidget(m_listNote);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_merge);
    buttons->addWidget(m_reject);
    buttons->addWidget(m_skip);
    buttons->addStretch();
    buttons->addWidget(m_undo);

    auto *detailLayout = new QVBoxLayout(m_detail);
    detailLayout->addWidget(m_title);
    detailLayout->addWidget(m_reasons);
    detailLayout->addWidget(m_weak);
    detailLayout->addWidget(m_decided);
    detailLayout->addWidget(m_comparison);
    detailLayout->addWidget(m_mergeStatement);
    detailLayout->addStretch();
    detailLayout->addWidget(m_empty);
    m_detail->installEventFilter(this);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_detail);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    // The pair scrolls; the note, the decisions and their outcome stay below it, in view at
    // any window size (a long comparison or the connection banner never pushes them out).
    auto *right = new QWidget(this);
    right->setObjectName(QStringLiteral("pairPane"));
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(scroll, 1);
    auto *decisions = new QVBoxLayout;
    const QMargins margins = detailLayout->contentsMargins();
    decisions->setContentsMargins(margins.left(), 0, margins.right(), margins.bottom());
    decisions->addWidget(m_note);
    decisions->addLayout(buttons);
    decisions->addWidget(m_outcome);
    rightLayout->addLayout(decisions);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    // The list wide enough at first for its names and the matched contact, headers included.
    splitter->setSizes({52 * em(), 68 * em()});
    splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_readProblem);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);
}

QShortcut *DuplicatesPage::addKey(const QKeySequence &keys, const QString &what)
{
    // Only while this screen has the focus; a text field keeps its letters (Qt gives a line
    // edit's typing precedence over letter shortcuts).
    auto *s = new QShortcut(keys, this);
    s->setWhatsThis(what); // for Help > Keyboard shortcuts
    s->setContext(Qt::WidgetWithChildrenShortcut);
    return s;
}

void DuplicatesPage::createShortcuts()
{
    const auto key = [this](Qt::Key k, void (DuplicatesPage::*slot)(), const QString &what) {
        connect(addKey(QKeySequence(k), what), &QShortcut::activated, this, slot);
    };
    key(Qt::Key_J, &DuplicatesPage::next, tr("Next pair"));
    key(Qt::Key_K, &DuplicatesPage::previous, tr("Previous pair"));
    key(Qt::Key_S, &DuplicatesPage::skip, tr("Skip: decide later"));
    key(Qt::Key_U, &DuplicatesPage::undoLast, tr("Undo my last decision"));
    const auto decisionKey = [this](Qt::Key k, Decision decision, const QString &what) {
        connect(addKey(QKeySequence(k), what), &QShortcut::activated, this,
                [this, decision] { decide(decision); });
    };
    decisionKey(Qt::Key_M, Decision::Merge, tr("Merge: the same request"));
    decisionKey(Qt::Key_R, Decision::Reject, tr("Keep separate: different requests"));
    for (const QKeySequence &seq :
         {QKeySequence(Qt::Key_Slash), QKeySequence(QKeySequence::Find)}) {
        connect(addKey(seq, tr("Go to the search field")), &QShortcut::activated, this, [this] {
            m_search->setFocus();
            m_search->selectAll();
        });
    }
    // From the search back to the pairs, where the letters are decisions again.
    for (const QKeySequence &seq : {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::Key_Down)}) {
        auto *back = new QShortcut(seq, m_search);
        back->setWhatsThis(tr("In the search field: back to the list"));
        back->setContext(Qt::WidgetShortcut);
        connect(back, &QShortcut::activated, m_view, qOverload<>(&QWidget::setFocus));
    }
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), m_note);
    escape->setWhatsThis(tr("In the note field: back to the list"));
    escape->setContext(Qt::WidgetShortcut);
    connect(escape, &QShortcut::activated, m_view, qOverload<>(&QWidget::setFocus));
}

// ---- connections -----------------------------------------------------------------------

void DuplicatesPage::connectControls()
{
    connect(m_merge, &QPushButton::clicked, this, [this] { decide(Decision::Merge); });
    connect(m_reject, &QPushButton::clicked, this, [this] { decide(Decision::Reject); });
    connect(m_skip, &QPushButton::clicked, this, &DuplicatesPage::skip);
    connect(m_undo, &QPushButton::clicked, this, &DuplicatesPage::undoLast);
    connect(m_comparison, &LeadComparison::openEvent, this, &DuplicatesPage::openEvent);

    connect(m_search, &QLineEdit::textEdited, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_search, &QLineEdit::returnPressed, this, &DuplicatesPage::applyFilter);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty()) // the clear button
            applyFilter();
    });
    connect(m_searchDelay, &QTimer::timeout, this, &DuplicatesPage::applyFilter);
    for (QComboBox *c : {m_channel, m_reason, m_age})
        connect(c, &QComboBox::activated, this, &DuplicatesPage::applyFilter);
}

void DuplicatesPage::connectQueue()
{
    connect(m_model, &DuplicateQueueModel::busyChanged, m_busy, &QWidget::setVisible);
    connect(m_model, &DuplicateQueueModel::loaded, this, [this] {
        readWorked(Read::Queue);
        updateEmptyState();
        if (m_selectFirstWhenLoaded && m_currentId == 0 && m_model->rowCount() > 0) {
            m_selectFirstWhenLoaded = false;
            selectRow(0);
        } else if (m_advanceWhenLoaded) {
            m_advanceWhenLoaded = false;
            next();
        }
    });
    connect(m_model, &DuplicateQueueModel::failed, this, [this](const DbError &error) {
        readFailed(Read::Queue, error, tr("Could not read the queue: %1").arg(error.oneLine()));
    });
    connect(m_model, &DuplicateQueueModel::refreshAboutToApply, this,
            [this] { m_ignoreSelection = true; });
    connect(m_model, &DuplicateQueueModel::refreshApplied, this, [this] {
        const int row = m_model->rowOf(m_currentId);
        if (row >= 0) {
            m_resumeRow = -1;
            m_view->setCurrentIndex(m_model->index(row, 0));
        } else {
            // The pair on screen left the queue (decided elsewhere): it stays on screen with
            // what happened to it; the list shows no pair as current until J or K.
            m_view->selectionModel()->clearSelection();
            m_view->selectionModel()->clearCurrentIndex();
        }
        m_ignoreSelection = false;
        updateEmptyState();
    });
    // Track where J continues when the pair on screen is no longer in the list.
    connect(m_model, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) {
                if (m_resumeRow >= 0) {
                    if (last < m_resumeRow)
                        m_resumeRow -= last - first + 1;
                    else if (first < m_resumeRow)
                        m_resumeRow = first;
                    return;
                }
                const int row = m_model->rowOf(m_currentId);
                if (row >= first && row <= last)
                    m_resumeRow = first;
            });
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) {
                if (m_model->rowOf(m_currentId) >= 0)
                    m_resumeRow = -1;
                else if (m_resumeRow >= 0 && first <= m_resumeRow)
                    m_resumeRow += last - first + 1;
            });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { m_resumeRow = -1; });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!m_ignoreSelection && current.isValid())
                    onCurrentRowChanged(current.row());
            });
}

void DuplicatesPage::connectPairAndDecisions()
{
    connect(m_counters, &DuplicateCounters::changed, this, &DuplicatesPage::updateCounters);
    connect(m_loader, &DuplicatePairLoader::loaded, this, &DuplicatesPage::onPairLoaded);
    connect(m_loader, &DuplicatePairLoader::missing, this, &DuplicatesPage::onPairMissing);
    connect(m_loader, &DuplicatePairLoader::loaded, this, [this] { readWorked(Read::Pair); });
    connect(m_loader, &DuplicatePairLoader::missing, this, [this] { readWorked(Read::Pair); });
    connect(m_loader, &DuplicatePairLoader::failed, this, [this](const DbError &error) {
        readFailed(Read::Pair, error, tr("Could not read the pair: %1").arg(error.oneLine()));
    });
    connect(m_decider, &DuplicateDecider::finished, this, &DuplicatesPage::onDecision);
    connect(m_decider, &DuplicateDecider::busyChanged, this, [this] { updatePermissions(); });
    connect(m_decider, &DuplicateDecider::connectionLost, this, [this](const DecisionResult &r) {
        // At once; the decision is not sent again, its outcome comes from the database.
        say(tr("The connection was lost during the decision on pair #%1; reading the pair "
               "again to tell whether it was applied…")
                .arg(r.candidateId),
            true);
        m_context->reportPossibleLoss();
    });
}

void DuplicatesPage::connectContext()
{
    connect(m_context, &ConsoleContext::connected, this, &DuplicatesPage::onConnected);
    connect(m_context, &ConsoleContext::disconnected, this, &DuplicatesPage::onDisconnected);
    // F5 or a reconnect: every read starts afresh (an error shown comes back only if it fails
    // again), not so the slow re-read, which leaves an outage's error in place.
    connect(m_context, &ConsoleContext::reread, this, [this] {
        clearReadProblems();
        rereadAll();
    });
    connect(m_context, &ConsoleContext::changed, this, &DuplicatesPage::onTopics);
}

void DuplicatesPage::startTimers()
{
    // Waiting times are relative to now.
    m_ageTick->setInterval(30000);
    connect(m_ageTick, &QTimer::timeout, m_model, &DuplicateQueueModel::touchAges);
    m_ageTick->start();
    // inbox._notify sends a topic at most once a second per session, so the second of two
    // quick decisions by one manager (or a burst of leads from one worker) can go unannounced.
    // A slow re-read while the screen is shown covers that trailing change.
    m_slowReread->setInterval(10000);
    connect(m_slowReread, &QTimer::timeout, this, [this] {
        if (isVisible())
            rereadAll();
    });
    // (Started again: the constructor's split in 6f3016c dropped this line, so the slow
    // re-read never ran, and a read that failed once stayed failed until F5.)
    m_slowReread->start();
}

// ---- connection and live updates -------------------------------------------------------

void DuplicatesPage::onConnected()
{
    // Lists and pairs are read where reads go (a standby); decisions go to the primary.
    const ConnectOptions &reads = m_context->readOptions();
    m_model->setConnectOptions(reads);
    m_counters->setConnectOptions(reads);
    m_loader->setConnectOptions(reads);
    if (!m_decider->isBusy())
        m_decider->setConnectOptions(m_context->options());
    m_mayDecide = m_context->info().mayDecideDuplicates();
    m_mine.clear();
    m_currentId = 0;
    m_selectFirstWhenLoaded = true;
    m_outcome->clear();
    clearReadProblems();
    updatePermissions();
    m_model->reload();
    m_counters->refresh();
}

void DuplicatesPage::onDisconnected()
{
    m_model->clear();
    m_counters->clear();
    m_loader->invalidate();
    m_currentId = 0;
    m_mayDecide = false;
    clearReadProblems();
    showNothing(tr("Not connected."));
    updatePermissions();
}

void DuplicatesPage::onTopics(const QSet<QString> &topics)
{
    if (!m_context->isConnected())
        return;
    if (topics.contains(QStringLiteral("duplicates"))) {
        m_counters->refresh();
        m_model->refresh();
    }
    if (topics.contains(QStringLiteral("duplicates")) || topics.contains(QStringLiteral("leads"))) {
        // The pair on screen may have been decided by someone else, or its leads changed.
        m_loader->invalidate();
        if (m_currentId)
            m_loader->load(m_currentId, readAhead(m_currentId));
    }
}

void DuplicatesPage::rereadAll()
{
    if (!m_context->isConnected())
        return;
    m_counters->refresh();
    m_model->refresh();
    m_loader->invalidate();
    if (m_currentId)
        m_loader->load(m_currentId, readAhead(m_currentId));
}

void DuplicatesPage::applyFilter()
{
    m_searchDelay->stop();
    DuplicateFilter f;
    f.search = m_search->text().trimmed();
    f.channel = m_channel->currentData().toString();
    f.reason = m_reason->currentData().toString();
    f.age = DuplicateFilter::Age(m_age->currentData().toInt());
    if (f == m_model->filter())
        return;
    m_currentId = 0;
    m_selectFirstWhenLoaded = true;
    showNothing(QString());
    m_model->setFilter(f);
    m_filterSaver->schedule([f] { FilterMemory::save(kScreen, f); });
}

void DuplicatesPage::restoreFilters()
{
    // Before the first read, so the first query already has them (not the search: see
    // FilterMemory). A saved reason this version does not offer is dropped.
    QStringList reasons;
    for (int i = 1; i < m_reason->count(); ++i)
        reasons << m_reason->itemData(i).toString();
    DuplicateFilter saved;
    if (!FilterMemory::load(kScreen, &saved, reasons))
        return;
    if (!saved.channel.isEmpty()) {
        // Shown before the channels arrive; updateCounters keeps it chosen.
        m_channel->addItem(saved.channel, saved.channel);
        m_channel->setCurrentIndex(m_channel->count() - 1);
    }
    m_reason->setCurrentIndex(qMax(0, m_reason->findData(saved.reason)));
    m_age->setCurrentIndex(qMax(0, m_age->findData(int(saved.age))));
    applyFilter();
}

void DuplicatesPage::updateCounters()
{
    if (!m_counters->isValid()) {
        m_countersLabel->setText(tr("Open: —   Decided today: —"));
        return;
    }
    const QLocale locale;
    m_countersLabel->setText(tr("Open: %1   Decided today: %2 by you, %3 by everyone")
                                 .arg(locale.toString(m_counters->open()),
                                      locale.toString(m_counters->decidedTodayByMe()),
                                      locale.toString(m_counters->decidedTodayByAll())));
    // Channels for the filter, keeping the choice.
    const QString chosen = m_channel->currentData().toString();
    QStringList have;
    for (int i = 1; i < m_channel->count(); ++i)
        have << m_channel->itemData(i).toString();
    if (have != m_counters->channels()) {
        while (m_channel->count() > 1)
            m_channel->removeItem(1);
        for (const QString &c : m_counters->channels())
            m_channel->addItem(c, c);
        // A chosen channel with no open pair left stays chosen: the filter never changes
        // by itself, and what the list shows is what the filter says.
        int at = m_channel->findData(chosen);
        if (!chosen.isEmpty() && at < 0) {
            m_channel->addItem(chosen, chosen);
            at = m_channel->count() - 1;
        }
        m_channel->setCurrentIndex(at < 0 ? 0 : at);
    }
}

void DuplicatesPage::updatePermissions()
{
    const bool open = m_currentId != 0 && m_pair.id == m_currentId && m_pair.isOpen();
    const bool busy = m_decider->isBusy();
    const QString why =
        tr("Read-only: deciding on duplicates needs the inbox_manager role, which %1 does not "
           "have.")
            .arg(m_context->info().user.isEmpty() ? tr("this user") : m_context->info().user);
    m_merge->setEnabled(m_mayDecide && open && !busy && m_pair.newer.mergedInto == 0);
    m_reject->setEnabled(m_mayDecide && open && !busy);
    m_undo->setEnabled(m_mayDecide && !busy && !m_mine.isEmpty());
    m_note->setEnabled(m_mayDecide);
    m_skip->setEnabled(m_currentId != 0);
    if (!m_mayDecide && m_context->isConnected()) {
        for (QWidget *w : {static_cast<QWidget *>(m_merge), static_cast<QWidget *>(m_reject),
                           static_cast<QWidget *>(m_undo), static_cast<QWidget *>(m_note)})
            w->setToolTip(why);
    } else {
        m_merge->setToolTip(m_pair.newer.mergedInto
                                ? tr("Lead B is already linked to lead #%1: undo that first")
                                      .arg(m_pair.newer.mergedInto)
                                : tr("Same request: link lead B to lead A (M)"));
        m_reject->setToolTip(tr("Different requests: keep them apart for good (R)"));
        m_undo->setToolTip(tr("Undo my last decision in this session (U)"));
        m_note->setToolTip(QString());
    }
}

void DuplicatesPage::updateEmptyState()
{
    const bool none = m_model->rowCount() == 0 && !m_model->isLoading();
    if (none && m_currentId == 0) {
        const bool filtered = m_model->filter() != DuplicateFilter();
        showNothing(filtered ? tr("No open pair matches the filter.")
                             : tr("No open pairs: nothing to review."));
    }
    m_listNote->setVisible(m_model->isCapped());
    if (m_model->isCapped())
        m_listNote->setText(tr("Showing the oldest %1 pairs; narrow the filter to see the others.")
                                .arg(QLocale().toString(DuplicateQueueModel::kMaxRows)));
}

// ---- the pair on screen ----------------------------------------------------------------

void DuplicatesPage::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const QModelIndex index = m_model->index(row, 0);
    if (m_view->currentIndex().row() == row && m_model->candidateAt(row) == m_currentId) {
        return;
    }
    m_view->setCurrentIndex(index); // currentRowChanged opens it
    m_view->scrollTo(index);
    if (m_model->candidateAt(row) != m_currentId)
        onCurrentRowChanged(row); // the index was already current (the list slid under it)
}

void DuplicatesPage::onCurrentRowChanged(int row)
{
    const qint64 id = m_model->candidateAt(row);
    if (id && id != m_currentId)
        open(id);
}

void DuplicatesPage::showCandidate(qint64 candidateId)
{
    if (candidateId > 0)
        open(candidateId);
}

void DuplicatesPage::open(qint64 id)
{
    m_currentId = id;
    m_resumeRow = -1;
    m_selectFirstWhenLoaded = false;
    m_loader->load(id, readAhead(id));
}

QVector<qint64> DuplicatesPage::readAhead(qint64 id) const
{
    // The pairs after it, or where J continues when it has left the list.
    QVector<qint64> ahead;
    const int row = m_model->rowOf(id);
    const int from = row >= 0 ? row + 1 : qMax(m_resumeRow, 0);
    for (int r = from; r < from + kReadAhead && r < m_model->rowCount(); ++r)
        ahead << m_model->candidateAt(r);
    return ahead;
}

void DuplicatesPage::onPairLoaded(const DuplicatePair &pair)
{
    if (pair.id != m_currentId)
        return;
    const bool samePair = m_pair.id == pair.id;
    m_pair = pair;
    m_drawnId = 0; // decisions wait until what the person decides on has been drawn
    if (!samePair)
        m_note->clear();
    showPair();
    if (m_advanceStartedNs) {
        m_lastAdvanceUs = (monotonicNs() - m_advanceStartedNs) / 1000;
        m_advanceStartedNs = 0;
    }
    emit pairShown(pair.id);
}

void DuplicatesPage::onPairMissing(qint64 id)
{
    if (id != m_currentId)
        return;
    showNothing(tr("Pair #%1 no longer exists.").arg(id));
}

void DuplicatesPage::showPair()
{
    const DuplicatePair &p = m_pair;
    m_empty->hide();
    for (QWidget *w : {static_cast<QWidget *>(m_title), static_cast<QWidget *>(m_reasons),
                       static_cast<QWidget *>(m_comparison), static_cast<QWidget *>(m_note),
                       static_cast<QWidget *>(m_merge), static_cast<QWidget *>(m_reject),
                       static_cast<QWidget *>(m_skip), static_cast<QWidget *>(m_undo)})
        w->show();
    m_title->setText(tr("Pair #%1 · flagged %2 ago · score %3")
                         .arg(p.id)
                         .arg(formatDuration(p.createdAt.secsTo(QDateTime::currentDateTimeUtc())))
                         .arg(QLocale().toString(p.score, 'f', 2)));
    m_reasons->setText(tr("Why: %1").arg(DuplicateWords::reasons(p)));
    const QString weak = DuplicateWords::weakness(p);
    m_weak->setText(tr("⚠ %1").arg(weak));
    m_weak->setVisible(!weak.isEmpty());
    m_comparison->setPair(p);
    m_detail->update(); // its paint (eventFilter) is what tells that the pair is on screen

    if (p.isOpen()) {
        m_decided->hide();
        m_mergeStatement->setText(DuplicateWords::mergeStatement(p));
        m_mergeStatement->show();
    } else {
        const bool mine = std::any_of(m_mine.cbegin(), m_mine.cend(),
                                      [&p](const Mine &m) { return m.id == p.id; }) &&
                          p.decidedBy == m_context->info().user;
        const QString what =
            DuplicateWords::decision(p.status, p.statusWord, p.decidedBy, p.decidedAt, p.note);
        m_decided->setText(mine ? tr("Decided by you: %1. U undoes it.").arg(what)
                                : tr("Already decided: %1. Nothing to do here; J opens the next "
                                     "pair.")
                                      .arg(what));
        m_decided->show();
        m_mergeStatement->hide();
    }
    updatePermissions();
}

void DuplicatesPage::redrawIfShown(qint64 pairId)
{
    if (m_pair.id == pairId)
        showPair();
}

void DuplicatesPage::showNothing(const QString &why)
{
    m_pair = DuplicatePair();
    for (QWidget *w :
         {static_cast<QWidget *>(m_title), static_cast<QWidget *>(m_reasons),
          static_cast<QWidget *>(m_weak), static_cast<QWidget *>(m_decided),
          static_cast<QWidget *>(m_comparison), static_cast<QWidget *>(m_mergeStatement),
          static_cast<QWidget *>(m_note), static_cast<QWidget *>(m_merge),
          static_cast<QWidget *>(m_reject), static_cast<QWidget *>(m_skip)})
        w->hide();
    m_comparison->clear();
    m_title->clear();
    m_reasons->clear();
    m_empty->setText(why);
    m_empty->setVisible(!why.isEmpty());
    updatePermissions();
}

// ---- decisions and moves ---------------------------------------------------------------

bool DuplicatesPage::checkMayDecide()
{
    if (m_mayDecide)
        return true;
    say(tr("Read-only: deciding on duplicates needs the inbox_manager role."), true);
    return false;
}

void DuplicatesPage::say(const QString &text, bool problem)
{
    m_outcome->setText(text);
    Theme::setLook(m_outcome, problem ? Theme::Look::ProblemBanner : Theme::Look::Plain,
                   problem ? kBoxRules : QString());
}

void DuplicatesPage::readFailed(Read read, const DbError &error, const QString &what)
{
    const int i = int(read);
    if (error.connectionLost)
        m_context->reportPossibleLoss();
    if (error.connectionLost && !m_readRetried[i] && m_context->isConnected()) {
        m_readRetried[i] = true;
        if (read == Read::Queue)
            m_model->refresh();
        else if (m_currentId)
            m_loader->load(m_currentId, readAhead(m_currentId));
        return;
    }
    m_readErrors[i] = what;
    showReadProblems();
}

void DuplicatesPage::readWorked(Read read)
{
    const int i = int(read);
    m_readRetried[i] = false;
    if (m_readErrors[i].isEmpty())
        return;
    m_readErrors[i].clear();
    showReadProblems();
}

void DuplicatesPage::clearReadProblems()
{
    for (int i = 0; i < 2; ++i) {
        m_readErrors[i].clear();
        m_readRetried[i] = false;
    }
    showReadProblems();
}

void DuplicatesPage::showReadProblems()
{
    QStringList lines;
    for (const QString &e : m_readErrors) {
        if (!e.isEmpty())
            lines << e;
    }
    m_readProblem->setText(lines.join(QLatin1Char('\n')));
    m_readProblem->setVisible(!lines.isEmpty());
}

bool DuplicatesPage::eventFilter(QObject *watched, QEvent *event)
{
    // The pair pane has been drawn with what showPair put in it: decisions may now take it.
    // (The pane, not the comparison: the pane is in view however far it is scrolled.)
    if (watched == m_detail && event->type() == QEvent::Paint)
        m_drawnId = m_pair.id;
    return QWidget::eventFilter(watched, event);
}

void DuplicatesPage::decide(Decision decision)
{
    if (!checkMayDecide() || m_currentId == 0)
        return;
    if (m_pair.id != m_currentId) {
        // Never decide on a pair the person has not seen yet.
        say(tr("Pair #%1 is still loading; decide once it is shown.").arg(m_currentId), true);
        return;
    }
    if (m_drawnId != m_currentId)
        return; // a key that waited behind the answer that moved the screen on: it was
                // meant for the pair just decided, whose outcome stays on the line
    if (m_decider->isBusy())
        return; // one decision at a time: the next key waits for the answer
    if (!m_pair.isOpen()) {
        say(tr("Pair #%1 is already decided: %2.")
                .arg(m_pair.id)
                .arg(DuplicateWords::decision(m_pair.status, m_pair.statusWord, m_pair.decidedBy,
                                              m_pair.decidedAt)),
            true);
        return;
    }
    m_advanceStartedNs = monotonicNs();
    say(decision == Decision::Merge ? tr("Merging pair #%1…").arg(m_currentId)
                                    : tr("Keeping pair #%1 separate…").arg(m_currentId));
    m_decider->decide(m_currentId, decision, m_note->text());
    updatePermissions();
}

void DuplicatesPage::undoLast()
{
    if (!checkMayDecide() || m_decider->isBusy())
        return;
    if (m_mine.isEmpty()) {
        say(tr("Nothing of yours to undo in this session."));
        return;
    }
    const Mine last = m_mine.last();
    say(tr("Undoing your decision on pair #%1…").arg(last.id));
    m_decider->undoMine(last.id, last.status);
    updatePermissions();
}

void DuplicatesPage::skip()
{
    if (m_currentId == 0)
        return;
    m_model->setSkipped(m_currentId, true);
    say(tr("Skipped pair #%1; it stays in the queue.").arg(m_currentId));
    next();
}

void DuplicatesPage::next()
{
    const int row = m_model->rowOf(m_currentId);
    const int target = row >= 0 ? row + 1 : qMax(m_resumeRow, 0);
    if (target < m_model->rowCount()) {
        selectRow(target);
    } else if (m_model->canFetchMore(QModelIndex())) {
        m_advanceWhenLoaded = true;
        m_model->fetchMore(QModelIndex());
    } else if (m_model->isLoading()) {
        m_advanceWhenLoaded = true;
    } else {
        say(tr("That was the last pair in the queue."));
    }
}

void DuplicatesPage::previous()
{
    const int row = m_model->rowOf(m_currentId);
    const int target = row >= 0 ? row - 1 : m_resumeRow - 1;
    if (target >= 0)
        selectRow(target);
    else
        say(tr("That is the first pair in the queue."));
}

void DuplicatesPage::advanceAfter(qint64 decidedId)
{
    // Out of the list at once; the pair that takes its place opens (from the read-ahead).
    const int row = m_model->rowOf(decidedId);
    m_ignoreSelection = true;
    m_model->removeCandidate(decidedId);
    m_ignoreSelection = false;
    if (decidedId != m_currentId)
        return; // the person has moved on already
    const int target = row >= 0 ? row : qMax(m_resumeRow, 0);
    m_resumeRow = target;
    if (target < m_model->rowCount()) {
        selectRow(target);
    } else if (m_model->canFetchMore(QModelIndex())) {
        m_advanceWhenLoaded = true;
        m_model->fetchMore(QModelIndex());
    } else {
        m_currentId = 0;
        m_view->selectionModel()->clearCurrentIndex();
        showNothing(tr("That was the last open pair: the queue is empty."));
    }
}

void DuplicatesPage::onDecision(const DecisionResult &r)
{
    emit decisionFinished(r);
    const QString now = r.stateKnown ? DuplicateWords::decision(r.status, r.statusWord, r.decidedBy,
                                                                r.decidedAt, r.note)
                                     : QString();
    // The pair on screen learns its new state from the answer (who decided what and when).
    if (r.stateKnown && m_pair.id == r.candidateId) {
        m_pair.setStatus(r.statusWord); // the word and its value stay together
        m_pair.decidedBy = r.decidedBy;
        m_pair.decidedAt = r.decidedAt;
        m_pair.note = r.note;
    }
    m_loader->forget(r.candidateId); // the read-ahead of the next pairs stays
    m_counters->refresh();
    if (r.decision == Decision::Undo)
        onUndoFinished(r, now);
    else
        onDecideFinished(r, now);
    updatePermissions();
}

void DuplicatesPage::onUndoFinished(const DecisionResult &r, const QString &now)
{
    switch (r.outcomeKind) {
    case DecisionOutcome::Undone:
        m_mine.removeLast();
        say(tr("Undone: pair #%1 is open again.").arg(r.candidateId));
        // Back on screen at once, and back in the list at its place.
        m_currentId = r.candidateId;
        m_loader->reload(r.candidateId);
        m_model->refresh();
        return;
    case DecisionOutcome::ChangedSince:
        m_mine.removeLast();
        say(tr("Not undone: pair #%1 has changed since your decision (now: %2).")
                .arg(r.candidateId)
                .arg(now),
            true);
        return;
    case DecisionOutcome::NotDecided:
        m_mine.removeLast();
        say(tr("Not undone: pair #%1 is already open again.").arg(r.candidateId), true);
        return;
    case DecisionOutcome::NotFound:
        m_mine.removeLast();
        say(tr("Not undone: pair #%1 no longer exists.").arg(r.candidateId), true);
        return;
    case DecisionOutcome::Unknown:
        // Not taken for an undo: the decision stays mine, and the server's word is shown.
        say(tr("The undo of pair #%1 failed: %2").arg(r.candidateId).arg(r.outcome), true);
        return;
    default:
        break;
    }
    if (!r.outcomeUnknown) {
        say(tr("The undo of pair #%1 failed: %2").arg(r.candidateId).arg(r.error.oneLine()), true);
        return;
    }
    const bool undone = r.stateKnown && r.status == PairStatus::Open;
    if (undone)
        m_mine.removeLast();
    say(r.stateKnown ? tr("The connection was lost during the undo; pair #%1 is now: %2.")
                           .arg(r.candidateId)
                           .arg(now)
                     : tr("The connection was lost during the undo of pair #%1; whether "
                          "it was undone is not known yet. It will be read again when "
                          "the connection is back.")
                           .arg(r.candidateId),
        true);
    m_context->reportPossibleLoss();
}

void DuplicatesPage::onDecideFinished(const DecisionResult &r, const QString &now)
{
    const QString verb = decisionVerb(r.decision);
    switch (r.outcomeKind) {
    case DecisionOutcome::Merged:
    case DecisionOutcome::Rejected:
        m_mine << Mine{r.candidateId, r.status};
        say(r.outcomeKind == DecisionOutcome::Merged
                ? tr("Merged pair #%1: lead B is linked to lead A. U undoes it.").arg(r.candidateId)
                : tr("Kept pair #%1 separate. U undoes it.").arg(r.candidateId));
        advanceAfter(r.candidateId);
        return;
    case DecisionOutcome::AlreadyDecided:
        say(tr("Your %1 was not applied: pair #%2 was already %3.")
                .arg(verb)
                .arg(r.candidateId)
                .arg(now),
            true);
        redrawIfShown(r.candidateId);
        m_model->refresh();
        return;
    case DecisionOutcome::LeadAlreadyMerged:
        say(tr("Not merged: lead B of pair #%1 is already linked to another lead by an earlier "
               "decision; undo that one first.")
                .arg(r.candidateId),
            true);
        m_loader->reload(r.candidateId);
        return;
    case DecisionOutcome::NotFound:
        say(tr("Pair #%1 no longer exists.").arg(r.candidateId), true);
        m_model->refresh();
        return;
    case DecisionOutcome::Unknown:
        // A word this version does not know is never taken for success: shown as it came,
        // and the pair as the database has it now.
        say(tr("The %1 of pair #%2 failed: %3").arg(verb).arg(r.candidateId).arg(r.outcome), true);
        redrawIfShown(r.candidateId);
        m_model->refresh();
        return;
    default:
        break;
    }
    if (r.outcomeUnknown) {
        onDecisionLost(r, now, verb);
        return;
    }
    const QString me = m_context->info().user;
    say(r.error.isPermissionDenied()
            ? tr("The database refused the decision: %1 may not decide on duplicates.").arg(me)
            : tr("The %1 of pair #%2 failed: %3")
                  .arg(verb)
                  .arg(r.candidateId)
                  .arg(r.error.oneLine()),
        true);
}

void DuplicatesPage::onDecisionLost(const DecisionResult &r, const QString &now,
                                    const QString &verb)
{
    const PairStatus mine =
        r.decision == Decision::Merge ? PairStatus::Merged : PairStatus::Rejected;
    if (r.stateKnown && r.status == mine && r.decidedBy == m_context->info().user) {
        m_mine << Mine{r.candidateId, r.status};
        say(tr("The connection was lost, but your decision went through: pair #%1 is %2.")
                .arg(r.candidateId)
                .arg(now));
        advanceAfter(r.candidateId);
    } else if (r.stateKnown && r.status == PairStatus::Open) {
        say(tr("The connection was lost before your decision (%1) on pair #%2 went through: it "
               "was not applied. The pair is still open; decide it again.")
                .arg(verb)
                .arg(r.candidateId),
            true);
        redrawIfShown(r.candidateId);
    } else if (r.stateKnown) {
        say(tr("The connection was lost; your %1 was not applied. Pair #%2 is now: %3.")
                .arg(verb)
                .arg(r.candidateId)
                .arg(now),
            true);
        redrawIfShown(r.candidateId);
    } else {
        say(tr("The connection was lost during the %1 of pair #%2; whether it was applied is "
               "not known yet. The pair will be read again when the connection is back.")
                .arg(verb)
                .arg(r.candidateId),
            true);
    }
    m_context->reportPossibleLoss();
}

QString DuplicatesPage::decisionVerb(Decision decision)
{
    return decision == Decision::Merge ? tr("merge") : tr("keep separate");
}

} // namespace inbox
