#include "common/wrappinglabel.h"

#include <QLabel>

namespace inbox {

QLabel *wrappingLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace inbox
