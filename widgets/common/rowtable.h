#pragma once

class QTableView;

namespace inbox {

// The look the screens' lists share: whole rows selected, one line a row at the font's
// height plus a little air, striped, no row numbers.
void setUpRowTable(QTableView *view);

} // namespace inbox
