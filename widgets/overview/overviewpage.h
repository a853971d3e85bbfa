#pragma once

#include "db/dberror.h"
#include "navigation/consolelink.h"

#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace inbox {

class ConsoleContext;
class DailyFiguresModel;
class DayChart;
class FigureTile;
class NowFiguresModel;
class OverviewModel;

// Screen 2: today and the last 14 days per source as charts and numbers, the state now, and
// a warning when today's repeat or failure share jumps against the recent baseline
// (healthrule.h). Reads maintained counters only; live through ConsoleContext::changed.
class OverviewPage final : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewPage(ConsoleContext *context, QWidget *parent = nullptr);

    OverviewModel *model() const { return m_model; }
    DailyFiguresModel *dailyModel() const { return m_daily; }
    NowFiguresModel *nowModel() const { return m_now; }
    DayChart *deliveriesChart() const { return m_deliveries; }
    DayChart *outcomesChart() const { return m_outcomes; }
    FigureTile *failedTile() const { return m_failed.frame; }
    FigureTile *duplicatesTile() const { return m_duplicates.frame; }

signals:
    // A figure was clicked: the screen that lists what it counts (MainWindow::open).
    void openPlace(const inbox::ConsoleLink &place);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    struct Tile
    {
        FigureTile *frame = nullptr;
        QLabel *value = nullptr;
        QLabel *note = nullptr;
    };
    Tile addTile(QGridLayout *grid, int column, const QString &caption, const QString &objectName,
                 const QString &toolTip);
    void showSnapshot();
    void showError(const DbError &error);
    void showDisconnected();
    void setTile(const Tile &tile, const QString &value, bool alert, const QString &note = {});
    QString selectedSource() const;
    // The longest-due event the Oldest due figure names for the source shown, 0 for none.
    qint64 shownOldestEvent() const;
    void updateSourceChoices();

    ConsoleContext *m_context;
    OverviewModel *m_model;
    DailyFiguresModel *m_daily;
    NowFiguresModel *m_now;
    QStackedWidget *m_stack;
    QLabel *m_placeholder;
    QComboBox *m_source;
    QLabel *m_updated;
    QProgressBar *m_busy;
    QLabel *m_warning;
    QLabel *m_error;
    QTabWidget *m_tables;
    Tile m_waiting, m_due, m_processing, m_stuck, m_failed, m_duplicates, m_oldest;
    DayChart *m_deliveries;
    DayChart *m_outcomes;
    QTableView *m_dailyView;
    QTableView *m_nowView;
};

} // namespace inbox
