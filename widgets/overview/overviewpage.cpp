#include "overview/overviewpage.h"

#include "alerts/firingalertspanel.h"
#include "common/alertcelldelegate.h"
#include "common/rowtable.h"
#include "common/theme.h"
#include "db/consolecontext.h"
#include "overview/dailyfiguresmodel.h"
#include "overview/daychart.h"
#include "overview/destinationspanel.h"
#include "overview/figuretile.h"
#include "overview/healthrule.h"
#include "overview/nowfiguresmodel.h"
#include "overview/overviewmodel.h"
#include "overview/pollsourcespanel.h"
#include "overview/refusalspanel.h"

#include <QComboBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace inbox {

namespace {

QTableView *makeTable(QAbstractItemModel *model, int alertRole, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->setItemDelegate(new AlertCellDelegate(alertRole, view));
    setUpRowTable(view);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Figures share the width evenly; the first column (day or source) fits its text.
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    view->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    view->horizontalHeader()->setMinimumSectionSize(
        view->fontMetrics().horizontalAdvance(QStringLiteral("0000000")));
    return view;
}

} // namespace

OverviewPage::OverviewPage(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context), m_model(new OverviewModel(context, this)),
      m_daily(new DailyFiguresModel(this)), m_now(new NowFiguresModel(this)),
      m_stack(new QStackedWidget(this)), m_placeholder(new QLabel(this)),
      m_source(new QComboBox(this)), m_updated(new QLabel(this)), m_busy(new QProgressBar(this)),
      m_warning(new QLabel(this)), m_error(new QLabel(this)), m_tables(new QTabWidget(this)),
      m_deliveries(new DayChart(DayChart::Kind::Deliveries, this)),
      m_outcomes(new DayChart(DayChart::Kind::Outcomes, this))
{
    m_placeholder->setObjectName(QStringLiteral("overviewPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_source->setObjectName(QStringLiteral("overviewSource"));
    m_source->setAccessibleName(tr("Source"));
    m_source->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_updated->setObjectName(QStringLiteral("overviewUpdated"));
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(80);
    m_busy->setMaximumHeight(10);
    m_busy->setTextVisible(false);
    m_busy->setVisible(false);
    m_warning->setObjectName(QStringLiteral("overviewWarning"));
    m_warning->setWordWrap(true);
    m_warning->setTextFormat(Qt::RichText);
    // The warning must stand out in either theme.
    Theme::setLook(m_warning, Theme::Look::NoticeBanner,
                   QStringLiteral("padding: 8px; border-width: 2px; border-radius: 4px;"));
    m_warning->hide();
    m_error->setObjectName(QStringLiteral("overviewError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    Theme::setLook(m_error, Theme::Look::ProblemBanner,
                   QStringLiteral("padding: 6px; border-radius: 4px;"));
    m_error->hide();
    m_deliveries->setObjectName(QStringLiteral("deliveriesChart"));
    m_outcomes->setObjectName(QStringLiteral("outcomesChart"));

    auto *top = new QHBoxLayout;
    auto *sourceLabel = new QLabel(tr("&Source:"), this);
    sourceLabel->setBuddy(m_source);
    top->addWidget(sourceLabel);
    top->addWidget(m_source);
    top->addStretch();
    top->addWidget(m_busy);
    top->addWidget(m_updated);

    auto *tiles = new QGridLayout;
    tiles->setHorizontalSpacing(8);
    m_waiting = addTile(tiles, 0, tr("Waiting"), QStringLiteral("tileWaiting"),
                        tr("Received and not processed yet: due now or scheduled for a retry"));
    m_due = addTile(tiles, 1, tr("Due now"), QStringLiteral("tileDue"),
                    tr("Waiting events a worker may take now"));
    m_processing = addTile(tiles, 2, tr("Processing"), QStringLiteral("tileProcessing"),
                           tr("Held by a worker"));
    m_stuck = addTile(tiles, 3, tr("Stuck"), QStringLiteral("tileStuck"),
                      tr("Processing with a lock older than the lock timeout (5 minutes by "
                         "default): the worker may be gone"));
    m_failed = addTile(tiles, 4, tr("Failed"), QStringLiteral("tileFailed"),
                       tr("Failed for good, waiting for a person (Needs attention)"));
    m_duplicates = addTile(tiles, 5, tr("Open duplicates"), QStringLiteral("tileDuplicates"),
                           tr("Possible duplicate leads waiting for a manager's decision"));
    // What stats_now calls oldest_waiting is the longest-DUE event: one scheduled for a retry
    // later is waiting but not due, and is not measured here (the Waiting tile names them).
    m_oldest = addTile(tiles, 6, tr("Oldest due"), QStringLiteral("tileOldest"),
                       tr("How long the longest-due event has waited for a worker; events "
                          "scheduled for a retry later are not due yet"));

    // Every figure leads to the list of what it counts (of the source chosen above): the labels
    // pass clicks on to their tile.
    m_waiting.frame->setAction(tr("Opens the journal on the waiting (received) events"));
    m_due.frame->setAction(tr("Opens the journal on the waiting (received) events"));
    m_processing.frame->setAction(tr("Opens the journal on the events being processed"));
    m_stuck.frame->setAction(tr("Opens Needs attention on the stuck events"));
    m_failed.frame->setAction(tr("Opens Needs attention on the failed events"));
    m_duplicates.frame->setAction(tr("Opens the Duplicates screen"));
    m_oldest.frame->setAction(tr("Opens the longest-due event in the journal"));
    for (const Tile *t :
         {&m_waiting, &m_due, &m_processing, &m_stuck, &m_failed, &m_duplicates, &m_oldest}) {
        t->value->setTextInteractionFlags(Qt::NoTextInteraction);
        t->note->setTextInteractionFlags(Qt::NoTextInteraction);
    }
    for (const Tile *t : {&m_waiting, &m_due}) {
        connect(t->frame, &FigureTile::activated, this,
                [this] { emit openPlace(ConsoleLink::waiting(selectedSource())); });
    }
    connect(m_processing.frame, &FigureTile::activated, this,
            [this] { emit openPlace(ConsoleLink::processing(selectedSource())); });
    connect(m_stuck.frame, &FigureTile::activated, this,
            [this] { emit openPlace(ConsoleLink::stuck(selectedSource())); });
    connect(m_failed.frame, &FigureTile::activated, this,
            [this] { emit openPlace(ConsoleLink::failed(selectedSource())); });
    connect(m_duplicates.frame, &FigureTile::activated, this,
            [this] { emit openPlace(ConsoleLink::duplicates()); });
    connect(m_oldest.frame, &FigureTile::activated, this, [this] {
        // The event itself when the snapshot names it for the source shown; otherwise (none
        // due, or the oldest is another source's) the waiting events.
        const qint64 id = shownOldestEvent();
        emit openPlace(id > 0 ? ConsoleLink::event(id) : ConsoleLink::waiting(selectedSource()));
    });
    for (DayChart *chart : {m_deliveries, m_outcomes}) {
        connect(chart, &DayChart::dayActivated, this, [this](const QDate &day) {
            emit openPlace(ConsoleLink::journalDay(day, selectedSource()));
        });
    }

    auto *charts = new QWidget(this);
    auto *chartRow = new QHBoxLayout(charts);
    chartRow->setContentsMargins(0, 0, 0, 0);
    chartRow->addWidget(m_deliveries);
    chartRow->addWidget(m_outcomes);

    m_dailyView = makeTable(m_daily, DailyFiguresModel::AlertRole, this);
    m_dailyView->setObjectName(QStringLiteral("dailyTable"));
    m_nowView = makeTable(m_now, NowFiguresModel::AlertRole, this);
    m_nowView->setObjectName(QStringLiteral("nowTable"));
    m_dailyView->setAccessibleName(tr("Per day"));
    // A day's row leads where that day's bar does: a click, or Enter on the current row.
    m_dailyView->setToolTip(tr("Click a day to list its events in the journal."));
    m_dailyView->setAccessibleDescription(tr("Enter on a day lists its events in the journal"));
    m_dailyView->viewport()->setCursor(Qt::PointingHandCursor);
    for (const auto signal : {&QAbstractItemView::clicked, &QAbstractItemView::activated}) {
        connect(m_dailyView, signal, this, [this](const QModelIndex &index) {
            const QDate day = index.isValid() ? m_daily->days().value(index.row()).day : QDate();
            if (day.isValid())
                emit openPlace(ConsoleLink::journalDay(day, selectedSource()));
        });
    }
    m_nowView->setAccessibleName(tr("Now, per source"));
    // Two tabs rather than side by side: each table then has the full width (nine columns
    // of figures do not fit next to seven at 1280 pixels, in Russian least of all).
    m_tables->setObjectName(QStringLiteral("overviewTables"));
    m_tables->setDocumentMode(true);
    m_tables->addTab(m_dailyView, tr("Per day"));
    m_tables->addTab(m_nowView, tr("Now, per source"));
    new RefusalsPanel(m_context, m_model, m_tables);     // the third tab: refused today
    new DestinationsPanel(m_context, m_model, m_tables); // the fourth: inbox-dispatcher's handlers
    new PollSourcesPanel(m_context, m_model, m_tables);  // the fifth: inbox-poller's sources
    auto *tables = m_tables;

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(charts);
    split->addWidget(tables);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_warning);
    layout->addWidget(m_error);
    layout->addLayout(tiles);
    // The alerts firing now (widgets/alerts), each leading to what it is about.
    auto *alerts = new FiringAlertsPanel(m_context, content);
    connect(alerts, &FiringAlertsPanel::openPlace, this, &OverviewPage::openPlace);
    layout->addWidget(alerts);
    layout->addWidget(split, 1);

    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(content);
    auto *outer = new QVBoxLayout(this);
    outer->addWidget(m_stack);

    connect(m_model, &OverviewModel::updated, this, &OverviewPage::showSnapshot);
    connect(m_model, &OverviewModel::failed, this, &OverviewPage::showError);
    connect(m_model, &OverviewModel::cleared, this, &OverviewPage::showDisconnected);
    connect(m_model, &OverviewModel::busyChanged, m_busy, &QWidget::setVisible);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this] {
        if (m_model->hasSnapshot())
            showSnapshot();
    });
    showDisconnected();
}

void OverviewPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_model->setActive(true);
}

void OverviewPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_model->setActive(false);
}

OverviewPage::Tile OverviewPage::addTile(QGridLayout *grid, int column, const QString &caption,
                                         const QString &objectName, const QString &toolTip)
{
    auto *frame = new FigureTile(this);
    frame->setToolTip(toolTip);
    frame->setAccessibleName(caption);
    auto *box = new QVBoxLayout(frame);
    box->setContentsMargins(8, 4, 8, 4);
    box->setSpacing(0);
    auto *title = new QLabel(caption, frame);
    Tile tile;
    tile.frame = frame;
    tile.value = new QLabel(QStringLiteral("\u2014"), frame);
    tile.value->setObjectName(objectName);
    QFont big = tile.value->font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    big.setBold(true);
    tile.value->setFont(big);
    tile.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    tile.note = new QLabel(frame);
    tile.note->setObjectName(objectName + QStringLiteral("Note"));
    tile.note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    tile.note->setWordWrap(true); // a note may be longer than a narrow tile (1280 px, Russian)
    QFont small = tile.note->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    tile.note->setFont(small);
    tile.note->hide();
    box->addWidget(title);
    box->addWidget(tile.value);
    box->addWidget(tile.note);
    box->addStretch();
    grid->addWidget(frame, 0, column);
    grid->setColumnStretch(column, 1);
    return tile;
}

void OverviewPage::setTile(const Tile &tile, const QString &value, bool alert, const QString &note)
{
    tile.value->setText(value);
    Theme::setLook(tile.value, alert ? Theme::Look::AlertText : Theme::Look::Plain);
    tile.note->setText(note);
    tile.note->setVisible(!note.isEmpty());
}

qint64 OverviewPage::shownOldestEvent() const
{
    if (!m_model->hasSnapshot())
        return 0;
    const OverviewSnapshot &s = m_model->snapshot();
    const QString source = selectedSource();
    if (!s.oldest || !s.nowFor(source).oldestWaiting.isValid() ||
        (!source.isEmpty() && s.oldest->source != source))
        return 0;
    return s.oldest->id;
}

QString OverviewPage::selectedSource() const
{
    return m_source->currentData().toString();
}

void OverviewPage::updateSourceChoices()
{
    const QStringList sources = m_model->snapshot().sources();
    QStringList shown;
    for (int i = 1; i < m_source->count(); ++i)
        shown << m_source->itemData(i).toString();
    if (m_source->count() > 0 && shown == sources)
        return;
    const QString keep = selectedSource();
    const QSignalBlocker block(m_source);
    m_source->clear();
    m_source->addItem(tr("All sources"), QString());
    for (const QString &s : sources)
        m_source->addItem(s, s);
    const int index = m_source->findData(keep);
    m_source->setCurrentIndex(index < 0 ? 0 : index);
}

void OverviewPage::showSnapshot()
{
    const OverviewSnapshot &s = m_model->snapshot();
    m_stack->setCurrentIndex(1);
    m_error->hide();
    updateSourceChoices();
    const QString source = selectedSource();
    const QLocale locale;

    // Warnings are about every source, whichever one is picked for the charts. One source's
    // jump is told in full; several of one kind share one line and its advice, so that a
    // slow receiver (every source at once) does not push the figures off the screen.
    const QVector<HealthWarning> warnings = healthWarnings(s);
    QVector<const HealthWarning *> repeats, failures;
    bool repeatAlert = false;
    bool failureAlert = false;
    for (const HealthWarning &w : warnings) {
        const bool shown = source.isEmpty() || source == w.source;
        if (w.metric == HealthWarning::Metric::RepeatShare) {
            repeatAlert = repeatAlert || shown;
            repeats << &w;
        } else {
            failureAlert = failureAlert || shown;
            failures << &w;
        }
    }
    const auto usual = [this](const HealthWarning &w) {
        return w.verdict.hasBaseline
                   // No brackets: it goes inside the sentence's own, which would end "))".
                   ? tr("usually %1, the median of the last %n days", "", w.verdict.baselineDays)
                         .arg(formatShare(w.verdict.baseline))
                   : tr("no baseline yet, alarm above %1").arg(formatShare(w.verdict.threshold));
    };
    const auto items = [this, &locale](const QVector<const HealthWarning *> &group) {
        QStringList out;
        // The share's number and its "%" stay on one line.
        const auto share = [](double v) {
            return formatShare(v).replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
        };
        for (const HealthWarning *w : group)
            out << tr("<b>%1 %2</b> (%3 of %4, %5)")
                       .arg(w->source.toHtmlEscaped(), share(w->verdict.today),
                            locale.toString(w->todayCount), locale.toString(w->todayVolume),
                            w->verdict.hasBaseline
                                ? tr("usually %1").arg(formatShare(w->verdict.baseline))
                                : tr("no baseline yet, alarm above %1")
                                      .arg(formatShare(w->verdict.threshold)));
        return out.join(QStringLiteral(", "));
    };
    const QString repeatAdvice = tr("Senders deliver again when the receiver answers too slowly "
                                    "or fails: check the receiver's response time and errors.");
    const QString failureAdvice = tr("See Needs attention for the errors.");
    QStringList lines;
    if (repeats.size() == 1) {
        const HealthWarning &w = *repeats.first();
        lines << tr("<b>%1: %2 of today's deliveries are repeats</b> (%3 of %4; %5).")
                         .arg(w.source.toHtmlEscaped(), formatShare(w.verdict.today),
                              locale.toString(w.todayCount), locale.toString(w.todayVolume),
                              usual(w)) +
                     QLatin1Char(' ') + repeatAdvice;
    } else if (repeats.size() > 1) {
        lines << tr("<b>Repeats jumped today in %n source(s)</b> (the usual share is the median "
                    "of the last days): %1.",
                    "", int(repeats.size()))
                         .arg(items(repeats)) +
                     QLatin1Char(' ') + repeatAdvice;
    }
    if (failures.size() == 1) {
        const HealthWarning &w = *failures.first();
        lines << tr("<b>%1: %2 of the events finished today failed</b> (%3 of %4; %5).")
                         .arg(w.source.toHtmlEscaped(), formatShare(w.verdict.today),
                              locale.toString(w.todayCount), locale.toString(w.todayVolume),
                              usual(w)) +
                     QLatin1Char(' ') + failureAdvice;
    } else if (failures.size() > 1) {
        lines << tr("<b>Failures rose today in %n source(s)</b> (the usual share is the median "
                    "of the last days): %1.",
                    "", int(failures.size()))
                         .arg(items(failures)) +
                     QLatin1Char(' ') + failureAdvice;
    }
    m_warning->setText(QStringLiteral("\u26a0 ") + lines.join(QStringLiteral("<br>\u26a0 ")));
    m_warning->setVisible(!lines.isEmpty());

    m_tables->setTabText(0, source.isEmpty() ? tr("Per day, all sources")
                                             : tr("Per day, %1").arg(source));
    const QVector<DayFigures> days = s.dailyFor(source);
    m_daily->setDays(days, repeatAlert, failureAlert);
    m_deliveries->setDays(days);
    m_outcomes->setDays(days);
    m_now->setFigures(s.now, s.serverNow);

    const NowFigures now = s.nowFor(source);
    const qint64 scheduled = std::max<qint64>(0, now.waiting - now.due);
    setTile(m_waiting, locale.toString(now.waiting), false,
            scheduled > 0 ? tr("%1 due, %2 scheduled for a retry")
                                .arg(locale.toString(now.due), locale.toString(scheduled))
                          : QString());
    setTile(m_due, locale.toString(now.due), false);
    setTile(m_processing, locale.toString(now.processing), false);
    setTile(m_stuck, locale.toString(now.stuck), now.stuck > 0);
    setTile(m_failed, locale.toString(now.failed), now.failed > 0);
    setTile(m_duplicates, locale.toString(s.openDuplicates), false);
    if (!now.oldestWaiting.isValid()) {
        setTile(m_oldest, tr("none"), false,
                scheduled > 0
                    ? tr("nothing is due; %1 scheduled for a retry").arg(locale.toString(scheduled))
                    : QString());
    } else {
        const qint64 age = std::max<qint64>(0, now.oldestWaiting.secsTo(s.serverNow));
        QString note;
        if (s.oldest && (source.isEmpty() || s.oldest->source == source)) {
            note = tr("%1 / %2 (event %3)")
                       .arg(s.oldest->source, s.oldest->externalId)
                       .arg(s.oldest->id);
        }
        // A queue that has not moved for 5 minutes is worth a look.
        setTile(m_oldest, formatAge(age), age >= 300, note);
    }
    m_updated->setText(
        tr("Server time %1 · read in %2 ms")
            .arg(s.serverNow.toLocalTime().time().toString(QStringLiteral("HH:mm:ss")))
            .arg(locale.toString(double(s.elapsedUs) / 1000.0, 'f', 1)));
}

void OverviewPage::showError(const DbError &error)
{
    if (error.isPermissionDenied()) {
        m_error->setText(tr("This database user may not read the inbox statistics: it needs the "
                            "inbox_support role (or one that includes it)."));
    } else {
        m_error->setText(tr("Could not read the overview: %1").arg(error.oneLine()));
    }
    m_error->show();
    m_stack->setCurrentIndex(1);
}

void OverviewPage::showDisconnected()
{
    m_placeholder->setText(tr("Connect to an inbox database (the Connect screen) to see the "
                              "overview."));
    m_stack->setCurrentIndex(0);
    m_warning->hide();
    m_daily->setDays({});
    m_now->setFigures({}, {});
}

} // namespace inbox
