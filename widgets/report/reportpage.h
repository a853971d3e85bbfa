#pragma once

#include "db/dberror.h"
#include "report/reportfigures.h"

#include <QWidget>

class QComboBox;
class QDateEdit;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace inbox {

class BaselinesModel;
class ComparisonModel;
class ConsoleContext;
class DuplicateGroupsModel;
class GroupRowsModel;
class ImportDialog;
class ReportChart;
class ReportLoader;

// Screen 7: the Report. A baseline (a month's CRM export from before the inbox, imported here
// with ImportDialog or with `inbox-console report import`) counted for duplicates, beside the
// inbox's own figures for a period after the change, with the seeds' cost arithmetic (minutes of a
// manager per duplicate), as a chart and a table; below, the baseline's largest duplicate groups
// and the rows of the one selected, so a manager checks a sample before believing the figure.
// Export writes the same figures as PDF (for an owner who has never seen the console) or CSV. Every
// read runs on the models' own channels; a change of any control re-reads (debounced).
class ReportPage final : public QWidget
{
    Q_OBJECT
public:
    explicit ReportPage(ConsoleContext *context, QWidget *parent = nullptr);

    ComparisonModel *comparison() const { return m_comparison; }
    BaselinesModel *baselines() const { return m_baselines; }
    DuplicateGroupsModel *groups() const { return m_groups; }
    GroupRowsModel *groupRows() const { return m_groupRows; }
    bool hasFigures() const { return m_hasFigures; }

    // The PDF and the CSV of what the screen shows; false with *error when the file cannot be
    // written. Used by the Export buttons (after a file dialog) and by the tests.
    bool writePdf(const QString &path, QString *error) const;
    bool writeCsv(const QString &path, QString *error) const;

    // The import dialog for `path`, shown (the Import button asks for the file first).
    ImportDialog *openImport(const QString &path);

signals:
    void figuresShown();

private:
    void reload();
    // Re-reads the figures, the groups, or both, once the controls are still for a moment.
    void scheduleReload(bool figures, bool groups);
    void showFigures(ReportFigures figures);
    void showError(const DbError &error);
    void fillBaselines();
    void showGroupRows();
    void exportPdf();
    void exportCsv();
    void chooseImport();
    void updateImportButton();
    qint64 baselineId() const;

    ConsoleContext *m_context;
    BaselinesModel *m_baselines;
    ReportLoader *m_loader;
    ComparisonModel *m_comparison;
    DuplicateGroupsModel *m_groups;
    GroupRowsModel *m_groupRows;
    QComboBox *m_baseline;
    QSpinBox *m_window;
    QSpinBox *m_minutes;
    QDateEdit *m_from;
    QDateEdit *m_to;
    QPushButton *m_pdf;
    QPushButton *m_csv;
    QPushButton *m_import;
    QLabel *m_summary;
    QLabel *m_status;
    ReportChart *m_chart;
    QTableView *m_table;
    QComboBox *m_kind;
    QTableView *m_groupTable;
    QTableView *m_rowTable;
    QTimer *m_debounce;
    bool m_hasFigures = false;
    qint64 m_selectAfterRefresh = 0; // a baseline just imported, chosen once it is listed
    bool m_reloadFigures = false;
    bool m_reloadGroups = false;
};

} // namespace inbox
