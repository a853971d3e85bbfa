#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace inbox {

class DestinationWriter;
struct DestinationChange;

// Pauses or resumes one destination of inbox-dispatcher, with the reason the journal keeps
// beside the person's name. Paused, its events wait as they are (nothing fails, nothing is
// dropped) until someone resumes it. The database's refusal stays in the dialog, the reason
// kept.
class DestinationPauseDialog final : public QDialog
{
    Q_OBJECT
public:
    DestinationPauseDialog(DestinationWriter *writer, bool pause, const QString &destination,
                           QWidget *parent = nullptr);

    QLineEdit *reasonEdit() const { return m_reason; }
    QPushButton *applyButton() const { return m_apply; }
    QString errorText() const;
    void apply();

signals:
    void done(const QString &outcome);

private:
    void onFinished(const DestinationChange &change);

    DestinationWriter *m_writer;
    bool m_pause;
    QString m_destination;
    QLineEdit *m_reason;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
    QPushButton *m_apply;
    bool m_pending = false;
};

} // namespace inbox
