#pragma once

#include "journal/journalfilter.h"

#include <QDateTime>
#include <QWidget>

class QComboBox;
class QDateTimeEdit;

namespace inbox {

// The time filter of the journal, "Needs attention" and audit screens: a preset (any time,
// last hour ... last 30 days) or a custom range [from, to) with two date-time fields that
// show only for the custom range. Child object names: rangeFilter, rangeFrom, rangeTo.
class TimeRangeFilter final : public QWidget
{
    Q_OBJECT
public:
    explicit TimeRangeFilter(QWidget *parent = nullptr);

    // Tool tips saying what is timed ("When the event was received" ...).
    void setToolTips(const QString &range, const QString &from, const QString &to);
    // The text of the custom entry ("Custom...").
    void setCustomText(const QString &text);

    JournalFilter::Range range() const;
    QDateTime from() const; // invalid unless the range is custom
    QDateTime to() const;
    // Shows a range without emitting changed(); invalid custom ends keep the fields' values.
    void setRange(JournalFilter::Range range, const QDateTime &from = {}, const QDateTime &to = {});

    QComboBox *combo() const { return m_range; }
    QDateTimeEdit *fromEdit() const { return m_from; }
    QDateTimeEdit *toEdit() const { return m_to; }

signals:
    void changed();

private:
    void showCustom();

    QComboBox *m_range;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
};

} // namespace inbox
