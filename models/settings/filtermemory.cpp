#include "settings/filtermemory.h"

#include "audit/auditquery.h"

#include <QSettings>
#include <QTimer>

namespace inbox {

namespace {

const QString kVersionKey = QStringLiteral("version");
constexpr int kMaxValues = 200; // a saved list longer than this is not ours
constexpr int kMaxValueLength = 200;

const std::pair<JournalFilter::Range, const char *> kRanges[] = {
    {JournalFilter::Range::Any, "any"},
    {JournalFilter::Range::LastHour, "lastHour"},
    {JournalFilter::Range::Last24Hours, "last24h"},
    {JournalFilter::Range::Last7Days, "last7d"},
    {JournalFilter::Range::Last30Days, "last30d"},
    {JournalFilter::Range::Custom, "custom"},
};

const std::pair<DuplicateFilter::Age, const char *> kAges[] = {
    {DuplicateFilter::Age::Any, "any"},           {DuplicateFilter::Age::UnderHour, "underHour"},
    {DuplicateFilter::Age::UnderDay, "underDay"}, {DuplicateFilter::Age::OverDay, "overDay"},
    {DuplicateFilter::Age::OverWeek, "overWeek"},
};

// Opens the screen's group for writing: what was there before is replaced as a whole.
void begin(QSettings &s, const QString &screen)
{
    s.remove(FilterMemory::groupOf(screen));
    s.beginGroup(FilterMemory::groupOf(screen));
    s.setValue(kVersionKey, FilterMemory::kVersion);
}

// Opens the screen's group for reading; false when nothing of this layout version is saved.
bool beginRead(QSettings &s, const QString &screen)
{
    s.beginGroup(FilterMemory::groupOf(screen));
    bool ok = false;
    const int version = s.value(kVersionKey).toInt(&ok);
    return ok && version == FilterMemory::kVersion;
}

// A list of plain names: anything else (numbers, nested lists, huge strings) is dropped.
// `allowed`, when given, is the whole vocabulary.
QStringList names(const QVariant &value, const QStringList &allowed = {})
{
    QStringList out;
    const QVariantList items =
        value.metaType().id() == QMetaType::QString ? QVariantList{value} : value.toList();
    for (const QVariant &item : items) {
        if (item.metaType().id() != QMetaType::QString)
            continue;
        const QString v = item.toString();
        if (v.isEmpty() || v.size() > kMaxValueLength || out.contains(v))
            continue;
        if (!allowed.isEmpty() && !allowed.contains(v))
            continue;
        out << v;
        if (out.size() >= kMaxValues)
            break;
    }
    return out;
}

QString text(const QVariant &value)
{
    if (value.metaType().id() != QMetaType::QString)
        return {};
    const QString v = value.toString();
    return v.size() > kMaxValueLength ? QString() : v;
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toString(Qt::ISODateWithMs) : QString();
}

QDateTime timeOf(const QVariant &value)
{
    return QDateTime::fromString(text(value), Qt::ISODateWithMs);
}

void saveRange(QSettings &s, JournalFilter::Range range, const QDateTime &from, const QDateTime &to)
{
    s.setValue(QStringLiteral("range"), FilterMemory::rangeName(range));
    if (range == JournalFilter::Range::Custom) {
        s.setValue(QStringLiteral("from"), timeText(from));
        s.setValue(QStringLiteral("to"), timeText(to));
    }
}

// A custom range needs at least one valid end; otherwise the saved range is dropped.
void loadRange(const QSettings &s, JournalFilter::Range *range, QDateTime *from, QDateTime *to)
{
    const auto saved = FilterMemory::rangeFromName(text(s.value(QStringLiteral("range"))));
    if (!saved)
        return;
    if (*saved != JournalFilter::Range::Custom) {
        *range = *saved;
        *from = QDateTime();
        *to = QDateTime();
        return;
    }
    const QDateTime f = timeOf(s.value(QStringLiteral("from")));
    const QDateTime t = timeOf(s.value(QStringLiteral("to")));
    if (!f.isValid() && !t.isValid())
        return;
    *range = JournalFilter::Range::Custom;
    *from = f;
    *to = t;
}

} // namespace

QString FilterMemory::groupOf(const QString &screen)
{
    return QStringLiteral("filters/") + screen;
}

QString FilterMemory::rangeName(JournalFilter::Range range)
{
    for (const auto &[r, name] : kRanges)
        if (r == range)
            return QLatin1String(name);
    return QStringLiteral("any");
}

std::optional<JournalFilter::Range> FilterMemory::rangeFromName(const QString &name)
{
    for (const auto &[r, n] : kRanges)
        if (name == QLatin1String(n))
            return r;
    return std::nullopt;
}

void FilterMemory::save(const QString &screen, const JournalFilter &filter)
{
    QSettings s;
    begin(s, screen);
    s.setValue(QStringLiteral("sources"), filter.sources);
    s.setValue(QStringLiteral("statuses"), filter.statuses);
    s.setValue(QStringLiteral("kinds"), filter.kinds);
    saveRange(s, filter.range, filter.from, filter.to);
    s.setValue(QStringLiteral("needsReview"), filter.needsReview);
}

bool FilterMemory::load(const QString &screen, JournalFilter *filter)
{
    QSettings s;
    if (!beginRead(s, screen))
        return false;
    filter->sources = names(s.value(QStringLiteral("sources")));
    filter->statuses = names(s.value(QStringLiteral("statuses")), JournalFilter::statusValues());
    filter->kinds = names(s.value(QStringLiteral("kinds")));
    loadRange(s, &filter->range, &filter->from, &filter->to);
    const QVariant review = s.value(QStringLiteral("needsReview"));
    // INI files give "true"/"false" back as text: accept exactly those and real booleans.
    filter->needsReview = review.metaType().id() == QMetaType::Bool
                              ? review.toBool()
                              : text(review) == QLatin1String("true");
    return true;
}

void FilterMemory::save(const QString &screen, const AuditFilter &filter)
{
    QSettings s;
    begin(s, screen);
    s.setValue(QStringLiteral("person"), filter.person);
    s.setValue(QStringLiteral("actions"), filter.actions);
    saveRange(s, filter.range, filter.from, filter.to);
}

bool FilterMemory::load(const QString &screen, AuditFilter *filter)
{
    QSettings s;
    if (!beginRead(s, screen))
        return false;
    filter->person = text(s.value(QStringLiteral("person")));
    filter->actions = names(s.value(QStringLiteral("actions")), AuditQuery::actionEntries());
    loadRange(s, &filter->range, &filter->from, &filter->to);
    return true;
}

void FilterMemory::save(const QString &screen, const DuplicateFilter &filter)
{
    QSettings s;
    begin(s, screen);
    s.setValue(QStringLiteral("channel"), filter.channel);
    s.setValue(QStringLiteral("reason"), filter.reason);
    QString age = QStringLiteral("any");
    for (const auto &[a, name] : kAges)
        if (a == filter.age)
            age = QLatin1String(name);
    s.setValue(QStringLiteral("age"), age);
}

bool FilterMemory::load(const QString &screen, DuplicateFilter *filter, const QStringList &reasons)
{
    QSettings s;
    if (!beginRead(s, screen))
        return false;
    filter->channel = text(s.value(QStringLiteral("channel")));
    const QString reason = text(s.value(QStringLiteral("reason")));
    filter->reason = reasons.contains(reason) ? reason : QString();
    const QString age = text(s.value(QStringLiteral("age")));
    filter->age = DuplicateFilter::Age::Any;
    for (const auto &[a, name] : kAges)
        if (age == QLatin1String(name))
            filter->age = a;
    return true;
}

FilterSaver::FilterSaver(QObject *parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(kDelayMs);
    connect(m_timer, &QTimer::timeout, this, &FilterSaver::flush);
}

FilterSaver::~FilterSaver()
{
    flush();
}

void FilterSaver::schedule(std::function<void()> write)
{
    m_write = std::move(write);
    m_timer->start();
}

void FilterSaver::flush()
{
    m_timer->stop();
    if (!m_write)
        return;
    const std::function<void()> write = std::move(m_write);
    m_write = nullptr;
    write();
}

} // namespace inbox
