#include "attention/attentionpage.h"

#include "attention/attentionmodel.h"
#include "attention/requeuedialog.h"
#include "attention/reviewdialog.h"
#include "attention/reviewresolution.h"
#include "common/multiselectbutton.h"
#include "common/pageactions.h"
#include "common/rowtable.h"
#include "common/sourcekindoptions.h"
#include "common/statusdelegate.h"
#include "common/timerangefilter.h"
#include "db/consolecontext.h"
#include "db/serverinfo.h"
#include "journal/eventdetailpane.h"
#include "journal/journalmodel.h"
#include "journal/journalrow.h"
#include "settings/filtermemory.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace inbox {

namespace {
enum Scope { Selected, Group, All };
const QString kScreen = QStringLiteral("attention"); // settings group filters/attention

void setUpTable(QTableView *t, const QString &name)
{
    t->setObjectName(name);
    setUpRowTable(t);
    t->horizontalHeader()->setStretchLastSection(true);
}
} // namespace

AttentionPage::AttentionPage(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context), m_groups(new AttentionModel(context, this)),
      m_events(new JournalModel(context, this)), m_search(new QLineEdit(this)),
      m_sources(new MultiSelectButton(tr("Source"), this)),
      m_kinds(new MultiSelectButton(tr("Kind"), this)), m_range(new TimeRangeFilter(this)),
      m_requeue(new QToolButton(this)),
      m_requeueSelected(new QAction(tr("Selected events..."), this)),
      m_requeueGroup(new QAction(tr("All events of the selected group..."), this)),
      m_requeueAll(new QAction(tr("All events matching the filter..."), this)),
      m_review(new QToolButton(this)), m_status(new QLabel(this)),
      m_groupView(new QTableView(this)), m_eventView(new QTableView(this)),
      m_detail(new EventDetailPane(context, this)), m_searchDelay(new QTimer(this))
{
    setObjectName(QStringLiteral("attentionPage"));
    m_filterSaver = new FilterSaver(this);
    setWindowTitle(tr("Needs attention"));

    setUpFilterFields();
    buildRequeueMenu();
    buildPageActions();
    m_status->setObjectName(QStringLiteral("status"));

    buildGroupTable();
    buildEventTable();
    layOut();
    connectFilters();
    connectViews();
    connectGroups();
    m_options = new SourceKindOptions(QStringLiteral("attention-options"), m_context, m_sources,
                                      m_kinds, this);
    connect(m_context, &ConsoleContext::connected, this, &AttentionPage::updateActions);
    restoreFilters();
    // Nothing listed until a group is chosen.
    m_events->setFilter(m_groups->troubleFilters().value(0));
    m_options->start();
    updateActions();
}

// The search field and the source and kind filters.
void AttentionPage::setUpFilterFields()
{
    m_search->setObjectName(QStringLiteral("search"));
    m_search->setAccessibleName(tr("Search"));
    m_search->setPlaceholderText(tr("External id, idempotency key or event id"));
    m_search->setClearButtonEnabled(true);
    m_sources->setObjectName(QStringLiteral("sourceFilter"));
    m_kinds->setObjectName(QStringLiteral("kindFilter"));
}

// Requeue...: the button, its menu of three scopes and their keys.
void AttentionPage::buildRequeueMenu()
{
    m_requeue->setObjectName(QStringLiteral("requeueButton"));
    m_requeue->setText(tr("Requeue..."));
    m_requeue->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_requeue);
    menu->setTitle(tr("Requeue")); // how the shortcut list names these actions
    m_requeueSelected->setObjectName(QStringLiteral("requeueSelected"));
    m_requeueGroup->setObjectName(QStringLiteral("requeueGroup"));
    m_requeueAll->setObjectName(QStringLiteral("requeueAll"));
    menu->addAction(m_requeueSelected);
    menu->addAction(m_requeueGroup);
    menu->addAction(m_requeueAll);
    m_requeue->setMenu(menu);
    connect(m_requeueSelected, &QAction::triggered, this, [this] { openDialog(Selected); });
    connect(m_requeueGroup, &QAction::triggered, this, [this] { openDialog(Group); });
    connect(m_requeueAll, &QAction::triggered, this, [this] { openDialog(All); });
    // Keys while this screen has the focus; disabled (not offered) when the user may not.
    // "All matching the filter" has no key on purpose: it is the widest action.
    m_requeueSelected->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_requeueGroup->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    for (QAction *a : {m_requeueSelected, m_requeueGroup}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
}

// Resolve review and the key that goes to the search field.
void AttentionPage::buildPageActions()
{
    // Resolve review: the selected flagged events, else those listed of a "Needs review"
    // group; the dialog names them and asks before anything changes.
    m_resolveReview = addPageAction(this, QStringLiteral("resolveReview"), tr("Resolve review..."),
                                    {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V)});
    connect(m_resolveReview, &QAction::triggered, this, &AttentionPage::openReviewDialog);
    m_review->setObjectName(QStringLiteral("reviewButton"));
    m_review->setDefaultAction(m_resolveReview);
    QAction *find = addPageAction(this, QStringLiteral("findAction"), tr("Go to the search field"),
                                  {QKeySequence(QKeySequence::Find), QKeySequence(Qt::Key_Slash)});
    connect(find, &QAction::triggered, this, [this] {
        m_search->setFocus(Qt::ShortcutFocusReason);
        m_search->selectAll();
    });
}

// The row above the lists: search, filters and the two action buttons.
QHBoxLayout *AttentionPage::filterRow()
{
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 1);
    filters->addWidget(m_sources);
    filters->addWidget(m_kinds);
    filters->addWidget(m_range);
    filters->addWidget(m_requeue);
    filters->addWidget(m_review);
    return filters;
}

void AttentionPage::clearCurrentOnRemoval()
{
    // When the current group or event leaves its list (requeued, resolved, done meanwhile),
    // nothing is current afterwards: the view and its selection model would otherwise move
    // to a neighbour, so a repeated Ctrl+Shift+R or Ctrl+R acted on a group or event the
    // person never chose. Connected before setModel, so this runs before the view's own
    // handling of the removal.
    connect(m_groups, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) {
                const int row = m_groupView->currentIndex().row();
                if (row >= first && row <= last)
                    m_groupView->selectionModel()->clear();
            });
    connect(m_events, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) {
                const int row = m_eventView->currentIndex().row();
                if (row >= first && row <= last)
                    m_eventView->selectionModel()->setCurrentIndex({},
                                                                   QItemSelectionModel::NoUpdate);
            });
}

// The upper list: one row per group of trouble.
void AttentionPage::buildGroupTable()
{
    setUpTable(m_groupView, QStringLiteral("groups"));
    m_groupView->setAccessibleName(tr("Groups of failed, stuck and needs-review events"));
    clearCurrentOnRemoval();
    m_groupView->setModel(m_groups);
    m_groupView->setSelectionMode(QAbstractItemView::SingleSelection);
    const int em = m_groupView->fontMetrics().horizontalAdvance(QLatin1Char('m'));
    // The Trouble column as wide as its longest text in this language ("Ошибка: проверка
    // данных" was cut to "Ошибка: проверка …"), so a validation group reads as one; long
    // errors elide in the middle, where a shared prefix ("CRM API: 422 ...") is least
    // telling, and their whole text is the tooltip.
    m_groupView->setTextElideMode(Qt::ElideMiddle);
    int trouble = 0;
    for (const QString &text : AttentionModel::troubleTexts())
        trouble = qMax(trouble, m_groupView->fontMetrics().horizontalAdvance(text));
    const int cellMargins =
        2 *
        (m_groupView->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_groupView) + 1);
    m_groupView->setColumnWidth(AttentionModel::Trouble, qMax(12 * em, trouble + cellMargins + em));
    m_groupView->setColumnWidth(AttentionModel::Source, 8 * em);
    m_groupView->setColumnWidth(AttentionModel::Error, 30 * em);
    m_groupView->setColumnWidth(AttentionModel::Count, 6 * em);
    m_groupView->setColumnWidth(AttentionModel::Newest, 13 * em);
    m_groupView->setColumnWidth(AttentionModel::Worker, 9 * em);
}

// The lower list: the events of the selected group, with the detail pane beside it.
void AttentionPage::buildEventTable()
{
    const int em = m_groupView->fontMetrics().horizontalAdvance(QLatin1Char('m'));
    setUpTable(m_eventView, QStringLiteral("events"));
    m_eventView->setAccessibleName(tr("Events of the selected group"));
    m_eventView->setModel(m_events);
    m_eventView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_eventView->setItemDelegateForColumn(JournalModel::Status,
                                          new StatusDelegate(JournalModel::RawRole, m_eventView));
    for (int c : {JournalModel::Deliveries, JournalModel::Review, JournalModel::Key,
                  JournalModel::Occurred, JournalModel::Size, JournalModel::Kind})
        m_eventView->hideColumn(c);
    m_eventView->hideColumn(JournalModel::Source); // the group's
    m_eventView->setColumnWidth(JournalModel::Received, 13 * em);
    m_eventView->setColumnWidth(JournalModel::ExternalId, 14 * em);
    m_eventView->setColumnWidth(JournalModel::Error, 30 * em);
    m_detail->setObjectName(QStringLiteral("detail"));
}

// The filters above, the two lists and the detail pane in splitters, the status below.
void AttentionPage::layOut()
{
    const int em = m_groupView->fontMetrics().horizontalAdvance(QLatin1Char('m'));
    auto *lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(m_eventView);
    lower->addWidget(m_detail);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 2);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_groupView);
    split->addWidget(lower);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({16 * em, 24 * em});
    lower->setSizes({60 * em, 40 * em});

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filterRow());
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
}

// A changed filter reads again; typing waits a moment first.
void AttentionPage::connectFilters()
{
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(300);
    connect(m_searchDelay, &QTimer::timeout, this, &AttentionPage::applyFilter);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_search, &QLineEdit::returnPressed, this, &AttentionPage::applyFilter);
    connect(m_sources, &MultiSelectButton::selectionChanged, this, &AttentionPage::applyFilter);
    connect(m_kinds, &MultiSelectButton::selectionChanged, this, &AttentionPage::applyFilter);
    connect(m_range, &TimeRangeFilter::changed, this, &AttentionPage::applyFilter);
}

// Moving through the lists: the events of a group, the actions, the detail pane.
void AttentionPage::connectViews()
{
    // Enter (or a double click) on a group goes to its events.
    connect(m_groupView, &QAbstractItemView::activated, this, [this] {
        m_eventView->setFocus(Qt::OtherFocusReason);
        if (!m_eventView->currentIndex().isValid() && m_events->rowCount() > 0)
            m_eventView->setCurrentIndex(m_events->index(0, JournalModel::Received));
    });
    connect(m_groupView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &AttentionPage::onGroupChanged);
    connect(m_eventView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &AttentionPage::updateActions);
    connect(m_events, &JournalModel::updated, this, &AttentionPage::updateActions);
    connect(m_events, &QAbstractItemModel::modelReset, this, &AttentionPage::updateActions);
    // The pane shows the current event of the list on screen, or says that none is selected.
    connect(m_eventView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_detail->showEvent(current.data(JournalModel::IdRole).toLongLong());
                else
                    m_detail->clear();
            });
    // Another group (or filter) resets the list, and a reset drops the selection silently.
    connect(m_events, &QAbstractItemModel::modelReset, this, [this] {
        if (!m_eventView->currentIndex().isValid())
            m_detail->clear();
    });
}

// Each read of the groups: the first selection, the status line.
void AttentionPage::connectGroups()
{
    connect(m_groups, &AttentionModel::loaded, this, [this] {
        // The first read selects the first group; later reads keep the selection (merged in
        // place) or, when its group is gone, fall back to every failed event.
        if (!m_selectedOnce && m_groups->rowCount() > 0) {
            m_selectedOnce = true;
            m_groupView->setCurrentIndex(m_groups->index(0, 0));
        } else if (!m_groupKey.isEmpty() && m_groups->rowOf(m_groupKey) < 0) {
            onGroupChanged();
        }
        qint64 events = 0;
        for (int r = 0; r < m_groups->rowCount(); ++r)
            events += m_groups->group(r).count;
        m_status->setText(tr("%n group(s)", "", m_groups->rowCount()) + QStringLiteral(", ") +
                          tr("%n event(s)", "", int(events)));
        updateActions();
    });
    connect(m_groups, &AttentionModel::errorOccurred, this, [this](const DbError &e) {
        m_status->setText(tr("Could not read the groups: %1").arg(e.message));
    });
}

AttentionPage::~AttentionPage() = default;

JournalFilter AttentionPage::filter() const
{
    JournalFilter f;
    f.search = m_search->text();
    f.sources = m_sources->selected();
    f.kinds = m_kinds->selected();
    f.range = m_range->range();
    f.from = m_range->from();
    f.to = m_range->to();
    return f;
}

void AttentionPage::applyFilter()
{
    m_searchDelay->stop();
    const JournalFilter f = filter();
    m_groups->setFilter(f);
    m_filterSaver->schedule([f] { FilterMemory::save(kScreen, f); });
    onGroupChanged();
}

void AttentionPage::restoreFilters()
{
    // Before the first read, so the first query already has them (not the search: see
    // FilterMemory). Statuses and review are this screen's groups, not filters.
    JournalFilter saved;
    if (!FilterMemory::load(kScreen, &saved))
        return;
    const QSignalBlocker b1(m_sources), b2(m_kinds), b3(m_range);
    m_sources->setSelected(saved.sources); // shown even before the options arrive
    m_kinds->setSelected(saved.kinds);
    m_range->setRange(saved.range, saved.from, saved.to);
    m_groups->setFilter(filter());
}

void AttentionPage::onGroupChanged()
{
    const QModelIndex current = m_groupView->currentIndex();
    JournalFilter f;
    if (current.isValid()) {
        const AttentionGroup &g = m_groups->group(current.row());
        m_groupKey = g.key();
        f = g.filter(m_groups->filter());
    } else {
        m_groupKey.clear();
        f = m_groups->troubleFilters().value(0);
    }
    if (f != m_events->filter())
        m_events->setFilter(f);
    updateActions();
}

QVector<qint64> AttentionPage::selectedEventIds() const
{
    QVector<qint64> ids;
    for (const QModelIndex &i : m_eventView->selectionModel()->selectedRows())
        ids << i.data(JournalModel::IdRole).toLongLong();
    return ids;
}

void AttentionPage::updateActions()
{
    const bool may = m_context->isConnected() && m_context->info().mayRequeue();
    m_requeue->setEnabled(may);
    m_requeue->setToolTip(
        may ? tr("Requeue failed or stuck events: they keep their id and idempotency key")
            : tr("Read-only: requeue needs the inbox_operator or inbox_manager role"));
    const int selected = m_eventView->selectionModel()->selectedRows().size();
    m_requeueSelected->setEnabled(may && selected > 0);
    m_requeueSelected->setText(tr("Selected events (%n)...", "", selected));
    m_requeueGroup->setEnabled(may && m_groupView->currentIndex().isValid());
    m_requeueAll->setEnabled(may && m_groups->rowCount() > 0);

    const bool mayResolve = mayResolveReview();
    QString description;
    const bool flagged = !reviewTarget(&description).isEmpty();
    m_resolveReview->setEnabled(mayResolve && flagged);
    m_review->setToolTip(
        !mayResolve ? tr("Read-only: resolving a review needs the inbox_operator or "
                         "inbox_manager role")
        : flagged   ? tr("Resolve the review of %1").arg(description)
                    : tr("Select events that need review, or a \"Needs review\" group"));
}

bool AttentionPage::mayResolveReview() const
{
    return m_context->isConnected() && m_context->info().mayResolveReview();
}

QVector<std::pair<qint64, QString>> AttentionPage::reviewTarget(QString *description) const
{
    QVector<std::pair<qint64, QString>> out;
    const QModelIndexList selected = m_eventView->selectionModel()->selectedRows();
    for (const QModelIndex &i : selected) {
        const JournalRow &r = m_events->row(i.row());
        if (!r.needsReview.isEmpty())
            out.append({r.id, r.needsReview});
    }
    if (!selected.isEmpty()) {
        *description = tr("%n selected event(s)", "", int(out.size()));
        return out;
    }
    const QModelIndex group = m_groupView->currentIndex();
    if (!group.isValid() || m_groups->group(group.row()).trouble != AttentionGroup::Trouble::Review)
        return out;
    for (int r = 0; r < m_events->rowCount(); ++r) {
        const JournalRow &row = m_events->row(r);
        if (!row.needsReview.isEmpty())
            out.append({row.id, row.needsReview});
    }
    *description = tr("the %n event(s) listed", "", int(out.size()));
    return out;
}

void AttentionPage::openReviewDialog()
{
    if (!mayResolveReview() || m_reviewDialog)
        return;
    ReviewDialog::Target target;
    const auto events = reviewTarget(&target.description);
    if (events.isEmpty())
        return;
    for (const auto &[id, reason] : events) {
        target.ids << id;
        target.reasons << reason;
    }
    m_reviewDialog = new ReviewDialog(m_context, target, this);
    m_reviewDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_reviewDialog, &ReviewDialog::applied, this, [this] {
        // Re-read in place: the groups merge by key, the events keep their place.
        m_groups->refresh();
        m_events->refresh();
    });
    connect(m_reviewDialog, &QObject::destroyed, this, [this] { m_reviewDialog = nullptr; });
    m_reviewDialog->open();
}

void AttentionPage::openDialog(int scope)
{
    if (!m_context->info().mayRequeue() || m_dialog)
        return;
    RequeueDialog::Target target;
    switch (scope) {
    case Selected:
        target.ids = selectedEventIds();
        target.description = tr("%n selected event(s)", "", int(target.ids.size()));
        if (target.ids.isEmpty())
            return;
        break;
    case Group: {
        const QModelIndex current = m_groupView->currentIndex();
        if (!current.isValid())
            return;
        const AttentionGroup &g = m_groups->group(current.row());
        target.filters = {g.filter(m_groups->filter())};
        target.description = tr("the group \"%1, %2: %3\"")
                                 .arg(AttentionModel::troubleText(g), g.source,
                                      g.errorKey.isEmpty() ? tr("no error text") : g.errorKey);
        break;
    }
    default:
        target.filters = m_groups->troubleFilters();
        target.description = tr("every failed, stuck or needs-review event matching the filter");
        break;
    }
    m_dialog = new RequeueDialog(m_context, target, this);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &RequeueDialog::applied, this, [this] {
        // Re-read in place: the groups merge by key, the events keep their place.
        m_groups->refresh();
        m_events->refresh();
        emit requeueFinished();
    });
    connect(m_dialog, &QObject::destroyed, this, [this] { m_dialog = nullptr; });
    m_dialog->open();
}

void AttentionPage::showFailed(const QString &source)
{
    showTrouble(AttentionGroup::Trouble::Failed, source);
}

void AttentionPage::showStuck(const QString &source)
{
    showTrouble(AttentionGroup::Trouble::Stuck, source);
}

void AttentionPage::showTrouble(AttentionGroup::Trouble trouble, const QString &source)
{
    const auto select = [this, trouble, source] {
        int best = -1;
        for (int r = 0; r < m_groups->rowCount(); ++r) {
            const AttentionGroup &g = m_groups->group(r);
            if (g.trouble == trouble && (source.isEmpty() || g.source == source) &&
                (best < 0 || g.count > m_groups->group(best).count))
                best = r;
        }
        if (best >= 0) {
            m_groupView->setCurrentIndex(m_groups->index(best, AttentionModel::Trouble));
            m_groupView->scrollTo(m_groupView->currentIndex());
            m_groupView->setFocus(Qt::OtherFocusReason);
        }
    };
    if (m_groups->rowCount() > 0 && !m_groups->isBusy()) {
        select();
        return;
    }
    auto *once = new QObject(this); // the next read only
    connect(m_groups, &AttentionModel::loaded, once, [once, select] {
        select();
        once->deleteLater();
    });
}

} // namespace inbox
