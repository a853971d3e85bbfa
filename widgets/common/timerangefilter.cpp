#include "common/timerangefilter.h"

#include <QComboBox>
#include <QDateTimeEdit>
#include <QHBoxLayout>

namespace inbox {

TimeRangeFilter::TimeRangeFilter(QWidget *parent)
    : QWidget(parent), m_range(new QComboBox(this)), m_from(new QDateTimeEdit(this)),
      m_to(new QDateTimeEdit(this))
{
    m_range->setObjectName(QStringLiteral("rangeFilter"));
    m_range->addItem(tr("Any time"), int(JournalFilter::Range::Any));
    m_range->addItem(tr("Last hour"), int(JournalFilter::Range::LastHour));
    m_range->addItem(tr("Last 24 hours"), int(JournalFilter::Range::Last24Hours));
    m_range->addItem(tr("Last 7 days"), int(JournalFilter::Range::Last7Days));
    m_range->addItem(tr("Last 30 days"), int(JournalFilter::Range::Last30Days));
    m_range->addItem(tr("Custom..."), int(JournalFilter::Range::Custom));
    m_from->setObjectName(QStringLiteral("rangeFrom"));
    m_to->setObjectName(QStringLiteral("rangeTo"));
    m_range->setAccessibleName(tr("Time range"));
    m_from->setAccessibleName(tr("From"));
    m_to->setAccessibleName(tr("Before"));
    const QDateTime now = QDateTime::currentDateTime();
    m_from->setDateTime(now.addDays(-1));
    m_to->setDateTime(now.addSecs(3600));
    for (QDateTimeEdit *e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        e->hide();
    }
    setToolTips(tr("When the event was received"), tr("Received from (inclusive)"),
                tr("Received before"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_range);
    layout->addWidget(m_from);
    layout->addWidget(m_to);

    connect(m_range, &QComboBox::currentIndexChanged, this, [this] {
        showCustom();
        emit changed();
    });
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, [this] {
        if (range() == JournalFilter::Range::Custom)
            emit changed();
    });
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, [this] {
        if (range() == JournalFilter::Range::Custom)
            emit changed();
    });
}

void TimeRangeFilter::setToolTips(const QString &range, const QString &from, const QString &to)
{
    m_range->setToolTip(range);
    m_from->setToolTip(from);
    m_to->setToolTip(to);
}

void TimeRangeFilter::setCustomText(const QString &text)
{
    m_range->setItemText(m_range->findData(int(JournalFilter::Range::Custom)), text);
}

JournalFilter::Range TimeRangeFilter::range() const
{
    return JournalFilter::Range(m_range->currentData().toInt());
}

QDateTime TimeRangeFilter::from() const
{
    return range() == JournalFilter::Range::Custom ? m_from->dateTime() : QDateTime();
}

QDateTime TimeRangeFilter::to() const
{
    return range() == JournalFilter::Range::Custom ? m_to->dateTime() : QDateTime();
}

void TimeRangeFilter::setRange(JournalFilter::Range range, const QDateTime &from,
                               const QDateTime &to)
{
    const QSignalBlocker b1(m_range), b2(m_from), b3(m_to);
    const int at = m_range->findData(int(range));
    m_range->setCurrentIndex(at < 0 ? 0 : at);
    if (from.isValid())
        m_from->setDateTime(from);
    if (to.isValid())
        m_to->setDateTime(to);
    showCustom();
}

void TimeRangeFilter::showCustom()
{
    const bool custom = range() == JournalFilter::Range::Custom;
    m_from->setVisible(custom);
    m_to->setVisible(custom);
}

} // namespace inbox
