#!/usr/bin/env bash
# The layers, as the folders show them: models/ is the data layer and includes no header of
# Qt Widgets, Qt Gui or Qt Charts and no header of widgets/; includes name their room
# ("db/querychannel.h"), so a breach shows in this grep.
#
#   tests/unit/check_layering.sh SOURCE_DIR
set -euo pipefail
root=$1
qt=$(pkg-config --variable=includedir Qt6Core)
gui_headers=$(for module in QtWidgets QtGui QtCharts; do ls "$qt/$module"; done | grep -v '\.h$' | sort -u)
status=0
while IFS=: read -r file line text; do
  header=$(sed -E 's/.*#include [<"]([^>"]+)[>"].*/\1/' <<<"$text")
  name=${header##*/}
  module=${header%%/*}
  if grep -qx "$name" <<<"$gui_headers" || [[ "$module" =~ ^Qt(Widgets|Gui|Charts)$ ]]; then
    echo "$file:$line: the data layer includes a GUI header: $header"
    status=1
  elif [[ "$text" == *'"'* ]] && [ -f "$root/widgets/$header" ] && [ ! -f "$root/models/$header" ]; then
    echo "$file:$line: the data layer includes a header of widgets/: $header"
    status=1
  fi
done < <(cd "$root" && grep -rnE '^#include [<"]' models --include='*.h' --include='*.cpp')
[ "$status" -eq 0 ] && echo "layering: models/ includes nothing of the GUI"
exit "$status"
