#pragma once

#include "report/exportlayout.h"
#include "report/exportreader.h"
#include "report/importproblem.h"

#include <QString>
#include <QVariantList>
#include <QVector>

#include <atomic>

namespace inbox {

// A whole export read for inbox.import_baseline: its rows as the function's array arguments,
// and every record that could not be read, with its reasons. The command line
// (`report import`) and the Report screen's import dialog both read a file this way, so they
// store the same rows and name the same lines.
class BaselineBatch final
{
public:
    // Reads every record `reader` (opened, its layout set) has left. `cancelled`, when given,
    // is checked every thousand records; a cancelled read returns what it had and says so.
    static BaselineBatch read(ExportReader &reader, const std::atomic_bool *cancelled = nullptr);

    int rows() const { return m_rows; }
    int unreadable() const { return m_unreadable; } // records, not problems
    const QVector<ImportProblem> &problems() const { return m_problems; }
    bool wasCancelled() const { return m_cancelled; }

    // The statement that stores the batch and returns the baseline's id, and its values:
    // name, file name, layout name, the unreadable count, then the seven arrays.
    static QString storeSql();
    QVariantList storeParams(const QString &name, const QString &fileName,
                             const QString &layoutName) const;

    // The name stored with a baseline for a layout kind ("bitrix24_leads", ... "custom").
    static QString layoutName(ExportLayout::Kind kind);

private:
    // A PostgreSQL array literal of text elements (a null QString is NULL), one bound value.
    class ArrayLiteral final
    {
    public:
        void add(const QString &value);
        QString text() const { return QLatin1Char('{') + m_text + QLatin1Char('}'); }

    private:
        QString m_text;
    };

    int m_rows = 0;
    int m_unreadable = 0;
    bool m_cancelled = false;
    QVector<ImportProblem> m_problems;
    ArrayLiteral m_lines, m_sources, m_ids, m_times, m_phones, m_emails, m_names;
};

} // namespace inbox
