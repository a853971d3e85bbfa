#include "alerts/alertruleeditor.h"

#include "alerts/alertparams.h"
#include "alerts/alertrulewriter.h"
#include "common/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

namespace inbox {

namespace {

QStringList splitList(const QString &text)
{
    QStringList out;
    for (const QString &part :
         text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        if (!out.contains(part))
            out << part;
    return out;
}

// A number when it reads as one (a decimal comma too), else the text as typed: the database
// then names the key and says it wants a number.
QJsonValue paramValue(const QString &typed, bool whole)
{
    QString text = typed.trimmed();
    text.replace(QLatin1Char(','), QLatin1Char('.'));
    bool ok = false;
    if (whole) {
        const qlonglong n = text.toLongLong(&ok);
        if (ok)
            return QJsonValue(n);
    }
    const double d = text.toDouble(&ok);
    return ok ? QJsonValue(d) : QJsonValue(typed.trimmed());
}

// What a parameter means, in the person's words; the key itself is the accessible name and
// what the database's messages name.
QString paramCaption(const QString &kind, const QString &key)
{
    if (kind == QLatin1String("poll_source") && key == QLatin1String("minutes"))
        return AlertRuleEditor::tr("No successful poll for longer than, minutes");
    if (key == QLatin1String("on_stop"))
        return AlertRuleEditor::tr("Fire as soon as the source is stopped (credentials refused)");
    if (key == QLatin1String("minutes"))
        return AlertRuleEditor::tr("Stuck longer than, minutes");
    if (key == QLatin1String("min_failures"))
        return AlertRuleEditor::tr("New failures, at least");
    if (key == QLatin1String("factor"))
        return AlertRuleEditor::tr("Times the usual share");
    if (key == QLatin1String("min_rise"))
        return AlertRuleEditor::tr("Rise of the share, at least");
    if (key == QLatin1String("min_volume"))
        return AlertRuleEditor::tr("Deliveries today, at least");
    if (key == QLatin1String("min_baseline_days"))
        return AlertRuleEditor::tr("Days of history to compare with");
    if (key == QLatin1String("ceiling"))
        return AlertRuleEditor::tr("Always above the share");
    if (key == QLatin1String("gap_factor"))
        return AlertRuleEditor::tr("Silent longer than its usual gap times");
    if (key == QLatin1String("gap_minutes"))
        return AlertRuleEditor::tr("Or silent longer than, minutes");
    if (key == QLatin1String("hours"))
        return AlertRuleEditor::tr("Oldest open pair older than, hours");
    if (key == QLatin1String("destination"))
        return AlertRuleEditor::tr("Destination");
    if (key == QLatin1String("backlog_minutes"))
        return AlertRuleEditor::tr("Oldest waiting event older than, minutes");
    if (key == QLatin1String("on_pause"))
        return AlertRuleEditor::tr("Fire as soon as it is paused");
    return key;
}

} // namespace

AlertRuleEditor::AlertRuleEditor(AlertRuleWriter *writer, const AlertRule &rule, QWidget *parent)
    : QDialog(parent), m_writer(writer), m_rule(rule), m_name(new QLineEdit(this)),
      m_kind(new QComboBox(this)), m_severity(new QComboBox(this)), m_paramForm(nullptr),
      m_paramBox(new QWidget(this)), m_sources(new QLineEdit(this)), m_chats(new QLineEdit(this)),
      m_repeat(new QSpinBox(this)),
      m_sendResolved(new QCheckBox(tr("Send a \"&resolved\" message when it clears"), this)),
      m_enabled(new QCheckBox(tr("&Enabled"), this)), m_general(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("alertRuleEditor"));
    setWindowTitle(rule.id > 0 ? tr("Alert rule \"%1\"").arg(rule.name) : tr("New alert rule"));
    m_name->setObjectName(QStringLiteral("ruleName"));
    m_name->setAccessibleName(tr("Name"));
    m_name->setMaxLength(100);
    m_name->setText(rule.name);
    m_kind->setObjectName(QStringLiteral("ruleKind"));
    m_kind->setAccessibleName(tr("Kind"));
    for (const QString &kind : AlertParams::kinds())
        m_kind->addItem(AlertRulesModel::kindText(kind), kind);
    m_kind->setCurrentIndex(qMax(0, m_kind->findData(rule.kind)));
    m_kind->setEnabled(rule.id == 0);
    if (rule.id > 0)
        m_kind->setToolTip(tr("A rule keeps its kind: for another kind, create a new rule"));
    m_severity->setObjectName(QStringLiteral("ruleSeverity"));
    m_severity->setAccessibleName(tr("Severity"));
    for (const QString &severity : AlertParams::severities())
        m_severity->addItem(AlertRulesModel::severityText(severity), severity);
    m_severity->setCurrentIndex(qMax(0, m_severity->findData(rule.severity)));
    m_sources->setObjectName(QStringLiteral("ruleSources"));
    m_sources->setAccessibleName(tr("Sources"));
    m_sources->setPlaceholderText(tr("all sources"));
    m_sources->setText(rule.sources.join(QStringLiteral(", ")));
    m_chats->setObjectName(QStringLiteral("ruleChats"));
    m_chats->setAccessibleName(tr("Telegram chats"));
    m_chats->setPlaceholderText(tr("chat ids or @channel names, separated by commas"));
    m_chats->setText(rule.chatIds.join(QStringLiteral(", ")));
    m_repeat->setObjectName(QStringLiteral("ruleRepeat"));
    m_repeat->setAccessibleName(tr("Repeat interval"));
    m_repeat->setRange(1, 30 * 24 * 60);
    m_repeat->setSuffix(tr(" min"));
    m_repeat->setValue(int(qMax<qint64>(1, rule.repeatSeconds / 60)));
    m_repeat->setToolTip(tr("How often a firing alert is sent again (default 240 min, 4 h)"));
    m_sendResolved->setObjectName(QStringLiteral("ruleSendResolved"));
    m_sendResolved->setChecked(rule.sendResolved);
    m_enabled->setObjectName(QStringLiteral("ruleEnabled"));
    m_enabled->setChecked(rule.enabled);
    m_general->setObjectName(QStringLiteral("ruleError"));
    m_general->setWordWrap(true);
    Theme::setLook(m_general, Theme::Look::ProblemBanner, QStringLiteral("padding: 4px;"));
    m_general->hide();

    auto *form = new QFormLayout;
    const auto addRow = [this, form](const QString &label, QWidget *field, const QString &key) {
        auto *box = new QVBoxLayout;
        box->setContentsMargins(0, 0, 0, 0);
        box->setSpacing(2);
        box->addWidget(field);
        box->addWidget(errorLabel(key));
        auto *caption = new QLabel(label, this);
        caption->setBuddy(field);
        form->addRow(caption, box);
    };
    addRow(tr("&Name:"), m_name, QStringLiteral("name"));
    addRow(tr("&Kind:"), m_kind, QStringLiteral("kind"));
    addRow(tr("Se&verity:"), m_severity, QStringLiteral("severity"));
    form->addRow(m_paramBox);
    m_paramBox->setObjectName(QStringLiteral("ruleParams"));
    m_paramForm = new QFormLayout(m_paramBox);
    m_paramForm->setContentsMargins(0, 0, 0, 0);
    addRow(tr("S&ources:"), m_sources, QStringLiteral("sources"));
    addRow(tr("&Chats:"), m_chats, QStringLiteral("chat_ids"));
    addRow(tr("Re&peat every:"), m_repeat, QStringLiteral("repeat_interval"));
    form->addRow(m_sendResolved);
    form->addRow(m_enabled);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_general);
    layout->addStretch();
    layout->addWidget(m_buttons);

    buildParams();
    connect(m_kind, &QComboBox::currentIndexChanged, this, &AlertRuleEditor::buildParams);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AlertRuleEditor::save);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_writer, &AlertRuleWriter::finished, this, &AlertRuleEditor::onFinished);
}

QLabel *AlertRuleEditor::errorLabel(const QString &field)
{
    auto *label = new QLabel(this);
    label->setObjectName(QStringLiteral("error_") + field);
    label->setWordWrap(true);
    Theme::setLook(label, Theme::Look::AlertText);
    label->hide();
    m_errors.insert(field, label);
    return label;
}

void AlertRuleEditor::buildParams()
{
    // What was typed for a key survives a change of kind and back.
    QHash<QString, QString> typed;
    for (auto it = m_params.cbegin(); it != m_params.cend(); ++it)
        typed.insert(it.key(), it.value()->text());
    QHash<QString, bool> ticked;
    for (auto it = m_flags.cbegin(); it != m_flags.cend(); ++it)
        ticked.insert(it.key(), it.value()->isChecked());
    while (m_paramForm->rowCount() > 0)
        m_paramForm->removeRow(0);
    for (auto it = m_errors.begin(); it != m_errors.end();) {
        if (it.key().startsWith(QLatin1String("params.")))
            it = m_errors.erase(it);
        else
            ++it;
    }
    m_params.clear();
    m_flags.clear();

    const QString kind = m_kind->currentData().toString();
    const QJsonObject stored = kind == m_rule.kind
                                   ? QJsonDocument::fromJson(m_rule.params.toUtf8()).object()
                                   : QJsonObject();
    for (const AlertParams::Param &p : AlertParams::params(kind)) {
        if (p.type == AlertParams::Type::Flag) {
            auto *check = new QCheckBox(paramCaption(kind, p.key), m_paramBox);
            check->setObjectName(QStringLiteral("param_") + p.key);
            check->setAccessibleName(p.key);
            check->setChecked(ticked.contains(p.key)   ? ticked.value(p.key)
                              : stored.contains(p.key) ? stored.value(p.key).toBool()
                                                       : p.defaultText == QLatin1String("true"));
            if (p.key == QLatin1String("on_stop"))
                check->setToolTip(tr("The marketplace or CRM answered 401 or 403: polling stops "
                                     "until the poller is restarted. Off: a stopped source fires "
                                     "only once it is that long without a successful poll"));
            if (p.key == QLatin1String("on_pause"))
                check->setToolTip(tr("Paused by a person, or by the handler's 410 Gone. Off: a "
                                     "pause fires only once the backlog is old enough"));
            auto *box = new QVBoxLayout;
            box->setContentsMargins(0, 0, 0, 0);
            box->setSpacing(2);
            box->addWidget(check);
            box->addWidget(errorLabel(QStringLiteral("params.") + p.key));
            m_paramForm->addRow(box);
            m_flags.insert(p.key, check);
            continue;
        }
        auto *edit = new QLineEdit(m_paramBox);
        edit->setObjectName(QStringLiteral("param_") + p.key);
        edit->setAccessibleName(p.key);
        if (typed.contains(p.key))
            edit->setText(typed.value(p.key));
        else if (stored.contains(p.key))
            edit->setText(stored.value(p.key).toVariant().toString());
        else
            edit->setText(p.defaultText);
        if (p.type == AlertParams::Type::Text) {
            edit->setMaxLength(int(p.max));
            edit->setPlaceholderText(tr("its name, as on the Handlers tab"));
            edit->setToolTip(
                tr("%1..%2 characters")
                    .arg(locale().toString(qlonglong(p.min)), locale().toString(qlonglong(p.max))));
        } else {
            edit->setPlaceholderText(p.defaultText.isEmpty() ? tr("not set") : p.defaultText);
            const QString range =
                p.whole
                    ? tr("whole number %1..%2")
                          .arg(locale().toString(qlonglong(p.min)),
                               locale().toString(qlonglong(p.max)))
                    : tr("number %1..%2").arg(locale().toString(p.min), locale().toString(p.max));
            edit->setToolTip(
                p.defaultText.isEmpty()
                    ? range
                    : tr("%1; default %2").arg(range, locale().toString(p.defaultText.toDouble())));
        }
        auto *box = new QVBoxLayout;
        box->setContentsMargins(0, 0, 0, 0);
        box->setSpacing(2);
        box->addWidget(edit);
        box->addWidget(errorLabel(QStringLiteral("params.") + p.key));
        const QString defaultShown = p.defaultText.isEmpty() || p.type != AlertParams::Type::Number
                                         ? QString()
                                         : locale().toString(p.defaultText.toDouble());
        const QString caption =
            defaultShown.isEmpty()
                ? tr("%1:").arg(paramCaption(kind, p.key))
                : tr("%1 (default %2):").arg(paramCaption(kind, p.key), defaultShown);
        auto *label = new QLabel(caption, m_paramBox);
        label->setBuddy(edit);
        m_paramForm->addRow(label, box);
        m_params.insert(p.key, edit);
    }
    if (kind == QLatin1String("silent_source"))
        m_paramForm->addRow(new QLabel(tr("Give one of the two gaps, not both."), m_paramBox));
    if (kind == QLatin1String("destination")) {
        // The database knows no destination's route: the rule's sources say it.
        auto *note = new QLabel(tr("Fires while the destination is paused, or while the oldest "
                                   "event of the sources below still waiting for delivery is "
                                   "older than that. Name the sources of its route."),
                                m_paramBox);
        note->setObjectName(QStringLiteral("ruleParamsNote"));
        note->setWordWrap(true);
        m_paramForm->addRow(note);
    }
    if (kind == QLatin1String("poll_source")) {
        // A name the poller has not opened yet is taken (migration 0030): say so, since a
        // misspelt one then never fires.
        auto *note = new QLabel(tr("Fires when a polled source has had no successful poll for "
                                   "that long, or is stopped. The sources below are names as "
                                   "in the poller's configuration; a name it has not polled yet "
                                   "is watched from its first poll."),
                                m_paramBox);
        note->setObjectName(QStringLiteral("ruleParamsNote"));
        note->setWordWrap(true);
        m_paramForm->addRow(note);
    }
    if (AlertParams::wholeInbox(kind))
        m_sources->setPlaceholderText(tr("the whole inbox (this kind has no sources)"));
    else if (kind == QLatin1String("destination"))
        m_sources->setPlaceholderText(tr("all sources (the destination's route)"));
    else if (kind == QLatin1String("poll_source"))
        m_sources->setPlaceholderText(tr("every polled source"));
    else
        m_sources->setPlaceholderText(tr("all sources"));
}

AlertRule AlertRuleEditor::rule() const
{
    AlertRule r = m_rule;
    r.name = m_name->text().trimmed();
    r.kind = m_kind->currentData().toString();
    r.severity = m_severity->currentData().toString();
    QJsonObject params;
    for (const AlertParams::Param &p : AlertParams::params(r.kind)) {
        if (const QCheckBox *check = m_flags.value(p.key)) {
            params.insert(p.key, check->isChecked());
            continue;
        }
        const QLineEdit *edit = m_params.value(p.key);
        if (!edit || edit->text().trimmed().isEmpty())
            continue; // the default, or the database says it is wanted
        params.insert(p.key, p.type == AlertParams::Type::Text ? QJsonValue(edit->text().trimmed())
                                                               : paramValue(edit->text(), p.whole));
    }
    r.params = QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Compact));
    r.sources = splitList(m_sources->text());
    r.chatIds = splitList(m_chats->text());
    r.repeatSeconds = qint64(m_repeat->value()) * 60;
    r.sendResolved = m_sendResolved->isChecked();
    r.enabled = m_enabled->isChecked();
    return r;
}

QString AlertRuleEditor::errorText(const QString &field) const
{
    const QLabel *label = field.isEmpty() ? m_general : m_errors.value(field);
    return label && !label->isHidden() ? label->text() : QString();
}

void AlertRuleEditor::clearErrors()
{
    for (QLabel *label : std::as_const(m_errors))
        label->hide();
    m_general->hide();
}

void AlertRuleEditor::save()
{
    if (m_pending)
        return;
    clearErrors();
    m_pending = true;
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(false);
    m_writer->save(rule());
}

void AlertRuleEditor::onFinished(const AlertRuleChange &change)
{
    if (!m_pending || change.op != AlertRuleChange::Op::Save)
        return;
    m_pending = false;
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(true);
    if (change.ok()) {
        m_rule.id = change.ruleId;
        emit saved(change.ruleId);
        accept();
        return;
    }
    const DbError &e = change.error;
    QString text;
    if (e.isPermissionDenied())
        text = tr("Only a manager (inbox_manager) may change alert rules. The database said: %1")
                   .arg(e.oneLine());
    else if (e.connectionLost)
        text = tr("The connection was lost; the rule may or may not be saved. Look at the "
                  "list before saving again. (%1)")
                   .arg(e.oneLine());
    else
        text = e.message;
    QLabel *label = m_errors.value(AlertParams::fieldOf(e.message));
    if (!label || e.isPermissionDenied() || e.connectionLost)
        label = m_general;
    label->setText(text);
    label->show();
}

} // namespace inbox
