#pragma once

#include "db/serverinfo.h"

#include <QDialog>

namespace inbox {

// Help > About: the program's and the schema's versions, where it is connected, the Qt it
// runs on, and the licences of what it is built from. Texts are selectable, links open.
class AboutDialog final : public QDialog
{
    Q_OBJECT
public:
    // `server` is shown when `connected` (the session is open, even on another schema).
    AboutDialog(const ServerInfo &server, bool connected, QWidget *parent = nullptr);

    static QString aboutHtml(const ServerInfo &server, bool connected);
    static QString licencesHtml();
};

} // namespace inbox
