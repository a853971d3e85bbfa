#include "auditpage.h"

#include "auditmodel.h"
#include "consolecontext.h"
#include "multiselectbutton.h"

#include <QComboBox>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace inbox {

AuditPage::AuditPage(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context), m_model(new AuditModel(context, this)),
      m_events(new AuditEventsModel(context, this)), m_person(new QComboBox(this)),
      m_actions(new MultiSelectButton(tr("Action"), this)), m_range(new QComboBox(this)),
      m_from(new QDateTimeEdit(this)), m_to(new QDateTimeEdit(this)), m_status(new QLabel(this)),
      m_table(new QTableView(this)), m_detailTitle(new QLabel(this)),
      m_eventTable(new QTableView(this)), m_open(new QPushButton(tr("Open in journal"), this))
{
    m_person->setObjectName(QStringLiteral("personFilter"));
    m_person->setToolTip(tr("Who acted (the database user)"));
    m_person->setMinimumContentsLength(16);
    m_person->addItem(tr("Everyone"), QString());

    m_actions->setObjectName(QStringLiteral("actionFilter"));
    QVector<QPair<QString, QString>> actions;
    for (const QString &entry : AuditQuery::actionEntries())
        actions << qMakePair(entry, AuditModel::actionText(entry));
    m_actions->setOptions(actions);

    m_range->setObjectName(QStringLiteral("rangeFilter"));
    m_range->setToolTip(tr("When the action was taken"));
    const QPair<QString, JournalFilter::Range> ranges[] = {
        {tr("Any time"), JournalFilter::Range::Any},
        {tr("Last hour"), JournalFilter::Range::LastHour},
        {tr("Last 24 hours"), JournalFilter::Range::Last24Hours},
        {tr("Last 7 days"), JournalFilter::Range::Last7Days},
        {tr("Last 30 days"), JournalFilter::Range::Last30Days},
        {tr("Between..."), JournalFilter::Range::Custom},
    };
    for (const auto &r : ranges)
        m_range->addItem(r.first, int(r.second));
    m_from->setObjectName(QStringLiteral("rangeFrom"));
    m_to->setObjectName(QStringLiteral("rangeTo"));
    m_from->setToolTip(tr("Taken from (inclusive)"));
    m_to->setToolTip(tr("Taken before"));
    const QDateTime now = QDateTime::currentDateTime();
    m_from->setDateTime(now.addDays(-7));
    m_to->setDateTime(now.addSecs(3600));
    for (QDateTimeEdit *e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        e->hide();
    }

    auto *filters = new QHBoxLayout;
    auto *personLabel = new QLabel(tr("&Person:"), this);
    personLabel->setBuddy(m_person);
    filters->addWidget(personLabel);
    filters->addWidget(m_person);
    filters->addWidget(m_actions);
    filters->addWidget(m_range);
    filters->addWidget(m_from);
    filters->addWidget(m_to);
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
    m_table->setColumnWidth(AuditModel::Person, 140);
    m_table->setColumnWidth(AuditModel::Action, 160);
    m_table->setColumnWidth(AuditModel::Events, 70);

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
    m_eventTable->setColumnWidth(AuditEventsModel::ExternalId, 220);
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
    connect(m_range, &QComboBox::currentIndexChanged, this, [this] {
        const bool custom = m_range->currentData().toInt() == int(JournalFilter::Range::Custom);
        m_from->setVisible(custom);
        m_to->setVisible(custom);
        applyFilter();
    });
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, &AuditPage::applyFilter);
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, &AuditPage::applyFilter);
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
}

void AuditPage::applyFilter()
{
    AuditFilter f;
    f.person = m_person->currentData().toString();
    f.actions = m_actions->selected();
    f.range = JournalFilter::Range(m_range->currentData().toInt());
    if (f.range == JournalFilter::Range::Custom) {
        f.from = m_from->dateTime();
        f.to = m_to->dateTime();
    }
    m_model->setFilter(f);
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
