#pragma once

#include "journal/journalfilter.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTableWidget;

namespace inbox {

class ConsoleContext;
class Requeuer;

// Requeue, in four steps: counting (ids collected, preview read), confirmation (how many
// will be requeued and how many left alone and why, a warning for validation failures, a
// required reason), progress (with Stop between batches) and the outcome per event.
// Opened with open(); `finished` tells the page to re-read.
class RequeueDialog final : public QDialog
{
    Q_OBJECT
public:
    struct Target
    {
        QVector<qint64> ids;            // these events, or
        QVector<JournalFilter> filters; // every event matching any of these
        QString description;            // "3 selected events", "the group ..."
    };

    RequeueDialog(ConsoleContext *context, const Target &target, QWidget *parent = nullptr);
    ~RequeueDialog() override;

    Requeuer *requeuer() const { return m_requeuer; }
    QString summaryText() const;
    QString resultText() const;

    void reject() override;

signals:
    void applied(); // a run ended: something may have changed

protected:
    void showEvent(QShowEvent *event) override;

private:
    // Grows the dialog to the height its wrapped paragraphs need at its width: a dialog's
    // size does not follow its labels' height-for-width by itself, so a paragraph set after
    // it was laid out (the preview's, the outcome's) lost its last line or its descenders.
    void fitHeight();
    void showPage(int page);
    void onPreview();
    void onFailed();
    void onProgress(int requeued, int processed, int total);
    void onFinished();
    void updateStart();

    ConsoleContext *m_context;
    Requeuer *m_requeuer;
    QStackedWidget *m_pages;
    QLabel *m_counting;
    QLabel *m_summary;
    QLabel *m_warning;
    QLineEdit *m_reason;
    QPushButton *m_start;
    QProgressBar *m_progress;
    QLabel *m_progressText;
    QPushButton *m_stop;
    QLabel *m_result;
    QTableWidget *m_outcomes;
};

} // namespace inbox
