#include "audit/auditpage.h"

#include "audit/auditeventsmodel.h"
#include "audit/auditmodel.h"
#include "audit/auditquery.h"
#include "common/multiselectbutton.h"
#include "common/timerangefilter.h"
#include "db/consolecontext.h"
#include "journal/eventdetailpane.h"
#include "settings/filtermemory.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace inbox {

namespace {
const QString kScreen = QStringLiteral("audit"); // settings group filters/audit
}

AuditPage::AuditPage(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context), m_model(new AuditModel(context, this)),
      m_events(new AuditEventsModel(context, this)), m_person(new QComboBox(this)),
      m_actions(new MultiSelectButton(tr("Action"), this)), m_range(new TimeRangeFilter(this)),
      m_status(new QLabel(this)), m_table(new QTableView(this)), m_detailTitle(new QLabel(this)),
      m_eventTable(new QTableView(this)), m_open(new QPushButton(tr("Open in journal"), this))
{
    m_filterSaver = new FilterSaver(this);
    m_person->setObjectName(QStringLiteral("personFilter"));
    m_person->setToolTip(tr("Who acted (the database user)"));
    m_person->setMinimumContentsLength(16);
    m_person->addItem(tr("Everyone"), QString());

    m_actions->setObjectName(QStringLiteral("actionFilter"));
    QVector<QPair<QString, QString>> actions;
    for (const QString &entry : AuditQuery::actionEntries())
        actions << qMakePair(entry, AuditModel::actionText(entry));
    m_actions->setOptions(actions);

    m_range->setToolTips(tr("When the action was taken"), tr("Taken from (inclusive)"),
                         tr("Taken before"));
    m_range->setCustomText(tr("Between..."));

    auto *filters = new QHBoxLayout;
    auto *personLabel = new QLabel(tr("&Person:"), this);
    personLabel->setBuddy(m_person);
    filters->addWidget(personLabel);
    filters->addWidget(m_person);
    filters->addWidget(m_actions);
    filters->addWidget(m_range);
    filters->addStretch(1);
    filters->addWidget(m_status);

    m_table->setObjectName(QStringLiteral("auditTable"));
    m_table->setAccessibleName(tr("Actions by people, newest first"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(AuditModel::At,
                                                      QHeaderView::ResizeToContents);
    // In ems, not pixels: the columns grow with a larger font (high DPI, accessibility).
    const int em = m_table->fontMetrics().horizontalAdvance(QLatin1Char('m'));
    m_table->setColumnWidth(AuditModel::Person, 14 * em);
    m_table->setColumnWidth(AuditModel::Action, 16 * em);
    m_table->setColumnWidth(AuditModel::Events, 7 * em);

    m_detailTitle->setObjectName(QStringLiteral("auditDetailTitle"));
    m_detailTitle->setWordWrap(true);
    m_detailTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detailTitle->setText(tr("Select an action to see its events."));
    m_eventTable->setObjectName(QStringLiteral("auditEvents"));
    m_eventTable->setAccessibleName(tr("Events of the selected action"));
    m_eventTable->setModel(m_events);
    m_eventTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_eventTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_eventTable->setWordWrap(false);
    m_eventTable->verticalHeader()->hide();
    m_eventTable->horizontalHeader()->setStretchLastSection(true);
    m_eventTable->setToolTip(tr("Click an event to open it in the journal"));
    m_eventTable->setColumnWidth(AuditEventsModel::ExternalId, 22 * em);
    m_open->setObjectName(QStringLiteral("openInJournal"));
    m_open->setEnabled(false);

    auto *detail = new QWidget(this);
    auto *detailLayout = new QVBoxLayout(detail);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_detailTitle, 1);
    titleRow->addWidget(m_open);
    detailLayout->addLayout(titleRow);
    detailLayout->addWidget(m_eventTable);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);

    connect(m_person, &QComboBox::currentIndexChanged, this, &AuditPage::applyFilter);
    connect(m_actions, &MultiSelectButton::selectionChanged, this, &AuditPage::applyFilter);
    connect(m_range, &TimeRangeFilter::changed, this, &AuditPage::applyFilter);
    connect(m_model, &AuditModel::personsChanged, this, &AuditPage::fillPersons);
    connect(m_model, &AuditModel::busyChanged, this,
            [this](bool busy) { m_status->setText(busy ? tr("Loading...") : QString()); });
    connect(m_model, &AuditModel::errorOccurred, this, [this](const DbError &error) {
        m_status->setText(tr("Could not read the audit: %1").arg(error.message));
    });
    connect(m_model, &AuditModel::loaded, this, &AuditPage::showSelected);
    connect(m_model, &AuditModel::updated, this, &AuditPage::showSelected);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &AuditPage::showSelected);
    // Enter (or a double click) on an action goes to its events; Enter there opens one.
    connect(m_table, &QAbstractItemView::activated, this, [this] {
        m_eventTable->setFocus(Qt::OtherFocusReason);
        if (!m_eventTable->currentIndex().isValid() && m_events->rowCount() > 0)
            m_eventTable->setCurrentIndex(m_events->index(0, 0));
    });
    connect(m_eventTable, &QTableView::clicked, this,
            [this](const QModelIndex &index) { openEventAt(index.row()); });
    connect(m_eventTable, &QTableView::activated, this,
            [this](const QModelIndex &index) { openEventAt(index.row()); });
    connect(m_eventTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                m_open->setEnabled(current.isValid() && m_events->eventId(current.row()) > 0);
            });
    connect(m_events, &AuditEventsModel::modelReset, this, [this] { m_open->setEnabled(false); });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_eventTable->selectionModel()->currentIndex();
        if (current.isValid())
            openEventAt(current.row());
    });
    // Right-click on an action: a link to it for a colleague (the key is Edit > Copy link).
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        const QModelIndex index = m_table->indexAt(at);
        if (index.isValid())
            m_table->setCurrentIndex(index);
        const std::optional<ConsoleLink> link = selectedLink();
        QMenu menu(this);
        QAction *copy =
            menu.addAction(tr("Copy link") + QLatin1Char('\t') +
                           EventDetailPane::linkKey().toString(QKeySequence::NativeText));
        copy->setEnabled(link.has_value());
        if (menu.exec(m_table->viewport()->mapToGlobal(at)) == copy && link)
            emit linkRequested(*link);
    });
    restoreFilters();
}

std::optional<ConsoleLink> AuditPage::selectedLink() const
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid() || current.row() >= m_model->rowCount())
        return std::nullopt;
    const AuditAction &a = m_model->action(current.row());
    return ConsoleLink::auditEntry(a.newestId,
                                   QDateTime::fromMSecsSinceEpoch(a.newestUs / 1000, Qt::UTC));
}

void AuditPage::showEntry(qint64 journalId, const QDateTime &at)
{
    // The entry's own second, everyone and every action: the list is then short and holds
    // it whatever the filters were (keyset pages from the newest would have to reach it).
    {
        const QSignalBlocker b1(m_person), b2(m_actions), b3(m_range);
        m_person->setCurrentIndex(m_person->findData(QString()));
        m_actions->setSelected({});
        m_range->setRange(JournalFilter::Range::Custom, at.addSecs(-1).toLocalTime(),
                          at.addSecs(1).toLocalTime());
    }
    auto *once = new QObject(this); // the first page of this filter only
    connect(m_model, &AuditModel::loaded, once, [this, once, journalId] {
        once->deleteLater();
        for (int r = 0; r < m_model->rowCount(); ++r) {
            if (m_model->action(r).journalIds.contains(journalId)) {
                m_table->setCurrentIndex(m_model->index(r, AuditModel::At));
                m_table->scrollTo(m_table->currentIndex());
                m_table->setFocus(Qt::OtherFocusReason);
                return;
            }
        }
        m_status->setText(tr("The audit entry of the link is not here any more (pruned), or "
                             "this user may not see it."));
    });
    applyFilter();
}

void AuditPage::applyFilter()
{
    AuditFilter f;
    f.person = m_person->currentData().toString();
    f.actions = m_actions->selected();
    f.range = m_range->range();
    f.from = m_range->from();
    f.to = m_range->to();
    m_model->setFilter(f);
    m_filterSaver->schedule([f] { FilterMemory::save(kScreen, f); });
}

void AuditPage::restoreFilters()
{
    // Before the first read, so the first query already has them.
    AuditFilter saved;
    if (!FilterMemory::load(kScreen, &saved))
        return;
    const QSignalBlocker b1(m_person), b2(m_actions), b3(m_range);
    if (!saved.person.isEmpty()) {
        // Shown before the list of persons arrives; fillPersons keeps it chosen.
        m_person->addItem(saved.person, saved.person);
        m_person->setCurrentIndex(m_person->count() - 1);
    }
    m_actions->setSelected(saved.actions);
    m_range->setRange(saved.range, saved.from, saved.to);
    applyFilter();
}

void AuditPage::fillPersons()
{
    const QString chosen = m_person->currentData().toString();
    const QSignalBlocker block(m_person);
    m_person->clear();
    m_person->addItem(tr("Everyone"), QString());
    for (const QString &p : m_model->persons())
        m_person->addItem(p, p);
    // A chosen person with no action left (after a prune) stays chosen.
    int at = m_person->findData(chosen);
    if (!chosen.isEmpty() && at <= 0) {
        m_person->addItem(chosen, chosen);
        at = m_person->count() - 1;
    }
    m_person->setCurrentIndex(chosen.isEmpty() ? 0 : at);
}

void AuditPage::showSelected()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid() || current.row() >= m_model->rowCount()) {
        m_detailTitle->setText(tr("Select an action to see its events."));
        m_events->setJournalIds({});
        return;
    }
    const AuditAction &a = m_model->action(current.row());
    m_detailTitle->setText(tr("%1, %2").arg(
        m_model->index(current.row(), AuditModel::At).data().toString(), AuditModel::summary(a)));
    m_events->setJournalIds(a.journalIds);
}

void AuditPage::openEventAt(int row)
{
    if (row < 0 || row >= m_events->rowCount())
        return;
    const qint64 id = m_events->eventId(row);
    if (id > 0)
        emit openEvent(id);
}

} // namespace inbox
