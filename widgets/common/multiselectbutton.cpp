#include "common/multiselectbutton.h"

#include <QListWidget>
#include <QMenu>
#include <QWidgetAction>

#include <algorithm>

namespace inbox {

MultiSelectButton::MultiSelectButton(const QString &title, QWidget *parent)
    : QToolButton(parent), m_title(title), m_list(new QListWidget)
{
    setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(this);
    auto *action = new QWidgetAction(menu);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);
    m_list->setMinimumWidth(m_list->fontMetrics().horizontalAdvance(QLatin1Char('m')) * 22);
    m_list->setAccessibleName(title);
    action->setDefaultWidget(m_list);
    menu->addAction(action);
    menu->addSeparator();
    menu->addAction(tr("All (clear)"), this, [this] { setSelected({}); });
    setMenu(menu);
    // Sized again as it opens: the items may have got icons (the journal's status shapes)
    // or another font since the options came, and a row taller than the first estimate
    // cut the last item off.
    connect(menu, &QMenu::aboutToShow, this, &MultiSelectButton::fitList);
    connect(m_list, &QListWidget::itemChanged, this, [this] {
        if (m_filling)
            return;
        updateText();
        const QStringList now = selected();
        if (now != m_last) {
            m_last = now;
            emit selectionChanged(now);
        }
    });
    updateText();
}

void MultiSelectButton::setOptions(const QVector<QPair<QString, QString>> &options)
{
    const QStringList keep = selected();
    m_filling = true;
    m_list->clear();
    for (const auto &o : options) {
        auto *item = new QListWidgetItem(o.second, m_list);
        item->setData(Qt::UserRole, o.first);
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(keep.contains(o.first) ? Qt::Checked : Qt::Unchecked);
    }
    // A ticked value no longer offered stays ticked, so a filter never changes by itself.
    for (const QString &value : keep) {
        if (std::none_of(options.cbegin(), options.cend(),
                         [&](const auto &o) { return o.first == value; })) {
            auto *item = new QListWidgetItem(value, m_list);
            item->setData(Qt::UserRole, value);
            item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
            item->setCheckState(Qt::Checked);
        }
    }
    fitList();
    m_filling = false;
    updateText();
}

QVector<QPair<QString, QString>> MultiSelectButton::plainOptions(const QVector<QVariantList> &rows)
{
    QVector<QPair<QString, QString>> out;
    out.reserve(rows.size());
    for (const QVariantList &r : rows)
        out.append({r.value(0).toString(), r.value(0).toString()});
    return out;
}

QStringList MultiSelectButton::options() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        out << m_list->item(i)->data(Qt::UserRole).toString();
    return out;
}

QStringList MultiSelectButton::selected() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->checkState() == Qt::Checked)
            out << m_list->item(i)->data(Qt::UserRole).toString();
    }
    return out;
}

void MultiSelectButton::setSelected(const QStringList &values)
{
    m_filling = true;
    for (const QString &v : values) {
        if (!options().contains(v)) {
            auto *item = new QListWidgetItem(v, m_list);
            item->setData(Qt::UserRole, v);
            item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        }
    }
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        item->setCheckState(values.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked
                                                                                 : Qt::Unchecked);
    }
    m_filling = false;
    updateText();
    const QStringList now = selected();
    if (now != m_last) {
        m_last = now;
        emit selectionChanged(now);
    }
}

void MultiSelectButton::fitList()
{
    // Every row's own height, up to 14 rows; more scroll.
    const int rows = qMin(m_list->count(), 14);
    int height = 0;
    for (int r = 0; r < rows; ++r)
        height += m_list->sizeHintForRow(r);
    if (rows == 0)
        height = m_list->fontMetrics().height();
    m_list->setFixedHeight(height + 2 * m_list->frameWidth() + 4);
}

void MultiSelectButton::setNothingText(const QString &text)
{
    m_nothingText = text;
    updateText();
}

void MultiSelectButton::updateText()
{
    QStringList labels;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->checkState() == Qt::Checked)
            labels << m_list->item(i)->text();
    }
    QString text =
        labels.isEmpty()
            ? (m_nothingText.isEmpty() ? tr("%1: all").arg(m_title)
                                       : QStringLiteral("%1: %2").arg(m_title, m_nothingText))
            : QStringLiteral("%1: %2").arg(m_title, labels.join(QStringLiteral(", ")));
    setToolTip(text);
    setText(fontMetrics().elidedText(text, Qt::ElideRight, 220));
}

} // namespace inbox
