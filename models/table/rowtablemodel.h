#pragma once

#include "table/columnheaders.h"

#include <QAbstractTableModel>
#include <QVector>

#include <functional>

namespace inbox {

// What every list model of the console shares: its rows held in a QVector, a fixed set of
// columns with their headers (ColumnHeaders), the row behind an index (a model says what a
// cell of that row shows in cell()), and the two ways to take new rows (a reset, or the cells
// changing in place when the rows stay the same ones).
template<typename Row> class RowTableModel : public QAbstractTableModel
{
public:
    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : m_headers.size();
    }
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override
    {
        const QVariant v = m_headers.value(section, orientation, role);
        const bool title = orientation == Qt::Horizontal && role == Qt::DisplayRole;
        if (v.isValid() || title || !m_numberedRows)
            return v;
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final
    {
        if (!index.isValid() || index.row() >= m_rows.size())
            return {};
        return cell(m_rows.at(index.row()), index, role);
    }

protected:
    // `numberedRows`: the rest of the headers (row numbers) as QAbstractTableModel gives them.
    RowTableModel(const ColumnHeaders &headers, QObject *parent, bool numberedRows = false)
        : QAbstractTableModel(parent), m_headers(headers), m_numberedRows(numberedRows)
    {}

    void resetRows(QVector<Row> rows)
    {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    // The same rows with new values (`sameRows`): every cell changes in place, so the view
    // keeps selection and scroll; otherwise a reset.
    void updateRows(QVector<Row> rows, bool sameRows)
    {
        if (!sameRows) {
            resetRows(std::move(rows));
            return;
        }
        m_rows = std::move(rows);
        if (!m_rows.isEmpty())
            emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, m_headers.size() - 1));
    }
    // As above, the rows counted as the same ones when `key` (a member of Row, or a function
    // of one) gives the keys of the rows shown, in the same order.
    template<typename Key> void updateRowsByKey(QVector<Row> rows, Key key)
    {
        bool same = rows.size() == m_rows.size();
        for (qsizetype i = 0; same && i < rows.size(); ++i)
            same = std::invoke(key, rows.at(i)) == std::invoke(key, m_rows.at(i));
        updateRows(std::move(rows), same);
    }
    void rowChanged(int row) { emit dataChanged(index(row, 0), index(row, m_headers.size() - 1)); }
    // What the cell at `index` (valid, in `row`) shows in `role`.
    virtual QVariant cell(const Row &row, const QModelIndex &index, int role) const = 0;

    QVector<Row> m_rows;

private:
    ColumnHeaders m_headers;
    bool m_numberedRows;
};

} // namespace inbox
