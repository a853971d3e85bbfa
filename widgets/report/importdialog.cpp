#include "report/importdialog.h"

#include "common/multiselectbutton.h"
#include "common/theme.h"
#include "db/consolecontext.h"
#include "report/baselineimporter.h"
#include "report/csvreader.h"

#include <QComboBox>
#include <QCryptographicHash>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <memory>

namespace inbox {

namespace {

// The problems listed after an import: enough to fix a file, never a widget of a million lines.
constexpr int kListedProblems = 5000;

QString settingsKey(const QString &layoutKey)
{
    // The key of a header is long and may hold '/', which QSettings reads as a group.
    return QStringLiteral("report/layouts/") +
           QString::fromLatin1(
               QCryptographicHash::hash(layoutKey.toUtf8(), QCryptographicHash::Sha1).toHex());
}

QComboBox *columnCombo(QWidget *parent, const QString &name)
{
    auto *combo = new QComboBox(parent);
    combo->setObjectName(name);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(18);
    return combo;
}

MultiSelectButton *columnsButton(const QString &title, QWidget *parent, const QString &name)
{
    auto *button = new MultiSelectButton(title, parent);
    button->setObjectName(name);
    button->setNothingText(ImportDialog::tr("no column"));
    button->setMinimumWidth(200); // "E-mail: no column" whole, in Russian too
    return button;
}

QString encodingName(CsvEncoding encoding)
{
    return encoding == CsvEncoding::Windows1251 ? QStringLiteral("Windows-1251")
                                                : QStringLiteral("UTF-8");
}

} // namespace

ImportDialog::ImportDialog(ConsoleContext *context, const QString &path, QWidget *parent)
    : QDialog(parent), m_context(context), m_path(path),
      m_importer(new BaselineImporter(context, this)), m_file(new QLabel(this)),
      m_source(columnCombo(this, QStringLiteral("mapSource"))),
      m_constantSource(new QLineEdit(this)),
      m_externalId(columnCombo(this, QStringLiteral("mapExternalId"))),
      m_createdAt(columnCombo(this, QStringLiteral("mapCreatedAt"))),
      m_phones(columnsButton(ExportLayout::fieldName(ExportField::Phone), this,
                             QStringLiteral("mapPhones"))),
      m_emails(columnsButton(ExportLayout::fieldName(ExportField::Email), this,
                             QStringLiteral("mapEmails"))),
      m_names(columnsButton(ExportLayout::fieldName(ExportField::Name), this,
                            QStringLiteral("mapNames"))),
      m_rows(new QTableWidget(this)), m_more(new QLabel(this)), m_name(new QLineEdit(this)),
      m_status(new QLabel(this)), m_problems(new QPlainTextEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this)),
      m_import(m_buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole))
{
    setWindowTitle(tr("Import a CRM export as a baseline"));
    setObjectName(QStringLiteral("importDialog"));
    m_file->setObjectName(QStringLiteral("importFile"));
    m_file->setWordWrap(true);
    m_file->setText(tr("Reading %1...").arg(QFileInfo(path).fileName()));
    m_constantSource->setObjectName(QStringLiteral("constantSource"));
    m_constantSource->setPlaceholderText(tr("e.g. bitrix24"));
    m_constantSource->setToolTip(tr("The source of every row whose source column is empty, or of "
                                    "every row when no column holds it"));
    m_rows->setObjectName(QStringLiteral("previewRows"));
    m_rows->setAccessibleName(tr("The first records as the mapping reads them"));
    m_rows->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_rows->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_rows->setWordWrap(false);
    m_rows->verticalHeader()->hide();
    m_rows->setColumnCount(8);
    m_rows->setHorizontalHeaderLabels({tr("Line"), ExportLayout::fieldName(ExportField::Source),
                                       ExportLayout::fieldName(ExportField::ExternalId),
                                       ExportLayout::fieldName(ExportField::CreatedAt),
                                       ExportLayout::fieldName(ExportField::Phone),
                                       ExportLayout::fieldName(ExportField::Email),
                                       ExportLayout::fieldName(ExportField::Name), tr("Problem")});
    m_rows->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_rows->horizontalHeader()->setStretchLastSection(true);
    m_more->setObjectName(QStringLiteral("previewMore"));
    m_more->setWordWrap(true);
    m_name->setObjectName(QStringLiteral("baselineName"));
    m_name->setText(QFileInfo(path).completeBaseName());
    m_status->setObjectName(QStringLiteral("importStatus"));
    m_status->setWordWrap(true);
    m_problems->setObjectName(QStringLiteral("importProblems"));
    m_problems->setReadOnly(true);
    m_problems->setAccessibleName(tr("Lines that could not be read"));
    m_problems->hide();
    m_import->setObjectName(QStringLiteral("startImport"));
    m_import->setEnabled(false);

    auto *mapping = new QFormLayout;
    auto *source = new QHBoxLayout;
    source->addWidget(m_source, 1);
    source->addWidget(new QLabel(tr("or every row:"), this));
    source->addWidget(m_constantSource, 1);
    auto *sourceLabel = new QLabel(tr("&Source:"), this);
    sourceLabel->setBuddy(m_source);
    mapping->addRow(sourceLabel, source);
    mapping->addRow(tr("E&xternal id:"), m_externalId);
    mapping->addRow(tr("C&reated at:"), m_createdAt);
    auto *contacts = new QHBoxLayout;
    contacts->addWidget(m_phones);
    contacts->addWidget(m_emails);
    contacts->addWidget(m_names);
    contacts->addStretch(1);
    mapping->addRow(tr("Contacts:"), contacts);
    mapping->addRow(tr("Baseline &name:"), m_name);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_file);
    layout->addLayout(mapping);
    layout->addWidget(new QLabel(tr("The first records as this mapping reads them:"), this));
    layout->addWidget(m_rows, 2);
    layout->addWidget(m_more);
    layout->addWidget(m_status);
    layout->addWidget(m_problems, 1);
    layout->addWidget(m_buttons);
    resize(960, 640);

    for (QComboBox *combo : {m_source, m_externalId, m_createdAt})
        connect(combo, &QComboBox::currentIndexChanged, this, &ImportDialog::mappingChanged);
    for (MultiSelectButton *button : {m_phones, m_emails, m_names})
        connect(button, &MultiSelectButton::selectionChanged, this, &ImportDialog::mappingChanged);
    connect(m_constantSource, &QLineEdit::textChanged, this, &ImportDialog::mappingChanged);
    connect(m_name, &QLineEdit::textChanged, this, &ImportDialog::mappingChanged);
    connect(m_import, &QPushButton::clicked, this, &ImportDialog::startImport);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ImportDialog::reject);
    connect(m_importer, &BaselineImporter::stage, m_status, &QLabel::setText);
    connect(m_importer, &BaselineImporter::finished, this, &ImportDialog::importFinished);
    readPreview();
}

ImportDialog::~ImportDialog() = default;

std::optional<ExportLayout> ImportDialog::rememberedLayout(const QString &layoutKey)
{
    const QByteArray json = QSettings().value(settingsKey(layoutKey)).toByteArray();
    if (json.isEmpty())
        return std::nullopt;
    return ExportLayout::fromJson(QJsonDocument::fromJson(json).object());
}

void ImportDialog::rememberLayout(const QString &layoutKey, const ExportLayout &layout)
{
    QSettings().setValue(settingsKey(layoutKey),
                         QJsonDocument(layout.toJson()).toJson(QJsonDocument::Compact));
}

void ImportDialog::readPreview()
{
    // The encoding is decided over the whole file (CsvReader): a worker thread reads it.
    auto result = std::make_shared<ImportPreview>();
    QThread *thread = QThread::create([path = m_path, result] {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            result->error = file.errorString();
            return;
        }
        *result = ImportPreview::read(&file, kPreviewRecords);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    connect(thread, &QThread::finished, this, [this, result] { showPreview(*result); });
    thread->start();
}

void ImportDialog::showPreview(const ImportPreview &preview)
{
    m_preview = preview;
    const QString fileName = QFileInfo(m_path).fileName();
    if (!preview.error.isEmpty()) {
        m_file->setText(tr("%1 cannot be read: %2").arg(fileName, preview.error));
        Theme::setLook(m_file, Theme::Look::AlertText);
        emit previewShown();
        return;
    }
    const std::optional<ExportLayout> remembered = rememberedLayout(preview.layoutKey);
    m_layout = remembered ? *remembered : preview.layout;
    m_file->setText(
        tr("%1: %2, \"%3\" between fields, %Ln column(s). Layout: %4%5.", nullptr,
           int(preview.header.size()))
            .arg(fileName, encodingName(preview.encoding), QString(QLatin1Char(preview.delimiter)),
                 ExportLayout::kindName(m_layout.kind()),
                 remembered ? tr(" (the mapping you made for this header before)") : QString()));
    fillMapping();
    showRows();
    emit previewShown();
}

void ImportDialog::fillMapping()
{
    m_filling = true;
    const QStringList &header = m_preview.header;
    QVector<QPair<QString, QString>> options;
    for (int c = 0; c < header.size(); ++c)
        options.append({QString::number(c), header.at(c)});
    const auto fillCombo = [&](QComboBox *combo, ExportField field) {
        combo->clear();
        combo->addItem(tr("(no column)"), -1);
        for (int c = 0; c < header.size(); ++c)
            combo->addItem(header.at(c), c);
        const QVector<int> columns = m_layout.columns(field);
        combo->setCurrentIndex(columns.isEmpty() ? 0 : qMax(0, combo->findData(columns.first())));
    };
    fillCombo(m_source, ExportField::Source);
    fillCombo(m_externalId, ExportField::ExternalId);
    fillCombo(m_createdAt, ExportField::CreatedAt);
    const auto fillButton = [&](MultiSelectButton *button, ExportField field) {
        button->setOptions(options);
        QStringList ticked;
        for (int c : m_layout.columns(field))
            ticked << QString::number(c);
        button->setSelected(ticked);
    };
    fillButton(m_phones, ExportField::Phone);
    fillButton(m_emails, ExportField::Email);
    fillButton(m_names, ExportField::Name);
    m_constantSource->setText(m_layout.constantSource());
    m_filling = false;
}

void ImportDialog::mappingChanged()
{
    if (m_filling || m_preview.header.isEmpty())
        return;
    const auto fromCombo = [&](QComboBox *combo, ExportField field) {
        const int column = combo->currentData().toInt();
        m_layout.setColumns(field, column >= 0 ? QVector<int>{column} : QVector<int>());
    };
    fromCombo(m_source, ExportField::Source);
    fromCombo(m_externalId, ExportField::ExternalId);
    fromCombo(m_createdAt, ExportField::CreatedAt);
    const auto fromButton = [&](MultiSelectButton *button, ExportField field) {
        QVector<int> columns;
        for (const QString &c : button->selected())
            columns << c.toInt();
        std::sort(columns.begin(), columns.end());
        m_layout.setColumns(field, columns);
    };
    fromButton(m_phones, ExportField::Phone);
    fromButton(m_emails, ExportField::Email);
    fromButton(m_names, ExportField::Name);
    m_layout.setConstantSource(m_constantSource->text());
    showRows();
}

void ImportDialog::showRows()
{
    const QStringList &header = m_preview.header;
    m_rows->setRowCount(int(m_preview.lines.size()));
    int unreadable = 0;
    for (int r = 0; r < m_preview.lines.size(); ++r) {
        const ImportPreview::Line &line = m_preview.lines.at(r);
        QStringList cells(7);
        QVector<ImportProblem> problems = line.problems;
        cells[0] = QString::number(line.line);
        if (!line.cells.isEmpty()) {
            // Mapped again here: the preview keeps each record's fields, so a change of the
            // mapping shows at once, without reading the file again.
            problems.clear();
            ExportRow row;
            if (m_layout.map(CsvRecord{line.line, line.cells}, header, QTimeZone(), &row,
                             &problems)) {
                cells[1] = row.source;
                cells[2] = row.externalId;
                cells[3] = QLocale().toString(row.createdAt.toLocalTime(), QLocale::ShortFormat);
                cells[4] = row.phones.join(QStringLiteral(", "));
                cells[5] = row.emails.join(QStringLiteral(", "));
                cells[6] = row.name;
            }
        }
        QStringList reasons;
        for (const ImportProblem &p : std::as_const(problems))
            reasons << p.text();
        if (!reasons.isEmpty())
            ++unreadable;
        for (int c = 0; c < 7; ++c)
            m_rows->setItem(r, c, new QTableWidgetItem(cells.at(c)));
        auto *problem = new QTableWidgetItem(reasons.join(QStringLiteral("; ")));
        problem->setToolTip(reasons.join(QLatin1Char('\n')));
        if (!reasons.isEmpty())
            problem->setForeground(Theme::color(Theme::Color::AlertText));
        m_rows->setItem(r, 7, problem);
    }
    m_more->setText(
        m_preview.more
            ? tr("The file goes on after these %Ln record(s); the import reads them all, and lists "
                 "every line it cannot read.",
                 nullptr, int(m_preview.lines.size()))
            : tr("That is the whole file: %Ln record(s).", nullptr, int(m_preview.lines.size())));

    const QVector<ExportField> missing = m_layout.missing(int(header.size()));
    QStringList names;
    for (const ExportField f : missing)
        names << ExportLayout::fieldName(f);
    const bool may = m_context->isConnected() && m_context->info().mayImportBaseline();
    if (!missing.isEmpty()) {
        m_status->setText(tr("No column for: %1. Choose one above (for the source, a column or "
                             "a name for every row).")
                              .arg(names.join(QStringLiteral(", "))));
        Theme::setLook(m_status, Theme::Look::AlertText);
    } else if (!may) {
        m_status->setText(tr("This login may not import a baseline: a manager login may."));
        Theme::setLook(m_status, Theme::Look::AlertText);
    } else {
        m_status->setText(unreadable > 0 ? tr("%Ln of these records cannot be read with this "
                                              "mapping; the import leaves such lines out and "
                                              "lists them.",
                                              nullptr, unreadable)
                                         : QString());
        Theme::setLook(m_status, Theme::Look::WarningText);
    }
    m_import->setEnabled(missing.isEmpty() && may && !m_importer->isRunning() &&
                         !m_name->text().trimmed().isEmpty());
}

void ImportDialog::startImport()
{
    // A mapping made by hand is remembered for the next file with this header; one that is
    // what the console recognises by itself is not, so a better recognition reaches it.
    if (m_layout == m_preview.layout)
        QSettings().remove(settingsKey(m_preview.layoutKey));
    else
        rememberLayout(m_preview.layoutKey, m_layout);
    QString error;
    if (!m_importer->start(m_path, m_layout, m_name->text().trimmed(), QTimeZone(), &error)) {
        m_status->setText(error);
        Theme::setLook(m_status, Theme::Look::AlertText);
        return;
    }
    Theme::setLook(m_status, Theme::Look::Plain);
    m_import->setEnabled(false);
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("&Cancel import"));
    setMappingEnabled(false);
}

void ImportDialog::importFinished(bool ok, qint64 baselineId, const QString &error)
{
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("&Close"));
    const BaselineCopy &batch = m_importer->outcome();
    const QVector<ImportProblem> &problems = batch.problems();
    if (!problems.isEmpty()) {
        QStringList lines;
        for (int i = 0; i < problems.size() && i < kListedProblems; ++i)
            lines << tr("line %1: %2").arg(problems.at(i).line).arg(problems.at(i).text());
        if (problems.size() > kListedProblems)
            lines << tr("... and %Ln more.", nullptr, int(problems.size() - kListedProblems));
        m_problems->setPlainText(lines.join(QLatin1Char('\n')));
        m_problems->show();
    }
    if (ok) {
        m_status->setText(
            tr("Stored as baseline \"%1\": %Ln row(s). ", nullptr, batch.rows())
                .arg(m_name->text().trimmed()) +
            (batch.unreadable() > 0
                 ? tr("%Ln line(s) could not be read (listed below).", nullptr, batch.unreadable())
                 : tr("Every line was read.")));
        Theme::setLook(m_status, Theme::Look::Plain);
        emit imported(baselineId);
        return;
    }
    setMappingEnabled(true);
    showRows();
    m_status->setText(error.isEmpty() ? tr("Cancelled: nothing was stored.")
                                      : tr("Not stored: %1").arg(error));
    Theme::setLook(m_status, Theme::Look::AlertText);
}

void ImportDialog::setMappingEnabled(bool enabled)
{
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_source, m_constantSource, m_externalId, m_createdAt,
                                          m_phones, m_emails, m_names, m_name})
        w->setEnabled(enabled);
}

void ImportDialog::reject()
{
    // Close while importing cancels the import and keeps the dialog, which says so.
    if (m_importer->isRunning()) {
        m_importer->cancel();
        return;
    }
    QDialog::reject();
}

} // namespace inbox
