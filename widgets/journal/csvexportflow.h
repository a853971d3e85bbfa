#pragma once

#include <QObject>
#include <QString>
#include <QUrl>

class QAction;
class QLabel;
class QWidget;

namespace inbox {

class JournalExporter;

// The journal's "Export CSV..." as the person sees it. The save dialog starts in the folder
// used last (remembered in the settings), else in the documents folder, never in the
// program's working directory. Afterwards a notice under the table says what happened:
// "Exported 1,234 events to /path/journal.csv" with "Open folder", or why nothing was
// written. A failed or cancelled export leaves no file behind (JournalExporter writes through
// QSaveFile).
class CsvExportFlow final : public QObject
{
    Q_OBJECT
public:
    explicit CsvExportFlow(QWidget *page);

    QWidget *notice() const { return m_notice; }
    QString noticeText() const;
    QAction *openFolderAction() const { return m_openFolder; }

    // Asks where to save; "" when the person cancelled.
    QString choosePath();
    // Follows one export to `path` that `exporter` has started, and tells its outcome.
    void follow(JournalExporter *exporter, const QString &path);
    // The export to `path` could not start, or failed.
    void refused(const QString &path, const QString &error);

    // Where the save dialog starts: the folder used last if it still exists, else documents.
    static QString startFolder();

private:
    void show(const QString &text, const QUrl &folder);

    QWidget *m_page;
    QWidget *m_notice;
    QLabel *m_text;
    QAction *m_openFolder;
    QMetaObject::Connection m_followed;
};

} // namespace inbox
