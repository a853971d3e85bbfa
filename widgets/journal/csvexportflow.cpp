#include "journal/csvexportflow.h"

#include "journal/journalexporter.h"

#include <QAction>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QToolButton>

namespace inbox {

namespace {
const QString kLastFolder = QStringLiteral("export/lastFolder");
}

CsvExportFlow::CsvExportFlow(QWidget *page)
    : QObject(page), m_page(page), m_notice(new QWidget(page)), m_text(new QLabel(m_notice)),
      m_openFolder(new QAction(tr("Open folder"), this))
{
    setObjectName(QStringLiteral("csvExportFlow"));
    m_notice->setObjectName(QStringLiteral("exportNotice"));
    m_text->setObjectName(QStringLiteral("exportNoticeText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_openFolder->setObjectName(QStringLiteral("openExportFolder"));
    m_openFolder->setToolTip(tr("Open the folder of the exported file"));
    connect(m_openFolder, &QAction::triggered, this, [this] {
        const QUrl folder = m_openFolder->data().toUrl();
        if (folder.isValid())
            QDesktopServices::openUrl(folder);
    });
    auto *open = new QToolButton(m_notice);
    open->setObjectName(QStringLiteral("openExportFolderButton"));
    open->setDefaultAction(m_openFolder);
    open->setAccessibleName(m_openFolder->text());
    auto *close = new QToolButton(m_notice);
    close->setObjectName(QStringLiteral("closeExportNotice"));
    close->setText(tr("Close"));
    close->setAccessibleName(tr("Close the export notice"));
    connect(close, &QToolButton::clicked, m_notice, &QWidget::hide);
    auto *layout = new QHBoxLayout(m_notice);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text, 1);
    layout->addWidget(open);
    layout->addWidget(close);
    m_notice->hide();
}

QString CsvExportFlow::noticeText() const
{
    return m_text->text();
}

QString CsvExportFlow::startFolder()
{
    const QString last = QSettings().value(kLastFolder).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    // A folder that exists: given a missing one, the dialog falls back to a directory of its own
    // choosing (it was seen listing /proc, and blocking on /proc/kmsg).
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString CsvExportFlow::choosePath()
{
    const QString suggested = QDir(startFolder()).filePath(QStringLiteral("journal.csv"));
    QString path = QFileDialog::getSaveFileName(m_page, tr("Export journal to CSV"), suggested,
                                                tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return {};
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".csv");
    QSettings().setValue(kLastFolder, QFileInfo(path).absolutePath());
    return path;
}

void CsvExportFlow::follow(JournalExporter *exporter, const QString &path)
{
    m_notice->hide();
    // One export followed at a time: a cancelled one never finishes, so its follower goes.
    disconnect(m_followed);
    m_followed = connect(exporter, &JournalExporter::finished, this,
                         [this, path](bool ok, const QString &error, qint64 rows) {
                             disconnect(m_followed);
                             if (ok)
                                 show(tr("Exported %Ln event(s) to %1", "", int(rows))
                                          .arg(QDir::toNativeSeparators(path)),
                                      QUrl::fromLocalFile(QFileInfo(path).absolutePath()));
                             else
                                 refused(path, error);
                         });
}

void CsvExportFlow::refused(const QString &path, const QString &error)
{
    show(tr("Export to %1 failed: %2. No file was written.")
             .arg(QDir::toNativeSeparators(path), error),
         {});
}

void CsvExportFlow::show(const QString &text, const QUrl &folder)
{
    m_text->setText(text);
    m_openFolder->setData(folder);
    m_openFolder->setEnabled(folder.isValid());
    m_openFolder->setVisible(folder.isValid());
    m_notice->show();
}

} // namespace inbox
