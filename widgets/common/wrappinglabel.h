#pragma once

#include <QString>

class QLabel;
class QWidget;

namespace inbox {

// A label for a sentence a person reads and may copy: wraps, selectable, named for tests.
QLabel *wrappingLabel(const QString &objectName, QWidget *parent);

} // namespace inbox
