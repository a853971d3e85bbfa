#pragma once

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace inbox {

class AlertRuleWriter;
struct AlertRuleChange;

// Removes or silences one alert rule, with the note the journal keeps. Silence offers a
// period (until when nothing of the rule is sent) and wants a note that says why; removal
// takes an optional note. The database's refusal stays in the dialog, the note kept.
class AlertNoteDialog final : public QDialog
{
    Q_OBJECT
public:
    enum class Mode { Remove, Silence };
    AlertNoteDialog(AlertRuleWriter *writer, Mode mode, qint64 ruleId, const QString &ruleName,
                    QWidget *parent = nullptr);

    QLineEdit *noteEdit() const { return m_note; }
    QComboBox *periodBox() const { return m_period; } // Silence only
    QString errorText() const;
    void apply();

signals:
    void done(const QString &outcome);

private:
    void onFinished(const AlertRuleChange &change);

    AlertRuleWriter *m_writer;
    Mode m_mode;
    qint64 m_ruleId;
    QComboBox *m_period = nullptr;
    QLineEdit *m_note;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
    bool m_pending = false;
};

} // namespace inbox
