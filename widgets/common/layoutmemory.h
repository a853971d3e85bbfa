#pragma once

class QMainWindow;
class QTabWidget;

namespace inbox {

// Remembers how a person arranged the window between runs, in QSettings: its geometry, the
// screen shown, and on every screen each splitter and each table's columns (widths, order,
// hidden ones). Saved layouts of another program version are ignored (columns may differ).
namespace LayoutMemory {

void restore(QMainWindow *window, QTabWidget *screens);
void save(const QMainWindow *window, const QTabWidget *screens);
// Forgets everything saved: the next start has the built-in layout.
void reset();

} // namespace LayoutMemory

} // namespace inbox
