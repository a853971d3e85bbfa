#pragma once
// What a journal model holds, read row by row, for the journal's model and screen tests.

#include "journal/journalmodel.h"

#include <QStringList>
#include <QVector>

namespace journalfix {

// The event ids of the model's rows, in row order.
inline QVector<qint64> ids(const inbox::JournalModel &model)
{
    QVector<qint64> out;
    for (int i = 0; i < model.rowCount(); ++i)
        out << model.row(i).id;
    return out;
}

// The external ids of the model's rows, in row order.
inline QStringList externalIds(const inbox::JournalModel &model)
{
    QStringList out;
    for (int i = 0; i < model.rowCount(); ++i)
        out << model.row(i).externalId;
    return out;
}

} // namespace journalfix
