#pragma once

#include "report/exportlayout.h"
#include "report/importpreview.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace inbox {

class BaselineImporter;
class ConsoleContext;
class MultiSelectButton;

// Imports a month's CRM export as a baseline, from the Report screen: the file's layout as
// recognised (Bitrix24 leads or deals, amoCRM deals) or as mapped here column by column, a
// preview of the first records as that mapping reads them (each with its problems, so a wrong
// mapping shows before a month is imported), then the import on worker threads, and every
// line it could not read, listed. A mapping made by hand is remembered for the next file with
// the same header. Nothing is merged or deleted: the baseline only counts.
class ImportDialog final : public QDialog
{
    Q_OBJECT
public:
    static constexpr int kPreviewRecords = 20;

    ImportDialog(ConsoleContext *context, const QString &path, QWidget *parent = nullptr);
    ~ImportDialog() override;

    // The remembered mapping of a header layout (ImportPreview::layoutKey), if any.
    static std::optional<ExportLayout> rememberedLayout(const QString &layoutKey);
    static void rememberLayout(const QString &layoutKey, const ExportLayout &layout);

    ExportLayout layout() const { return m_layout; }
    const ImportPreview &preview() const { return m_preview; }
    BaselineImporter *importer() const { return m_importer; }

signals:
    // The file was read (or could not be): the preview is shown.
    void previewShown();
    // A baseline was stored: the page selects it.
    void imported(qint64 baselineId);

protected:
    void reject() override;

private:
    void readPreview();
    void showPreview(const ImportPreview &preview);
    void fillMapping();
    void mappingChanged();
    void showRows();
    void startImport();
    void importFinished(bool ok, qint64 baselineId, const QString &error);
    // The mapping's controls and the name: fixed while an import runs.
    void setMappingEnabled(bool enabled);

    ConsoleContext *m_context;
    QString m_path;
    BaselineImporter *m_importer;
    ImportPreview m_preview;
    ExportLayout m_layout;
    bool m_filling = false;

    QLabel *m_file;
    QComboBox *m_source;
    QLineEdit *m_constantSource;
    QComboBox *m_externalId;
    QComboBox *m_createdAt;
    MultiSelectButton *m_phones;
    MultiSelectButton *m_emails;
    MultiSelectButton *m_names;
    QTableWidget *m_rows;
    QLabel *m_more;
    QLineEdit *m_name;
    QLabel *m_status;
    QPlainTextEdit *m_problems;
    QDialogButtonBox *m_buttons;
    QPushButton *m_import;
};

} // namespace inbox
