#include "report/reportpage.h"

#include "common/theme.h"
#include "db/consolecontext.h"
#include "report/baselinesmodel.h"
#include "report/comparisonmodel.h"
#include "report/duplicategroupsmodel.h"
#include "report/grouprowsmodel.h"
#include "report/importdialog.h"
#include "report/reportchart.h"
#include "report/reportdocument.h"
#include "report/reportloader.h"

#include <QComboBox>
#include <QDateEdit>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace inbox {

namespace {

QTableView *table(QWidget *parent, const QString &name, const QString &accessible)
{
    auto *view = new QTableView(parent);
    view->setObjectName(name);
    view->setAccessibleName(accessible);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

QLabel *labelFor(QWidget *buddy, const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

ReportPage::ReportPage(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context), m_baselines(new BaselinesModel(context, this)),
      m_loader(new ReportLoader(context, this)), m_comparison(new ComparisonModel(this)),
      m_groups(new DuplicateGroupsModel(context, this)),
      m_groupRows(new GroupRowsModel(context, this)), m_baseline(new QComboBox(this)),
      m_window(new QSpinBox(this)), m_minutes(new QSpinBox(this)), m_from(new QDateEdit(this)),
      m_to(new QDateEdit(this)), m_pdf(new QPushButton(tr("Export &PDF..."), this)),
      m_csv(new QPushButton(tr("Export &CSV..."), this)),
      m_import(new QPushButton(tr("&Import an export..."), this)), m_summary(new QLabel(this)),
      m_status(new QLabel(this)), m_chart(new ReportChart(this)),
      m_table(table(this, QStringLiteral("reportTable"),
                    tr("Duplicates before and after the inbox, by source"))),
      m_kind(new QComboBox(this)),
      m_groupTable(table(this, QStringLiteral("baselineGroups"),
                         tr("The baseline's largest duplicate groups"))),
      m_rowTable(
          table(this, QStringLiteral("baselineGroupRows"), tr("The rows of the selected group"))),
      m_debounce(new QTimer(this))
{
    m_baseline->setObjectName(QStringLiteral("baseline"));
    m_baseline->setAccessibleName(tr("Baseline"));
    m_baseline->setToolTip(tr("An export from before the inbox (Import an export..., or "
                              "inbox-console report import)"));
    m_baseline->setMinimumContentsLength(16);
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_window->setObjectName(QStringLiteral("window"));
    m_window->setRange(1, 720);
    m_window->setValue(24);
    m_window->setSuffix(tr(" h"));
    m_window->setToolTip(tr("Rows with the same phone or e-mail this close in time are one "
                            "duplicate group; further apart they are a regular customer"));
    m_minutes->setObjectName(QStringLiteral("minutesPerDuplicate"));
    m_minutes->setRange(1, 240);
    m_minutes->setValue(7);
    m_minutes->setSuffix(tr(" min"));
    m_minutes->setToolTip(tr("A manager's minutes for each duplicate (the seeds: 5 to 10)"));
    const QDate today = QDate::currentDate();
    for (QDateEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        edit->setMaximumDate(today);
    }
    m_from->setObjectName(QStringLiteral("afterFrom"));
    m_to->setObjectName(QStringLiteral("afterTo"));
    m_from->setDate(today.addDays(-14));
    m_to->setDate(today);
    m_from->setToolTip(tr("The first day with the inbox to count (UTC)"));
    m_to->setToolTip(tr("The last day with the inbox to count (UTC)"));
    m_pdf->setObjectName(QStringLiteral("exportPdf"));
    m_csv->setObjectName(QStringLiteral("exportCsv"));
    m_pdf->setEnabled(false);
    m_csv->setEnabled(false);
    m_import->setObjectName(QStringLiteral("importExport"));
    m_kind->setObjectName(QStringLiteral("groupKind"));
    m_kind->setAccessibleName(tr("Groups by"));
    m_kind->addItem(tr("All groups"), QString());
    for (const char *kind : {"external_id", "phone", "email"})
        m_kind->addItem(DuplicateGroupsModel::kindText(QLatin1String(kind)), QLatin1String(kind));

    m_summary->setObjectName(QStringLiteral("reportSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    Theme::setLook(m_summary, Theme::Look::Box, QStringLiteral("padding: 6px;"));
    m_status->setObjectName(QStringLiteral("reportStatus"));
    m_status->setWordWrap(true);

    m_table->setModel(m_comparison);
    m_groupTable->setModel(m_groups);
    m_rowTable->setModel(m_groupRows);
    // A handful of rows: every header and figure whole, the table scrolls sideways if need be.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_groupTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_rowTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    // Two rows, so the screen never widens the window (the other screens fit in 1,024 pixels).
    auto *controls = new QHBoxLayout;
    controls->addWidget(labelFor(m_baseline, tr("&Baseline:"), this));
    controls->addWidget(m_baseline, 1);
    controls->addWidget(labelFor(m_window, tr("&Window:"), this));
    controls->addWidget(m_window);
    controls->addWidget(labelFor(m_minutes, tr("&Cost:"), this));
    controls->addWidget(m_minutes);
    controls->addWidget(m_import);
    auto *period = new QHBoxLayout;
    period->addWidget(labelFor(m_from, tr("With the inbox &from:"), this));
    period->addWidget(m_from);
    period->addWidget(labelFor(m_to, tr("&to:"), this));
    period->addWidget(m_to);
    period->addStretch(1);
    period->addWidget(m_pdf);
    period->addWidget(m_csv);

    auto *figures = new QWidget(this);
    auto *figuresLayout = new QHBoxLayout(figures);
    figuresLayout->setContentsMargins(0, 0, 0, 0);
    figuresLayout->addWidget(m_chart, 2);
    figuresLayout->addWidget(m_table, 5);

    auto *groups = new QWidget(this);
    auto *groupsLayout = new QVBoxLayout(groups);
    groupsLayout->setContentsMargins(0, 0, 0, 0);
    auto *groupsTitle = new QHBoxLayout;
    groupsTitle->addWidget(new QLabel(tr("The baseline's duplicate groups (largest first; "
                                         "select one to check its rows):"),
                                      this),
                           1);
    groupsTitle->addWidget(labelFor(m_kind, tr("B&y:"), this));
    groupsTitle->addWidget(m_kind);
    groupsLayout->addLayout(groupsTitle);
    auto *groupSplit = new QSplitter(Qt::Horizontal, this);
    groupSplit->addWidget(m_groupTable);
    groupSplit->addWidget(m_rowTable);
    groupsLayout->addWidget(groupSplit, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(figures);
    splitter->addWidget(groups);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addLayout(period);
    layout->addWidget(m_summary);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_debounce, &QTimer::timeout, this, &ReportPage::reload);
    // Each control re-reads only what depends on it: the groups do not depend on the period,
    // the figures not on the kind of group, and the cost is arithmetic on figures in hand.
    const auto reloadBoth = [this] {
        scheduleReload(true, true);
    };
    connect(m_baseline, &QComboBox::currentIndexChanged, this, reloadBoth);
    connect(m_window, &QSpinBox::valueChanged, this, reloadBoth);
    connect(m_from, &QDateEdit::dateChanged, this, [this] { scheduleReload(true, false); });
    connect(m_to, &QDateEdit::dateChanged, this, [this] { scheduleReload(true, false); });
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] { scheduleReload(false, true); });
    connect(m_minutes, &QSpinBox::valueChanged, this, [this] {
        if (m_hasFigures)
            showFigures(m_comparison->figures());
    });
    connect(m_baselines, &BaselinesModel::updated, this, &ReportPage::fillBaselines);
    connect(m_baselines, &BaselinesModel::failed, this, &ReportPage::showError);
    connect(m_loader, &ReportLoader::loaded, this, &ReportPage::showFigures);
    connect(m_loader, &ReportLoader::failed, this, &ReportPage::showError);
    connect(m_groups, &DuplicateGroupsModel::failed, this, &ReportPage::showError);
    connect(m_groupRows, &GroupRowsModel::failed, this, &ReportPage::showError);
    connect(m_groupTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ReportPage::showGroupRows);
    connect(m_pdf, &QPushButton::clicked, this, &ReportPage::exportPdf);
    connect(m_csv, &QPushButton::clicked, this, &ReportPage::exportCsv);
    connect(m_import, &QPushButton::clicked, this, &ReportPage::chooseImport);
    connect(m_context, &ConsoleContext::connected, this, &ReportPage::updateImportButton);
    connect(m_context, &ConsoleContext::disconnected, this, &ReportPage::updateImportButton);
    updateImportButton();
    m_context->whenConnected(m_baselines, &BaselinesModel::refresh);
    connect(m_context, &ConsoleContext::reread, m_baselines, &BaselinesModel::refresh);
    fillBaselines();
}

qint64 ReportPage::baselineId() const
{
    return m_baseline->currentData().toLongLong();
}

void ReportPage::fillBaselines()
{
    const qint64 keep = m_selectAfterRefresh > 0 ? m_selectAfterRefresh : baselineId();
    m_selectAfterRefresh = 0;
    const QSignalBlocker blocker(m_baseline);
    m_baseline->clear();
    for (const BaselineInfo &b : m_baselines->baselines())
        m_baseline->addItem(BaselinesModel::title(b), b.id);
    const int row = m_baseline->findData(keep);
    m_baseline->setCurrentIndex(row >= 0 ? row : 0);
    if (m_baseline->count() == 0) {
        m_summary->setText(tr("No baseline yet. Import a month's CRM export from before the inbox "
                              "with \"Import an export...\" (or: inbox-console report import "
                              "FILE)."));
        m_status->clear();
        m_pdf->setEnabled(false);
        m_csv->setEnabled(false);
        return;
    }
    scheduleReload(true, true);
}

void ReportPage::scheduleReload(bool figures, bool groups)
{
    m_reloadFigures = m_reloadFigures || figures;
    m_reloadGroups = m_reloadGroups || groups;
    m_debounce->start();
}

void ReportPage::reload()
{
    const qint64 id = baselineId();
    if (id <= 0 || !m_context->isConnected())
        return;
    if (m_reloadGroups) {
        m_groups->load(id, m_window->value(), m_kind->currentData().toString());
        m_groupRows->clear();
        m_reloadGroups = false;
    }
    if (!m_reloadFigures)
        return;
    if (m_from->date() > m_to->date()) {
        m_status->setText(tr("The period ends before it starts."));
        Theme::setLook(m_status, Theme::Look::AlertText);
        return; // the figures are read once the period is mended
    }
    m_status->setText(tr("Counting..."));
    Theme::setLook(m_status, Theme::Look::Plain);
    m_loader->load(id, m_window->value(), m_minutes->value(), m_from->date(), m_to->date());
    m_reloadFigures = false;
}

void ReportPage::showFigures(ReportFigures figures)
{
    // The cost shown is the control's now, also for figures read before it changed.
    figures.minutesPerDuplicate = m_minutes->value();
    m_comparison->setFigures(figures);
    m_chart->setFigures(figures);
    m_summary->setText(ReportDocument::summary(figures));
    m_status->clear();
    m_hasFigures = true;
    m_pdf->setEnabled(true);
    m_csv->setEnabled(true);
    emit figuresShown();
}

void ReportPage::showError(const DbError &error)
{
    // 42501: a login without inbox_report (an operator, or support not given the Report).
    m_status->setText(error.sqlstate == QLatin1String("42501")
                          ? tr("This login may not read the Report: a manager, or a support "
                               "login given the inbox_report role, may.")
                          : tr("The report could not be read: %1").arg(error.oneLine()));
    Theme::setLook(m_status, Theme::Look::AlertText);
}

void ReportPage::showGroupRows()
{
    const DuplicateGroup *group = m_groups->group(m_groupTable->currentIndex().row());
    if (!group) {
        m_groupRows->clear();
        return;
    }
    m_groupRows->load(baselineId(), m_window->value(), *group);
}

bool ReportPage::writePdf(const QString &path, QString *error) const
{
    return ReportDocument::writePdf(*m_comparison, path, error);
}

bool ReportPage::writeCsv(const QString &path, QString *error) const
{
    return ReportDocument::writeCsv(*m_comparison, path, error);
}

void ReportPage::updateImportButton()
{
    const bool connected = m_context->isConnected();
    const bool may = connected && m_context->info().mayImportBaseline();
    m_import->setEnabled(may);
    m_import->setToolTip(may ? tr("Read a month's CRM export (CSV) from before the inbox and "
                                  "count its duplicates")
                         : connected ? tr("Only a manager login imports a baseline")
                                     : tr("Connect first"));
}

void ReportPage::chooseImport()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a CRM export"), QString(),
                                                      tr("CSV files (*.csv *.txt);;All files (*)"));
    if (!path.isEmpty())
        openImport(path);
}

ImportDialog *ReportPage::openImport(const QString &path)
{
    auto *dialog = new ImportDialog(m_context, path, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ImportDialog::imported, this, [this](qint64 id) {
        m_selectAfterRefresh = id;
        m_baselines->refresh();
    });
    dialog->show();
    return dialog;
}

void ReportPage::exportPdf()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the report as PDF"),
                                     QStringLiteral("report.pdf"), tr("PDF files (*.pdf)"));
    QString error;
    if (!path.isEmpty() && !writePdf(path, &error))
        QMessageBox::warning(this, tr("Export"), tr("%1 was not written: %2").arg(path, error));
}

void ReportPage::exportCsv()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the report as CSV"),
                                     QStringLiteral("report.csv"), tr("CSV files (*.csv)"));
    QString error;
    if (!path.isEmpty() && !writeCsv(path, &error))
        QMessageBox::warning(this, tr("Export"), tr("%1 was not written: %2").arg(path, error));
}

} // namespace inbox
