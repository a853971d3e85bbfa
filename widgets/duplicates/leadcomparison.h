#pragma once

#include "duplicates/duplicatepair.h"

#include <QWidget>

class QGridLayout;
class QLabel;
class QPushButton;

namespace inbox {

// Two leads side by side: lead A (earlier) and lead B (newer), one row per field, with a
// middle column that says which fields matched ("= same", "≠ differ"). Matched cells are
// also bold and tinted, so the match is never told by colour alone.
class LeadComparison final : public QWidget
{
    Q_OBJECT
public:
    explicit LeadComparison(QWidget *parent = nullptr);

    void setPair(const DuplicatePair &pair);
    void clear();

signals:
    void openEvent(qint64 eventId);

private:
    enum Field {
        Channel,
        Came,
        Name,
        PhoneRaw,
        PhoneNorm,
        EmailRaw,
        EmailNorm,
        Message,
        Deal,
        Source,
        FieldCount
    };
    enum class Match { None, Same, Differ };
    void setRow(Field field, const QString &a, const QString &b, Match match,
                const QString &matchText = QString());

    QGridLayout *m_grid;
    QLabel *m_headA;
    QLabel *m_headB;
    QLabel *m_gap;
    QLabel *m_cells[FieldCount][3];
    QPushButton *m_openA;
    QPushButton *m_openB;
    qint64 m_eventA = 0;
    qint64 m_eventB = 0;
};

} // namespace inbox
