#include "journal/journalpage.h"

#include "common/multiselectbutton.h"
#include "common/pageactions.h"
#include "common/sourcekindoptions.h"
#include "common/statusdelegate.h"
#include "common/theme.h"
#include "common/timerangefilter.h"
#include "db/consolecontext.h"
#include "journal/csvexportflow.h"
#include "journal/eventdetailpane.h"
#include "journal/journalexporter.h"
#include "journal/journalmodel.h"
#include "settings/filtermemory.h"
#include "support/logging.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

namespace inbox {

namespace {
const QString kScreen = QStringLiteral("journal"); // settings group filters/journal

// A strip above the table (the query running, new events): its text and the one button that
// acts on it, hidden until there is something to say.
void layOutStrip(QWidget *strip, QLabel *text, QPushButton *button)
{
    auto *layout = new QHBoxLayout(strip);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(text, 1);
    layout->addWidget(button);
    strip->hide();
}
} // namespace

JournalPage::JournalPage(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context), m_model(new JournalModel(context, this)),
      m_search(new QLineEdit(this)), m_sources(new MultiSelectButton(tr("Source"), this)),
      m_statuses(new MultiSelectButton(tr("Status"), this)),
      m_kinds(new MultiSelectButton(tr("Kind"), this)), m_range(new TimeRangeFilter(this)),
      m_review(new QCheckBox(tr("Needs review"), this)),
      m_clear(new QPushButton(tr("Clear filters"), this)),
      m_export(new QPushButton(tr("Export CSV..."), this)), m_busyBar(new QWidget(this)),
      m_busyLabel(new QLabel(m_busyBar)), m_cancel(new QPushButton(tr("Cancel"), m_busyBar)),
      m_newBar(new QWidget(this)), m_newLabel(new QLabel(m_newBar)),
      m_showNew(new QPushButton(tr("Show"), m_newBar)), m_error(new QLabel(this)),
      m_table(new QTableView(this)), m_detail(new EventDetailPane(context, this)),
      m_status(new QLabel(this)), m_searchDelay(new QTimer(this)), m_busyDelay(new QTimer(this)),
      m_busyTick(new QTimer(this)), m_detailDelay(new QTimer(this))
{
    setObjectName(QStringLiteral("journalPage"));
    m_filterSaver = new FilterSaver(this);
    buildSearch();
    buildFilters();
    createActions();
    buildStrips();
    buildTable();
    layOut();
    setUpTimers();
    connectControls();
    connectSorting();
    connectModel();
    connectTable();
    createShortcuts();
    connectContext();
    restoreFilters();
    m_options->start();
    updateStatus();
}

JournalPage::~JournalPage() = default;

// ---- building the screen ---------------------------------------------------------------

void JournalPage::buildSearch()
{
    m_search->setObjectName(QStringLiteral("journalSearch"));
    m_search->setAccessibleName(tr("Search"));
    m_search->setPlaceholderText(tr("Search id, key, phone, e-mail or name  ( / )"));
    // The whole rule, which the short placeholder cannot hold.
    m_search->setToolTip(tr("An external id, idempotency key or event id (exact matches first), "
                            "the start of an external id or idempotency key, or a customer's "
                            "phone, e-mail or the start of their name as their lead has it "
                            "(any way the phone is written; e-mail and name in any case)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(m_search->fontMetrics().horizontalAdvance(QLatin1Char('m')) * 22);
}

void JournalPage::buildFilters()
{
    m_sources->setObjectName(QStringLiteral("sourceFilter"));
    m_statuses->setObjectName(QStringLiteral("statusFilter"));
    m_kinds->setObjectName(QStringLiteral("kindFilter"));
    QVector<QPair<QString, QString>> statuses;
    for (const QString &value : JournalFilter::statusValues())
        statuses.append({value, JournalModel::statusText(value)});
    m_statuses->setOptions(statuses);
    // The same shapes as in the table, so the list reads without colour too.
    const int side = m_search->fontMetrics().height();
    for (int i = 0; i < m_statuses->list()->count(); ++i) {
        QPixmap badge(side, side);
        badge.fill(Qt::transparent);
        QPainter painter(&badge);
        StatusDelegate::paintBadge(&painter, QRectF(0, 0, side, side),
                                   m_statuses->list()->item(i)->data(Qt::UserRole).toString());
        painter.end();
        m_statuses->list()->item(i)->setIcon(QIcon(badge));
    }

    m_review->setObjectName(QStringLiteral("needsReview"));
    m_review->setToolTip(
        tr("Only events a person should look at (key conflict, enrichment failed...)"));
    m_clear->setObjectName(QStringLiteral("clearFilters"));
    m_export->setObjectName(QStringLiteral("exportCsv"));
    m_export->setToolTip(
        tr("Write every event the current search and filters match to a CSV file"));
}

void JournalPage::createActions()
{
    // Keys for what the table's context menu offers, on the row with the focus.
    m_copyId = addPageAction(this, QStringLiteral("copyEventId"), tr("Copy event id"),
                             {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)});
    m_copyExternal = addPageAction(this, QStringLiteral("copyExternalId"), tr("Copy external id"),
                                   {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)});
    m_copyKey =
        addPageAction(this, QStringLiteral("copyIdempotencyKey"), tr("Copy idempotency key"),
                      {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)});
    connect(m_copyId, &QAction::triggered, this, [this] { copyCurrent(JournalModel::Id); });
    connect(m_copyExternal, &QAction::triggered, this,
            [this] { copyCurrent(JournalModel::ExternalId); });
    connect(m_copyKey, &QAction::triggered, this, [this] { copyCurrent(JournalModel::Key); });
    QAction *exportAction =
        addPageAction(this, QStringLiteral("exportCsvAction"), tr("Export CSV..."),
                      {QKeySequence(Qt::CTRL | Qt::Key_E)});
    connect(exportAction, &QAction::triggered, this, &JournalPage::askExport);
}

void JournalPage::buildStrips()
{
    m_busyBar->setObjectName(QStringLiteral("busyBar"));
    m_busyLabel->setObjectName(QStringLiteral("busyLabel"));
    m_cancel->setObjectName(QStringLiteral("cancelQuery"));
    layOutStrip(m_busyBar, m_busyLabel, m_cancel);

    m_newBar->setObjectName(QStringLiteral("newBar"));
    m_newLabel->setObjectName(QStringLiteral("newLabel"));
    m_showNew->setObjectName(QStringLiteral("showNew"));
    m_newBar->setAutoFillBackground(true);
    m_newBar->setBackgroundRole(QPalette::AlternateBase); // a role, so it follows the theme
    layOutStrip(m_newBar, m_newLabel, m_showNew);

    m_error->setObjectName(QStringLiteral("journalError"));
    m_error->setWordWrap(true);
    Theme::setLook(m_error, Theme::Look::AlertText);
    m_error->hide();
}

void JournalPage::buildTable()
{
    m_table->setObjectName(QStringLiteral("journalTable"));
    m_table->setAccessibleName(tr("Events, newest first"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    // Tab leaves the table for the detail's tabs and buttons (the arrows move between cells);
    // with the view's default Tab went from cell to cell and never out of the table.
    m_table->setTabKeyNavigation(false);
    // Uniform rows: the view never measures row contents, so millions of rows scroll alike.
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    QHeaderView *header = m_table->horizontalHeader();
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    header->setSectionsClickable(true);
    header->setSortIndicatorShown(true);
    header->setSortIndicator(JournalModel::Received, Qt::DescendingOrder);
    header->setStretchLastSection(true);
    const int em = m_table->fontMetrics().horizontalAdvance(QLatin1Char('m'));
    const QVector<QPair<int, int>> widths{
        {JournalModel::Received, 14},  {JournalModel::Source, 8},  {JournalModel::ExternalId, 20},
        {JournalModel::Kind, 11},      {JournalModel::Status, 9},  {JournalModel::Attempts, 7},
        {JournalModel::Deliveries, 7}, {JournalModel::Review, 10}, {JournalModel::Error, 22},
        {JournalModel::Id, 7},         {JournalModel::Key, 26},    {JournalModel::Occurred, 14},
    };
    for (const auto &w : widths)
        m_table->setColumnWidth(w.first, w.second * em);
    m_table->setItemDelegateForColumn(JournalModel::Status,
                                      new StatusDelegate(JournalModel::RawRole, m_table));
}

void JournalPage::layOut()
{
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 2);
    filters->addWidget(m_sources);
    filters->addWidget(m_statuses);
    filters->addWidget(m_kinds);
    filters->addWidget(m_range);
    filters->addWidget(m_review);
    filters->addWidget(m_clear);
    filters->addStretch();
    filters->addWidget(m_export);

    m_status->setObjectName(QStringLiteral("journalStatus"));

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("journalSplit"));
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({480, 320});

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_busyBar);
    layout->addWidget(m_newBar);
    layout->addWidget(m_error);
    layout->addWidget(split, 1);
    m_exportFlow = new CsvExportFlow(this);
    layout->addWidget(m_exportFlow->notice());
    layout->addWidget(m_status);
}

void JournalPage::setUpTimers()
{
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(kSearchDelayMs);
    m_busyDelay->setSingleShot(true);
    m_busyDelay->setInterval(300);
    m_busyTick->setInterval(1000);
    m_detailDelay->setSingleShot(true);
    m_detailDelay->setInterval(80);
    connect(m_busyDelay, &QTimer::timeout, this, [this] {
        m_busyLabel->setText(tr("Working..."));
        m_busyBar->show();
        m_busyTick->start();
    });
    connect(m_busyTick, &QTimer::timeout, this, [this] {
        m_busyLabel->setText(tr("Working... %n s", "", int(m_busySince.elapsed() / 1000)));
    });
}

// ---- connections -----------------------------------------------------------------------

void JournalPage::connectControls()
{
    // Typing waits for a pause; each new search supersedes (and cancels) the one before.
    connect(m_search, &QLineEdit::textChanged, this, [this] {
        m_afterLoad = AfterLoad::Nothing;
        m_searchDelay->start();
    });
    // Down and Enter in the field (searchKey) lead to the results.
    m_search->installEventFilter(this);
    connect(m_searchDelay, &QTimer::timeout, this, &JournalPage::applyFilter);
    for (MultiSelectButton *b : {m_sources, m_statuses, m_kinds})
        connect(b, &MultiSelectButton::selectionChanged, this, &JournalPage::applyFilter);
    connect(m_range, &TimeRangeFilter::changed, this, &JournalPage::applyFilter);
    connect(m_review, &QCheckBox::toggled, this, &JournalPage::applyFilter);
    connect(m_clear, &QPushButton::clicked, this, &JournalPage::clearFilters);
    connect(m_export, &QPushButton::clicked, this, &JournalPage::askExport);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_model->cancel();
        m_status->setText(tr("Cancelled."));
        // The busy state ends when the cancelled query's reply comes back, and that rewrites
        // the status: say it again then.
        if (m_model->isBusy())
            connect(
                m_model, &JournalModel::busyChanged, m_status,
                [this] { m_status->setText(tr("Cancelled.")); }, Qt::SingleShotConnection);
    });
    connect(m_showNew, &QPushButton::clicked, this, &JournalPage::showNew);
}

void JournalPage::connectSorting()
{
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this](int column, Qt::SortOrder order) {
                if (JournalModel::isSortable(column) && !m_model->filter().isSearch()) {
                    m_model->sort(column, order);
                    return;
                }
                // Not sortable: put the indicator back where the rows really are.
                QHeaderView *h = m_table->horizontalHeader();
                const QSignalBlocker block(h);
                h->setSortIndicator(m_model->sortColumn(), m_model->filter().order);
            });
}

void JournalPage::connectModel()
{
    connect(m_model, &JournalModel::busyChanged, this, &JournalPage::onBusy);
    connect(m_model, &JournalModel::newCountChanged, this, &JournalPage::onNewCount);
    connect(m_model, &JournalModel::errorOccurred, this, [this](const DbError &error) {
        m_error->setText(tr("The journal query failed: %1").arg(error.message));
        m_error->show();
        updateStatus();
    });
    connect(m_model, &JournalModel::updated, this, [this] {
        m_error->hide();
        updateStatus();
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] {
        restorePlace();
        updateStatus();
    });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, [this] {
        restorePlace();
        updateStatus();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_topId = 0;
        onReset();
        updateStatus();
    });
    connect(m_model, &JournalModel::loaded, this, &JournalPage::onFirstPage);
}

void JournalPage::connectTable()
{
    connect(m_table->verticalScrollBar(), &QScrollBar::valueChanged, this,
            &JournalPage::onScrolled);
    connect(m_table->verticalScrollBar(), &QScrollBar::rangeChanged, this,
            &JournalPage::onScrolled);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, m_detailDelay,
            qOverload<>(&QTimer::start));
    connect(m_detailDelay, &QTimer::timeout, this, &JournalPage::onCurrentChanged);
    // Enter (or a double click) opens the row's detail at once.
    connect(m_table, &QAbstractItemView::activated, this, [this] {
        m_detailDelay->stop();
        onCurrentChanged();
    });
    connect(m_table, &QTableView::customContextMenuRequested, this, [this](const QPoint &pos) {
        // From the mouse: the row under it; from the keyboard (Menu key): the current row.
        QModelIndex index = m_table->indexAt(pos);
        QPoint at = pos;
        if (index.isValid()) {
            m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
        } else {
            index = m_table->currentIndex();
            at = m_table->visualRect(index).center();
        }
        if (!index.isValid())
            return;
        QMenu menu(this);
        menu.addAction(tr("Copy selected rows"), this, &JournalPage::copySelectedRows);
        menu.addAction(m_copyId);
        menu.addAction(m_copyExternal);
        menu.addAction(m_copyKey);
        menu.exec(m_table->viewport()->mapToGlobal(at));
    });

    // Ctrl+C copies the selected rows (the view's own copy would take the current cell only).
    m_table->installEventFilter(this);
}

void JournalPage::createShortcuts()
{
    auto *slash = new QShortcut(QKeySequence(Qt::Key_Slash), this);
    slash->setWhatsThis(tr("Go to the search field"));
    slash->setContext(Qt::WidgetWithChildrenShortcut);
    connect(slash, &QShortcut::activated, this, &JournalPage::focusSearch);
    auto *find = new QShortcut(QKeySequence::Find, this);
    find->setWhatsThis(tr("Go to the search field"));
    find->setContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QShortcut::activated, this, &JournalPage::focusSearch);
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), m_search);
    escape->setWhatsThis(tr("In the search field: cancel a slow search, or go to the table"));
    escape->setContext(Qt::WidgetShortcut);
    connect(escape, &QShortcut::activated, this, [this] {
        if (m_model->isBusy())
            m_model->cancel();
        else
            m_table->setFocus();
    });
}

void JournalPage::connectContext()
{
    m_options = new SourceKindOptions(QStringLiteral("journal-options"), m_context, m_sources,
                                      m_kinds, this);
    // The open event follows changes too, at most every 1.5 s under a busy ingest.
    auto *detailRefresh = new QTimer(this);
    detailRefresh->setSingleShot(true);
    detailRefresh->setInterval(1500);
    connect(detailRefresh, &QTimer::timeout, this, [this] {
        if (m_detail->eventId() > 0)
            m_detail->loader()->reload();
    });
    connect(m_context, &ConsoleContext::changed, this, [this, detailRefresh] {
        if (m_detail->eventId() > 0 && !detailRefresh->isActive())
            detailRefresh->start();
    });
    connect(m_context, &ConsoleContext::disconnected, this,
            [this] { m_status->setText(tr("Not connected.")); });
}

bool JournalPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->matches(QKeySequence::Copy)) {
        copySelectedRows();
        return true;
    }
    if (watched == m_search && event->type() == QEvent::KeyPress)
        return searchKey(static_cast<QKeyEvent *>(event));
    if (watched == m_search && event->type() == QEvent::ShortcutOverride &&
        isPageKey(static_cast<QKeyEvent *>(event))) {
        // The screen's keys before the field's Emacs-style ones: on Linux a line edit takes
        // Ctrl+E for "end of line" (End does the same), so Export CSV never came from the
        // search field. Left unaccepted, the key goes on to the page's action.
        event->ignore();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

bool JournalPage::isPageKey(const QKeyEvent *event) const
{
    const QKeyCombination pressed = event->keyCombination();
    for (const QAction *action : actions()) {
        for (const QKeySequence &keys : action->shortcuts()) {
            if (keys.count() == 1 && keys[0] == pressed)
                return true;
        }
    }
    return false;
}

JournalFilter JournalPage::currentFilter() const
{
    JournalFilter f = m_model->filter(); // keeps the sort order
    f.search = m_search->text().trimmed();
    f.sources = m_sources->selected();
    f.statuses = m_statuses->selected();
    f.kinds = m_kinds->selected();
    f.range = m_range->range();
    f.from = m_range->from();
    f.to = m_range->to();
    f.needsReview = m_review->isChecked();
    return f;
}

void JournalPage::applyFilter()
{
    m_searchDelay->stop();
    const JournalFilter f = currentFilter();
    if (f == m_model->filter())
        return;
    m_model->setFilter(f);
    m_filterSaver->schedule([f] { FilterMemory::save(kScreen, f); });
    QHeaderView *h = m_table->horizontalHeader();
    h->setSortIndicatorShown(!f.isSearch());
    m_table->scrollToTop();
    // A new list starts at its first column too (after Ctrl+End it stayed at the last).
    m_table->horizontalScrollBar()->setValue(m_table->horizontalScrollBar()->minimum());
}

void JournalPage::clearFilters()
{
    const QSignalBlocker b1(m_search), b2(m_range), b3(m_review);
    m_search->clear();
    m_range->setRange(JournalFilter::Range::Any);
    m_review->setChecked(false);
    {
        const QSignalBlocker b4(m_sources), b5(m_statuses), b6(m_kinds);
        m_sources->setSelected({});
        m_statuses->setSelected({});
        m_kinds->setSelected({});
    }
    applyFilter();
}

void JournalPage::restoreFilters()
{
    // Before the first read, so the first query already has them (not the search: see
    // FilterMemory).
    JournalFilter saved = m_model->filter();
    if (!FilterMemory::load(kScreen, &saved))
        return;
    const QSignalBlocker b1(m_sources), b2(m_statuses), b3(m_kinds), b4(m_range), b5(m_review);
    m_sources->setSelected(saved.sources); // shown even before the options arrive
    m_statuses->setSelected(saved.statuses);
    m_kinds->setSelected(saved.kinds);
    m_range->setRange(saved.range, saved.from, saved.to);
    m_review->setChecked(saved.needsReview);
    m_model->setFilter(currentFilter());
}

void JournalPage::openEvent(qint64 eventId)
{
    {
        const QSignalBlocker blocker(m_search);
        clearFilters();
        m_search->setText(QString::number(eventId));
    }
    applyFilter();
    m_detail->showEvent(eventId);
}

void JournalPage::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void JournalPage::onScrolled()
{
    if (m_restoring)
        return;
    QScrollBar *bar = m_table->verticalScrollBar();
    const bool atTop = bar->value() == 0;
    m_model->setFollowing(atTop && !m_model->hasDroppedTop());
    if (atTop && m_model->hasDroppedTop())
        m_model->fetchPrevious();
    keepPlace();
}

void JournalPage::keepPlace()
{
    const int top = m_table->verticalScrollBar()->value();
    m_topId = top < m_model->rowCount() ? m_model->row(top).id : 0;
}

void JournalPage::restorePlace()
{
    // Rows came or went above the viewport (the window slid, a re-read merged): scroll so the
    // same event stays at the top. While following the top, new rows are meant to show.
    if (m_model->isFollowing() || m_topId == 0 || m_restoring)
        return;
    m_restoring = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            const int row = m_model->rowOf(m_topId);
            if (row >= 0) {
                m_table->doItemsLayout();
                m_table->verticalScrollBar()->setValue(row);
            }
            m_restoring = false;
            onScrolled();
        },
        Qt::QueuedConnection);
}

void JournalPage::onCurrentChanged()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    const JournalRow &row = m_model->row(current.row());
    if (row.id == m_detail->loader()->eventId()) // shown or on its way
        return;
    if (row.isKept())
        m_detail->showKept(row.id, row.source, row.externalId);
    else
        m_detail->showEvent(row.id);
}

void JournalPage::onReset()
{
    // A reset (new search or filter, re-read, failure, cancel) drops the selection without a
    // signal. The event in the pane stays only as the current row of the new list (openEvent
    // asks for it before its row is in); otherwise the pane says nothing is selected.
    m_detailDelay->stop();
    const int row = m_model->rowOf(m_detail->loader()->eventId());
    if (row >= 0)
        openRow(row);
    else
        m_detail->clear();
}

void JournalPage::onFirstPage()
{
    const AfterLoad after = std::exchange(m_afterLoad, AfterLoad::Nothing);
    const int rows = m_model->rowCount();
    if (m_table->currentIndex().isValid() || rows == 0)
        return;
    // A single result is the one looked for; Down asked for the first row.
    if (rows == 1 || after == AfterLoad::FirstRow)
        openRow(0);
    if (rows == 1 && after == AfterLoad::SingleRow && m_search->hasFocus())
        m_table->setFocus(Qt::OtherFocusReason); // Enter before the rows were in
}

void JournalPage::openRow(int row)
{
    m_table->selectionModel()->setCurrentIndex(m_model->index(row, JournalModel::Received),
                                               QItemSelectionModel::ClearAndSelect |
                                                   QItemSelectionModel::Rows);
    m_detailDelay->stop();
    onCurrentChanged();
}

bool JournalPage::searchKey(QKeyEvent *event)
{
    if (event->modifiers() & ~Qt::KeypadModifier)
        return false;
    const bool down = event->key() == Qt::Key_Down;
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (!down && !enter)
        return false;
    // The text not searched yet (the pause still running): search now, act on its rows.
    if (currentFilter() != m_model->filter()) {
        applyFilter();
        m_afterLoad = down ? AfterLoad::FirstRow : AfterLoad::SingleRow;
        if (down)
            m_table->setFocus(Qt::OtherFocusReason);
        return true;
    }
    const int rows = m_model->rowCount();
    if (rows == 0 && m_model->isFetching()) { // the rows of this search are on their way
        m_afterLoad = down ? AfterLoad::FirstRow : AfterLoad::SingleRow;
        if (down)
            m_table->setFocus(Qt::OtherFocusReason);
        return true;
    }
    if (down && rows > 0) {
        // Before the focus: the view's focus-in makes row 0 current without selecting it.
        if (!m_table->currentIndex().isValid())
            openRow(0);
        m_table->setFocus(Qt::OtherFocusReason);
        return true;
    }
    if (enter && rows == 1) {
        openRow(0);
        m_table->setFocus(Qt::OtherFocusReason);
        return true;
    }
    return enter; // Enter on several results: they are the search's already
}

void JournalPage::onNewCount(int count)
{
    if (count <= 0) {
        m_newBar->hide();
        return;
    }
    m_newLabel->setText(
        count >= JournalModel::kNewCap
            ? tr("%1+ new events since this list was read").arg(JournalModel::kNewCap)
            : tr("%n new event(s) since this list was read", "", count));
    m_newBar->show();
}

void JournalPage::showNew()
{
    m_newBar->hide();
    if (m_model->hasDroppedTop()) {
        m_model->reload();
    } else {
        m_table->scrollToTop(); // following the top again merges the new rows in
        m_model->setFollowing(true);
    }
}

void JournalPage::onBusy(bool busy)
{
    // Quick queries never flash the bar; a slow one shows it with Cancel after 300 ms.
    if (busy) {
        m_busySince.start();
        m_busyDelay->start();
    } else {
        m_busyDelay->stop();
        m_busyTick->stop();
        m_busyBar->hide();
        updateStatus();
    }
}

void JournalPage::updateStatus()
{
    if (!m_context->isConnected()) {
        m_status->setText(tr("Not connected."));
        return;
    }
    QString text = tr("%n event(s) in the list", "", m_model->rowCount());
    if (m_model->filter().isSearch())
        text += QStringLiteral(" · ") +
                tr("exact matches first, then external ids and keys starting with the text, "
                   "then the lead's phone, e-mail or name");
    if (m_model->hasDroppedTop())
        text += QStringLiteral(" · ") +
                tr("earlier rows let go to save memory (scroll up to read them again)");
    if (!m_model->isAtEnd())
        text += QStringLiteral(" · ") + tr("more as you scroll");
    if (m_model->lastFetchMs() > 0 || m_model->rowCount() > 0)
        text += QStringLiteral(" · ") + tr("last read %1 ms").arg(m_model->lastFetchMs());
    m_status->setText(text);
}

void JournalPage::copySelectedRows()
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QStringList lines;
    QStringList head;
    QVector<int> columns; // in the order shown
    for (int visual = 0; visual < m_model->columnCount(); ++visual) {
        const int c = m_table->horizontalHeader()->logicalIndex(visual);
        if (!m_table->isColumnHidden(c))
            columns << c;
    }
    for (int c : std::as_const(columns))
        head << m_model->headerData(c, Qt::Horizontal).toString();
    lines << head.join(QLatin1Char('\t'));
    for (const QModelIndex &r : std::as_const(rows)) {
        QStringList cells;
        for (int c : std::as_const(columns)) {
            QString v = m_model->index(r.row(), c).data().toString();
            v.replace(QLatin1Char('\t'), QLatin1Char(' '));
            v.replace(QLatin1Char('\n'), QLatin1Char(' '));
            cells << v;
        }
        lines << cells.join(QLatin1Char('\t'));
    }
    QGuiApplication::clipboard()->setText(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
    m_status->setText(tr("Copied %n row(s).", "", int(rows.size())));
}

void JournalPage::copyCurrent(int column)
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    const QString text =
        m_model->index(current.row(), column).data(JournalModel::RawRole).toString();
    QGuiApplication::clipboard()->setText(text);
    m_status->setText(tr("Copied: %1").arg(text));
}

void JournalPage::askExport()
{
    const QString path = m_exportFlow->choosePath();
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, &error)) {
        m_status->setText(tr("Export failed: %1").arg(error));
        m_exportFlow->refused(path, error);
        return;
    }
    m_exportFlow->follow(m_exporter, path);
}

bool JournalPage::exportTo(const QString &path, QString *error)
{
    if (!m_exporter) {
        m_exporter = new JournalExporter(m_context, this);
        connect(m_exporter, &JournalExporter::progress, this, [this](qint64 rows) {
            if (m_progress)
                m_progress->setLabelText(tr("Exported %n row(s)...", "", int(rows)));
        });
        connect(m_exporter, &JournalExporter::finished, this,
                [this](bool ok, const QString &message, qint64 rows) {
                    if (m_progress) {
                        m_progress->hide();
                        m_progress->deleteLater();
                        m_progress = nullptr;
                    }
                    m_status->setText(ok ? tr("Exported %n row(s).", "", int(rows))
                                         : tr("Export failed: %1").arg(message));
                    logger("ui")->info("journal export: {} rows, ok={}", rows, ok);
                });
    }
    if (!m_exporter->start(currentFilter(), path, error))
        return false;
    m_progress = new QProgressDialog(tr("Exporting..."), tr("Cancel"), 0, 0, this);
    m_progress->setObjectName(QStringLiteral("exportProgress"));
    m_progress->setWindowTitle(tr("Export journal"));
    m_progress->setMinimumDuration(300);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    connect(m_progress, &QProgressDialog::canceled, this, [this] {
        m_exporter->cancel();
        if (m_progress) {
            m_progress->deleteLater();
            m_progress = nullptr;
        }
        m_status->setText(tr("Export cancelled; no file written."));
    });
    return true;
}

void JournalPage::showStatus(const QString &status, const QString &source)
{
    {
        const QSignalBlocker b1(m_search), b2(m_range), b3(m_review), b4(m_sources), b5(m_statuses),
            b6(m_kinds);
        m_search->clear();
        m_review->setChecked(false);
        m_statuses->setSelected({status});
        m_kinds->setSelected({});
        m_sources->setSelected(source.isEmpty() ? QStringList() : QStringList{source});
        m_range->setRange(JournalFilter::Range::Any);
    }
    applyFilter();
}

void JournalPage::showDay(const QDate &day, const QString &source)
{
    // The counters bucket days in UTC, so the range is that UTC day, shown in local time.
    const QDateTime from(day, QTime(0, 0), Qt::UTC);
    {
        const QSignalBlocker b1(m_search), b2(m_range), b3(m_review), b4(m_sources), b5(m_statuses),
            b6(m_kinds);
        m_search->clear();
        m_review->setChecked(false);
        m_statuses->setSelected({});
        m_kinds->setSelected({});
        m_sources->setSelected(source.isEmpty() ? QStringList() : QStringList{source});
        m_range->setRange(JournalFilter::Range::Custom, from.toLocalTime(),
                          from.addDays(1).toLocalTime());
    }
    applyFilter();
}

} // namespace inbox
