#pragma once

#include "alerts/alertrulesmodel.h"

#include <QDialog>
#include <QHash>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace inbox {

class AlertRuleWriter;
struct AlertRuleChange;

// Creates or edits one alert rule: the fields its kind takes (AlertParams, with the defaults
// shown), severity, scope, chats, repeat interval, the resolved message and whether it is on.
// Save runs set_alert_rule; the database's refusal (22023/22004) is shown next to the field it
// names and the form keeps everything typed. A rule keeps its kind, so the kind is fixed when
// editing.
class AlertRuleEditor final : public QDialog
{
    Q_OBJECT
public:
    AlertRuleEditor(AlertRuleWriter *writer, const AlertRule &rule, QWidget *parent = nullptr);

    // The rule as the form says now (params as a JSON object text).
    AlertRule rule() const;
    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *kindBox() const { return m_kind; }
    QLineEdit *paramEdit(const QString &key) const { return m_params.value(key); }
    // A yes-or-no parameter (AlertParams::Type::Flag: a destination rule's on_pause).
    QCheckBox *paramCheck(const QString &key) const { return m_flags.value(key); }
    QLineEdit *chatsEdit() const { return m_chats; }
    QLineEdit *sourcesEdit() const { return m_sources; }
    // The error shown next to `field` (AlertParams::fieldOf), or the form's general one.
    QString errorText(const QString &field) const;
    void save();

signals:
    void saved(qint64 ruleId);

private:
    void buildParams();
    void clearErrors();
    void onFinished(const AlertRuleChange &change);
    QLabel *errorLabel(const QString &field);

    AlertRuleWriter *m_writer;
    AlertRule m_rule;
    QLineEdit *m_name;
    QComboBox *m_kind;
    QComboBox *m_severity;
    QFormLayout *m_paramForm;
    QWidget *m_paramBox;
    QHash<QString, QLineEdit *> m_params;
    QHash<QString, QCheckBox *> m_flags;
    QLineEdit *m_sources;
    QLineEdit *m_chats;
    QSpinBox *m_repeat;
    QCheckBox *m_sendResolved;
    QCheckBox *m_enabled;
    QHash<QString, QLabel *> m_errors;
    QLabel *m_general;
    QDialogButtonBox *m_buttons;
    bool m_pending = false;
};

} // namespace inbox
